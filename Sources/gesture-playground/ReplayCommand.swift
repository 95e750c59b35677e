import ArgumentParser
import Playground

/// `gesture-playground replay`: plays a trace file on a scene without a compositor.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Play a trace file on a scene with no compositor and print the event log.",
    discussion: """
      The trace (JSON Lines, one seat event per line, see docs/FORMATS.md) goes through \
      the same input pipeline as a live session, on virtual time taken from the trace: \
      timers fire at their virtual time, and keys act as in a live run (Ctrl+Q skips the \
      rest of the trace). The event log ends with a `final` line. Exits with 1 when the \
      scene or the trace is rejected (nothing is played) and 4 when the log or the \
      snapshot cannot be written.

      \(WindowKeys.help)
      """)

  @Option(
    help: ArgumentHelp(
      "A bundled scene name (see `gesture-playground scenes`) or a path to a scene .json file.",
      valueName: "NAME-or-PATH"))
  var scene: String

  @Option(
    help: ArgumentHelp("The trace file to play (JSON Lines, e.g. from `run --record`).", valueName: "FILE"))
  var trace: String

  @Option(
    help: ArgumentHelp("Write the event log to this file instead of standard output.", valueName: "FILE"))
  var log: String?

  @Option(
    help: ArgumentHelp("Also write the final frame of the whole window as a PNG file.", valueName: "PNG"))
  var snapshot: String?

  @Option(
    help: ArgumentHelp(
      "Also draw the event log over time into this file, PNG or SVG by its extension: a lane per "
        + "touch with its deliveries, a lane per recognizer with its states and actions.",
      valueName: "FILE"))
  var timeline: String?

  /// Rejects an option given twice, an empty scene name and a timeline that is neither PNG nor
  /// SVG (exit status 64).
  func validate() throws {
    try OptionChecks.rejectRepeats(of: ["scene", "trace", "log", "snapshot", "timeline"])
    try OptionChecks.rejectEmpty(scene: scene)
    if let timeline, !timeline.hasSuffix(".png"), !timeline.hasSuffix(".svg") {
      throw ValidationError("--timeline \(timeline): the file must end in .png or .svg")
    }
  }

  /// Plays the trace.
  func run() throws {
    try finish(
      runReplay(scene: scene, tracePath: trace, logPath: log, snapshotPath: snapshot, timelinePath: timeline))
  }
}
