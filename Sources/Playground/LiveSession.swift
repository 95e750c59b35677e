import CairoRenderer
import GestureKit
import WaylandBackend

/// The Wayland app id: names the desktop file and groups the windows.
public let playgroundAppID = "org.gestureplayground.GesturePlayground"

/// Opens `scene` in a window on the user's Wayland desktop and runs until the window is
/// closed, Ctrl+Q is pressed, or SIGINT/SIGTERM arrives. With `logPath`, writes the event log
/// (docs/FORMATS.md) there, ending with the `final` line.
///
/// Keys: Esc cancels the gestures in flight (as a system cancel would), R rebuilds the scene,
/// Ctrl+Q quits.
///
/// - Returns: the process exit status: 0 after a normal close, 1 when the log cannot be
///   opened, otherwise the `WaylandError.exitCode` of what went wrong (2: no compositor,
///   3: connection lost).
public func runLive(scene: Scene, logPath: String?) -> Int32 {
  var logFile: LogFile?
  if let logPath {
    var reason = ""
    guard let file = LogFile(path: logPath, reason: &reason) else {
      printToStandardError("gesture-playground: cannot write the log \(logPath): \(reason)")
      return ExitStatus.badInput.rawValue
    }
    logFile = file
  }
  let log = logFile.map { file in EventLog { file.write($0) } }
  let clock = MonotonicClock()
  let window = Window(size: scene.size, clock: clock)
  window.observer = log
  // Not `log?.scene = scene.install(...)`: optional chaining would skip the install.
  let installed = scene.install(in: window)
  log?.scene = installed
  let renderer = Renderer()
  let app: WaylandApplication
  do {
    app = try WaylandApplication(
      title: "Gesture Playground: \(scene.title)", appID: playgroundAppID, window: window,
      clock: clock)
  } catch {
    printToStandardError("gesture-playground: \(error.description)")
    return error.exitCode
  }
  app.draw = { data, width, height, stride, scale in
    let buffer = PixelBuffer(data: data, width: width, height: height, stride: stride)
    renderer.render(window, background: scene.background, into: buffer, scale: Double(scale))
  }
  app.onKey = { [unowned app] key in
    guard key.isPressed else { return }
    let letter = key.name.lowercased()
    if letter == "q", key.modifiers.contains(.control) {
      app.quit()
    } else if key.name == "Escape" {
      window.cancelAllTouches(at: max(clock.now, window.currentTime))
    } else if letter == "r", key.modifiers.subtracting(.shift).isEmpty {
      window.cancelAllTouches(at: max(clock.now, window.currentTime))
      let reinstalled = scene.install(in: window)
      log?.scene = reinstalled
    }
  }
  defer { log?.writeFinal(window) }
  do {
    try app.run()
  } catch {
    printToStandardError("gesture-playground: \(error.description)")
    return error.exitCode
  }
  return ExitStatus.ok.rawValue
}
