import ArgumentParser
import Playground

/// `gesture-playground scenes`: lists the bundled scenes.
struct ScenesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scenes",
    abstract: "List the bundled scenes with their titles.",
    discussion: """
      One scene per line, in the order of the picker's tabs: the name to pass to \
      `run --scene`, then its title. A bundled file that is rejected is reported on \
      standard error and the exit code is 1.

      \(WindowKeys.help)
      """)

  /// Prints the list.
  func run() throws {
    let entries = SceneCatalog.ordered(SceneLibrary.bundledScenes())
    guard !entries.isEmpty else {
      printToStandardError(
        "gesture-playground: no bundled scenes found in: "
          + SceneLibrary.searchDirectories.joined(separator: ", "))
      throw ExitCode(ExitStatus.badInput.rawValue)
    }
    let width = entries.map(\.name.count).max() ?? 0
    var rejected = false
    var lines: [String] = []
    for entry in entries {
      do {
        let scene = try Scene(contentsOfFile: entry.path)
        lines.append(
          entry.name + String(repeating: " ", count: width - entry.name.count) + "  " + scene.title)
      } catch {
        printToStandardError(error.description)
        rejected = true
      }
    }
    let written = writeToStandardOutput(lines: lines, what: "the list")
    try finish(
      written != ExitStatus.ok.rawValue ? written : rejected ? ExitStatus.badInput.rawValue : written)
  }
}
