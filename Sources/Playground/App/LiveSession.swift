import CairoRenderer
import GestureKit
import WaylandBackend

/// The Wayland app id: names the desktop file and groups the windows.
public let playgroundAppID = "org.gestureplayground.GesturePlayground"

/// How many dropped input events a live session reports on standard error.
let maximumInputWarnings = 5

/// Starts loading the fonts the window's text uses on a thread of their own
/// (`FontWarmUp`): call it first thing in a live run, before the scene is read, so that the
/// first frame does not wait for fontconfig's set-up.
public func warmUpFonts() {
  FontWarmUp.start()
}

/// Opens `scene` in a window on the user's Wayland desktop and runs until the window is
/// closed, Ctrl+Q is pressed, or SIGINT/SIGTERM arrives. With `logPath`, writes the event log
/// (docs/FORMATS.md) there, ending with the `final` line; with `recordPath`, writes every seat
/// event as a trace file that `replay` accepts (see ``TraceWriter``), flushed line by line.
///
/// Keys act as in a replay (``KeyCommand``): Esc cancels the gestures in flight (as a system
/// cancel would), R rebuilds the scene, Ctrl+Q quits, Tab / Shift+Tab and 1 ... 9, 0 pick
/// another scene (as the tabs below the scene do; the window title follows), D shows or
/// hides the debug overlay, F11 toggles fullscreen. The window is the scene's size plus the picker's strip
/// (``ChromeLayout``). Held, Tab and Shift+Tab repeat at the desktop's key repeat rate; a
/// recording holds the repeats as further presses, so it replays the same.
///
/// - Returns: the process exit status: 0 after a normal close, 4 when the log or the
///   recording cannot be opened or written (the run goes on after a failed write, and the
///   file keeps what it had), otherwise the `WaylandError.exitCode` of what went wrong
///   (2: no compositor, 3: connection lost).
///
/// With `watchPath` (`run --watch`), the scene file there and the images it names are watched
/// (``SceneWatcher``): each save rebuilds the scene (``SceneSession/replaceScene(with:at:)``);
/// a save that fails to load keeps the last good scene and shows its one-line error in a
/// banner, and on standard error, until the next good save.
public func runLive(scene: Scene, logPath: String?, recordPath: String? = nil, watchPath: String? = nil)
  -> Int32
{
  // Both are written through a temporary file beside them (`.NAME.PID.part`, followed
  // there line by line) and renamed over their names when the run ends (OutputFile).
  var files: [String: OutputFile] = [:]
  for (path, what) in [(logPath, "the log"), (recordPath, "the recording")] {
    guard let path else { continue }
    do {
      files[what] = try OutputFile(path: path, flushesLines: true)
    } catch {
      printToStandardError(
        "gesture-playground: cannot write \(what) \(FileSystem.shown(path)): \(OutputFile.reason(error))")
      return ExitStatus.systemError.rawValue
    }
  }
  let outputs = LiveOutputs(files: files)
  let log = files["the log"].map { file in EventLog { outputs.write($0, to: file, "the log") } }
  let recorder = files["the recording"].map { file in
    TraceWriter { outputs.write($0, to: file, "the recording") }
  }
  let clock = MonotonicClock()
  let window = Window(size: scene.size, clock: clock)
  let session = SceneSession(scene: scene, window: window, log: log)
  let app: WaylandApplication
  do {
    app = try WaylandApplication(
      title: "Gesture Playground: \(scene.title)", appID: playgroundAppID, window: window,
      clock: clock, minimumSize: ChromeLayout.minimumWindowSize)
  } catch {
    printToStandardError("gesture-playground: \(error.description)")
    return error.exitCode
  }
  let drawing = SceneDrawing(window: window) { SceneSurround.color(around: session.scene.background) }
  app.drawing = drawing
  app.cursorForPointer = { location in PointerCursor.kind(in: window, at: location) }
  app.cursorForTool = { tool, location in PointerCursor.kind(in: window, at: location, tool: tool) }
  app.onSeatEvent = { event, time in
    recorder?.record(event, at: time)
    // The overlay follows every touch, even one that changes nothing else (what the event
    // changes is refreshed by the deliveries it causes, or damaged when the overlay draws).
    // A finger's or a pen's events wait in the translator for their frame, so the window
    // has not changed before the frame's: one refresh there (each lays the labels out).
    if session.isOverlayVisible, !event.waitsForFrame { session.overlay.refresh() }
  }
  app.onKey = { key in session.handle(key) }
  session.translator = app.translator
  // Input dropped at the edge (a non-finite or absurd coordinate from the compositor): one
  // line each on standard error, the first few only, so a broken device cannot flood it.
  var droppedInput = 0
  app.translator.onWarning = { message in
    droppedInput += 1
    guard droppedInput <= maximumInputWarnings else { return }
    printToStandardError("gesture-playground: \(message)")
    if droppedInput == maximumInputWarnings {
      printToStandardError("gesture-playground: further dropped input is not reported")
    }
  }
  app.repeatsKey = { name in KeyCommand.repeats(keyNamed: name) }
  session.onQuit = { [unowned app] in app.quit() }
  session.onToggleFullscreen = { [unowned app] in app.toggleFullscreen() }
  session.onPreferredSize = { [unowned app] size in app.requestSize(size) }
  session.onWindowResize = { size in recorder?.recordWindowSize(size, at: clock.now) }
  recorder?.recordWindowSize(window.size, at: clock.now)
  session.onSceneChange = { [unowned app] scene in app.setTitle("Gesture Playground: \(scene.title)") }
  session.onError = { message in printToStandardError(message) }
  if let watchPath {
    var reason = ""
    guard let watcher = SceneWatcher(reason: &reason) else {
      printToStandardError("gesture-playground: cannot watch \(watchPath): \(reason)")
      return ExitStatus.systemError.rawValue
    }
    // Kept by the app's event loop, which waits on the watcher.
    // A recording notes each reload, so that its replay rebuilds the scene there too.
    SceneReloader(
      path: watchPath, watcher: watcher, session: session, clock: clock,
      onReload: { recorder?.recordSceneReload(at: $0) }
    ).start(in: app)
  }
  var status = ExitStatus.ok.rawValue
  do {
    try app.run()
  } catch {
    printToStandardError("gesture-playground: \(error.description)")
    status = error.exitCode
  }
  log?.writeFinal(window)
  return outputs.commit()
    ? status : (status == ExitStatus.ok.rawValue ? ExitStatus.systemError.rawValue : status)
}

