import Playground

/// `gesture-playground scenes`: lists the bundled scenes.
enum ScenesCommand {
  /// What `scenes` accepts and what its `--help` says.
  static let spec = CommandSpec(
    name: "scenes",
    abstract: "List the bundled scenes with their titles.",
    discussion: """
      One scene per line, in the order of the picker's tabs: the name to pass to \
      `run --scene`, then its title. A bundled \
      file that is rejected is reported on standard error and the exit code is 1.
      """,
    options: [])

  /// Prints the list; returns the exit status.
  static func run(_ values: [String: String]) -> Int32 {
    let entries = SceneCatalog.ordered(SceneLibrary.bundledScenes())
    guard !entries.isEmpty else {
      printToStandardError(
        "gesture-playground: no bundled scenes found in: "
          + SceneLibrary.searchDirectories.joined(separator: ", "))
      return ExitStatus.badInput.rawValue
    }
    let width = entries.map(\.name.count).max() ?? 0
    var rejected = false
    for entry in entries {
      do {
        let scene = try Scene(contentsOfFile: entry.path)
        print(entry.name + String(repeating: " ", count: width - entry.name.count) + "  " + scene.title)
      } catch {
        printToStandardError(error.description)
        rejected = true
      }
    }
    return rejected ? ExitStatus.badInput.rawValue : ExitStatus.ok.rawValue
  }
}
