import CairoRenderer
import GestureKit

/// `gesture-playground replay`: loads `scene` (a bundled name or a path) and the trace at
/// `tracePath`, plays the trace (see ``Replay``), writes the event log with its `final` line
/// to `logPath` (standard output when nil) and, with `snapshotPath`, the final frame as a PNG
/// of the scene's size.
///
/// - Returns: the process exit status: 0 on success; 1 when the scene or the trace is
///   rejected (one line on standard error, nothing is played); 4 when the log or the
///   snapshot cannot be written.
public func runReplay(
  scene sceneArgument: String, tracePath: String, logPath: String?, snapshotPath: String?,
  timelinePath: String? = nil
) -> Int32 {
  let scene: Scene
  do {
    scene = try SceneLibrary.load(sceneArgument)
  } catch {
    printToStandardError(error.description)
    return ExitStatus.badInput.rawValue
  }
  let trace: TraceFile
  do {
    trace = try TraceFile.check(path: tracePath)
  } catch {
    printToStandardError(error.description)
    return ExitStatus.badInput.rawValue
  }

  // The snapshot is written last: find out now, before the log is printed, that it cannot be.
  for (path, what) in [(snapshotPath, "snapshot"), (timelinePath, "timeline")] {
    if let path, let reason = FileSystem.reasonNotWritable(path) {
      printToStandardError("gesture-playground: cannot write the \(what) \(path): \(reason)")
      return ExitStatus.systemError.rawValue
    }
  }
  // Only kept when it is drawn: it grows with the log.
  var timeline = timelinePath.map { _ in Timeline() }
  var logFile: LogFile?
  if let logPath {
    var reason = ""
    guard let file = LogFile(path: logPath, reason: &reason) else {
      printToStandardError("gesture-playground: cannot write the log \(logPath): \(reason)")
      return ExitStatus.systemError.rawValue
    }
    logFile = file
  }
  let log = EventLog { line in
    if let logFile { logFile.write(line) } else { print(line) }
    timeline?.add(logLine: line)
  }
  let replay = Replay(scene: scene, log: log)
  replay.translator.onWarning = { [unowned replay] message in
    let place = replay.traceLine.map { "\(trace.path):\($0)" } ?? trace.path
    printToStandardError("gesture-playground: \(place): \(message)")
  }
  do {
    try replay.play(trace)
  } catch {
    printToStandardError(error.description)
    return ExitStatus.badInput.rawValue
  }
  replay.finish()

  if let snapshotPath {
    let size = replay.window.size
    let image = Image(
      width: max(1, Int(size.width.rounded(.up))), height: max(1, Int(size.height.rounded(.up))))
    Renderer().render(
      replay.window, background: replay.session.scene.background, into: image.buffer, scale: 1)
    do {
      try image.writePNG(to: snapshotPath)
    } catch {
      printToStandardError("gesture-playground: \(error)")
      return ExitStatus.systemError.rawValue
    }
  }
  if let timelinePath, let timeline {
    let picture = TimelinePicture(timeline)
    do {
      if timelinePath.hasSuffix(".svg") {
        try FileSystem.writeFile(timelinePath, Array(picture.svg().utf8))
      } else {
        try picture.png().writePNG(to: timelinePath)
      }
    } catch {
      printToStandardError("gesture-playground: cannot write the timeline \(timelinePath): \(error)")
      return ExitStatus.systemError.rawValue
    }
  }
  return ExitStatus.ok.rawValue
}