/// A live run's output files: a write that fails is said once on standard error when it
/// happens (the run goes on, the output keeps its old contents), and again by ``commit()``'s
/// status.
final class LiveOutputs {
  private let files: [String: OutputFile]
  private var reported: Set<String> = []

  init(files: [String: OutputFile]) {
    self.files = files
  }

  /// Writes `line` to `file`, saying on standard error the first time it fails.
  func write(_ line: String, to file: OutputFile, _ what: String) {
    file.write(line: line)
    guard let failure = file.failure, !reported.contains(what) else { return }
    reported.insert(what)
    if let message = file.message(for: failure, writing: what) {
      printToStandardError(
        message
          + (file.writesInPlace ? " (the run goes on)" : " (the run goes on; the file keeps what it had)"))
    }
  }

  /// Finishes every output (renamed over its name when complete); false when one failed,
  /// said on standard error unless it was already.
  func commit() -> Bool {
    var succeeded = true
    for (what, file) in files.sorted(by: { $0.key < $1.key }) {
      do {
        try file.commit()
      } catch {
        succeeded = false
        guard !reported.contains(what), let message = file.message(for: error, writing: what) else {
          continue
        }
        printToStandardError(message)
      }
    }
    return succeeded
  }
}

extension SeatEvent {
  /// Whether the translator keeps the event until its frame (a finger's or a tablet tool's
  /// down, motion, up and axes), so that the window is as it was until then.
  fileprivate var waitsForFrame: Bool {
    switch self {
    case .touchDown, .touchMotion, .touchUp, .tabletDown, .tabletUp, .tabletMotion, .tabletPressure,
      .tabletDistance, .tabletTilt, .tabletRotation, .tabletButton:
      true
    default: false
    }
  }
}
