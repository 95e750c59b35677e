import ArgumentParser
import Playground

/// `gesture-playground check`: replays a folder of cases and compares their event logs.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Replay every case of a folder and compare its event log with the expected one.",
    discussion: """
      A case is a NAME.scene.json with a NAME.trace.jsonl next to it; its expected log is \
      NAME.log.jsonl. Each case is replayed as `replay` would (no compositor, virtual \
      time) and its log compared line by line. One line per case: `ok NAME (N lines)`, \
      or `FAIL NAME: ...` with the first line where the two differ, each side quoted. \
      Exits with 0 when every case matches and 1 otherwise (or when the folder has no \
      case). With --update, writes each case's log instead (`updated NAME`).

      To make a case of a session: `gesture-playground run --scene my.scene.json \
      --record my.trace.jsonl`, use the window, close it; then `gesture-playground check \
      DIR --update` once, and `gesture-playground check DIR` in your CI.
      """)

  @Argument(help: ArgumentHelp("The folder of cases.", valueName: "DIR"))
  var directory: String

  @Flag(help: "Write each case's expected log (NAME.log.jsonl) from its replay instead of comparing.")
  var update = false

  /// Rejects an option given twice (exit status 64).
  func validate() throws {
    try OptionChecks.rejectRepeats(of: ["update"])
  }

  /// Checks the folder.
  func run() throws {
    try finish(runCheck(directory: directory, update: update))
  }
}
