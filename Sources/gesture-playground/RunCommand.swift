import ArgumentParser
import Playground

/// `gesture-playground run`: opens a scene in a window.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Open a scene in a window on the Wayland compositor (the default command).",
    discussion: """
      Drag the views with a finger, the mouse or the touchpad. Exits with 1 when the \
      scene file is rejected, 2 when no compositor can be reached, 3 when the connection \
      to it is lost and 4 when the log or the recording cannot be written.

      \(WindowKeys.help)
      """)

  @Argument(
    help: ArgumentHelp(
      "The scene to open, as --scene takes it: `gesture-playground photos` opens photos.",
      valueName: "NAME-or-PATH"))
  var sceneArgument: String?

  @Option(
    name: .customLong("scene"),
    help: ArgumentHelp(
      "A bundled scene name (see `gesture-playground scenes`) or a path to a scene .json file.",
      valueName: "NAME-or-PATH"))
  var sceneOption: String = SceneLibrary.defaultSceneName

  /// The scene to open: the one named without `--scene`, or `--scene`'s (`cards` by default).
  var scene: String { sceneArgument ?? sceneOption }

  @Option(
    help: ArgumentHelp(
      "Write the event log (JSON Lines: gestures, touch deliveries, final state) to this file.",
      valueName: "FILE"))
  var log: String?

  @Option(
    help: ArgumentHelp(
      "Record the input as a trace file (JSON Lines) that `gesture-playground replay` accepts.",
      valueName: "FILE"))
  var record: String?

  @Flag(
    help: ArgumentHelp(
      "Reload the scene whenever its file, or an image it names, is saved; a save that fails "
        + "to load keeps the last good scene and shows the error in the window."))
  var watch = false

  /// Rejects an option given twice, a scene named both with and without `--scene`, and an
  /// empty scene name (exit status 64).
  func validate() throws {
    try OptionChecks.rejectRepeats(of: ["scene", "log", "record", "watch"])
    if let sceneArgument, OptionChecks.isGiven("scene") {
      throw ValidationError(
        "the scene is named twice, as \(sceneArgument) and with --scene; name it once")
    }
    try OptionChecks.rejectEmpty(scene: scene, named: sceneArgument == nil ? "--scene" : "the scene's name")
  }

  /// Loads the scene and runs the window until it closes.
  func run() throws {
    warmUpFonts()
    if let status = refuseClashingOutputs([("--log", log), ("--record", record)], scene: scene, trace: nil) {
      try finish(status)
    }
    let loaded: Scene
    do {
      loaded = try SceneLibrary.load(scene)
    } catch {
      printToStandardError(error.description)
      throw ExitCode(ExitStatus.badInput.rawValue)
    }
    // A bundled scene's file is watched as well as a path given.
    let watchPath = watch ? (SceneLibrary.isPath(scene) ? scene : SceneLibrary.path(forName: scene)) : nil
    try finish(runLive(scene: loaded, logPath: log, recordPath: record, watchPath: watchPath))
  }
}
