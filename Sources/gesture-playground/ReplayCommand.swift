import Playground

/// `gesture-playground replay`: plays a trace file on a scene without a compositor.
enum ReplayCommand {
  /// What `replay` accepts and what its `--help` says.
  static let spec = CommandSpec(
    name: "replay",
    abstract: "Play a trace file on a scene with no compositor and print the event log.",
    discussion: """
      The trace (JSON Lines, one seat event per line, see docs/FORMATS.md) goes through \
      the same input pipeline as a live session, on virtual time taken from the trace: \
      timers fire at their virtual time, keys act as in a live run (Esc cancels the \
      touches, R rebuilds the scene, Ctrl+Q skips the rest of the trace). The event log \
      ends with a `final` line. Exits with 1 when the scene or the trace is rejected \
      (nothing is played) and 4 when the log or the snapshot cannot be written.
      """,
    options: [
      OptionSpec(
        name: "scene", valueName: "NAME-or-PATH",
        help: "A bundled scene name (see `gesture-playground scenes`) or a path to a scene .json file.",
        isRequired: true),
      OptionSpec(
        name: "trace", valueName: "FILE",
        help: "The trace file to play (JSON Lines, e.g. from `run --record`).", isRequired: true),
      OptionSpec(
        name: "log", valueName: "FILE", help: "Write the event log to this file instead of standard output."),
      OptionSpec(
        name: "snapshot", valueName: "PNG",
        help: "Also write the final frame of the whole window as a PNG file."),
    ])

  /// Plays the trace; returns the exit status.
  static func run(_ values: [String: String]) -> Int32 {
    // parse() guarantees the required options.
    runReplay(
      scene: values["scene"] ?? "", tracePath: values["trace"] ?? "", logPath: values["log"],
      snapshotPath: values["snapshot"])
  }
}
