import ArgumentParser

/// Checks of a command line that swift-argument-parser leaves to the command: an option
/// given twice (the parser keeps the last, silently) and an empty scene name.
enum OptionChecks {
  /// Throws a usage error (exit status 64) when one of `names` (without the dashes) is given
  /// more than once in `arguments`, as `--name VALUE` or `--name=VALUE`, before any `--`.
  static func rejectRepeats(of names: [String], in arguments: [String] = CommandLine.arguments)
    throws(ValidationError)
  {
    let given = arguments.dropFirst().prefix { $0 != "--" }
    for name in names {
      let count = given.filter { $0 == "--\(name)" || $0.hasPrefix("--\(name)=") }.count
      if count > 1 {
        throw ValidationError("--\(name) was given \(count) times; give it once")
      }
    }
  }

  /// Whether option `name` (without the dashes) is in `arguments`, as `--name VALUE` or
  /// `--name=VALUE`, before any `--`.
  static func isGiven(_ name: String, in arguments: [String] = CommandLine.arguments) -> Bool {
    arguments.dropFirst().prefix { $0 != "--" }.contains { $0 == "--\(name)" || $0.hasPrefix("--\(name)=") }
  }

  /// Throws a usage error when `scene` is empty; `named` says how it was given.
  static func rejectEmpty(scene: String, named: String = "--scene") throws(ValidationError) {
    if scene.isEmpty {
      throw ValidationError(
        "\(named) is empty: give a bundled scene's name (`gesture-playground scenes` lists them) or a path to a .json file"
      )
    }
  }
}
