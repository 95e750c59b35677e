import Playground

/// `gesture-playground run`: opens a scene in a window.
enum RunCommand {
  /// What `run` accepts and what its `--help` says.
  static let spec = CommandSpec(
    name: "run",
    abstract: "Open a scene in a window on the Wayland compositor (the default command).",
    discussion: """
      Drag the views with a finger, the mouse or the touchpad. Esc cancels the touches \
      in progress, R rebuilds the scene, Ctrl+Q quits. Exits with 1 when the scene \
      file is rejected, 2 when no compositor can be reached, 3 when the connection to \
      it is lost and 4 when the log or the recording cannot be written.
      """,
    options: [
      OptionSpec(
        name: "scene", valueName: "NAME-or-PATH",
        help: "A bundled scene name (see `gesture-playground scenes`) or a path to a scene .json file.",
        defaultValue: SceneLibrary.defaultSceneName),
      OptionSpec(
        name: "log", valueName: "FILE",
        help: "Write the event log (JSON Lines: gestures, touch deliveries, final state) to this file."),
      OptionSpec(
        name: "record", valueName: "FILE",
        help: "Record the input as a trace file (JSON Lines) that `gesture-playground replay` accepts."),
    ])

  /// Loads the scene and runs the window until it closes; returns the exit status.
  static func run(_ values: [String: String]) -> Int32 {
    let loaded: Scene
    do {
      loaded = try SceneLibrary.load(values["scene"] ?? SceneLibrary.defaultSceneName)
    } catch {
      printToStandardError(error.description)
      return ExitStatus.badInput.rawValue
    }
    return runLive(scene: loaded, logPath: values["log"], recordPath: values["record"])
  }
}
