import ArgumentParser

/// Checks of a command line that swift-argument-parser leaves to the command: an option
/// given twice (the parser keeps the last, silently) and an empty scene name.
enum OptionChecks {
  /// Throws a usage error (exit status 64) when one of `names` (without the dashes) is given
  /// more than once in `arguments`, as `--name VALUE` or `--name=VALUE`, before any `--`.
  static func rejectRepeats(of names: [String], in arguments: [String] = CommandLine.arguments)
    throws(ValidationError)
  {
    for name in names {
      let count = count(of: name, in: arguments)
      if count > 1 {
        throw ValidationError("--\(name) was given \(count) times; give it once")
      }
    }
  }

  /// Whether option `name` (without the dashes) is in `arguments`, as `--name VALUE` or
  /// `--name=VALUE`, before any `--`.
  static func isGiven(_ name: String, in arguments: [String] = CommandLine.arguments) -> Bool {
    count(of: name, in: arguments) > 0
  }

  /// How many times option `name` is in `arguments` (the program's name first), as `--name
  /// VALUE` or `--name=VALUE`, before any `--`.
  private static func count(of name: String, in arguments: [String]) -> Int {
    arguments.dropFirst().prefix { $0 != "--" }.filter { $0 == "--\(name)" || $0.hasPrefix("--\(name)=") }
      .count
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
