import CairoRenderer
import GestureKit

/// `gesture-playground replay`: loads `scene` (a bundled name or a path) and the trace at
/// `tracePath`, plays the trace (see ``Replay``), writes the event log with its `final` line
/// to `logPath` (standard output when nil) and, with `snapshotPath`, the final frame as a PNG
/// of the scene's size.
///
/// Every output file is written complete or not at all (``OutputFile``), and none may be an
/// input or another output.
///
/// - Returns: the process exit status: 0 on success; 1 when the scene or the trace is
///   rejected (one line on standard error, nothing is played); 4 when the log, the snapshot
///   or the timeline cannot be written (the replay stops at the log's first failed write);
///   64 when an output names an input or another output (nothing is read);
///   ``ExitStatus/closedPipe`` when standard output is a pipe whose reader went away.
public func runReplay(
  scene sceneArgument: String, tracePath: String, logPath: String?, snapshotPath: String?,
  timelinePath: String? = nil
) -> Int32 {
  let options: [(option: String, path: String?, what: String)] = [
    ("--log", logPath, "the log"), ("--snapshot", snapshotPath, "the snapshot"),
    ("--timeline", timelinePath, "the timeline"),
  ]
  let named = options.map { (option: $0.option, path: $0.path) }
  if let status = refuseClashingOutputs(named, scene: sceneArgument, trace: tracePath) { return status }
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

  // Every output is opened before the replay, so that one that cannot be written is found
  // before anything is played.
  var files: [String: OutputFile] = [:]
  for (option, path, what) in options {
    guard let path else { continue }
    do {
      files[option] = try OutputFile(path: path)
    } catch {
      printToStandardError(
        "gesture-playground: cannot write \(what) \(FileSystem.shown(path)): \(OutputFile.reason(error))")
      return ExitStatus.systemError.rawValue
    }
  }
  let logFile = files["--log"] ?? OutputFile(standardOutputFlushingLines: false)
  // Only kept when it is drawn: it grows with the log.
  var timeline = timelinePath.map { _ in Timeline() }
  weak var playing: Replay?
  let log = EventLog { line in
    logFile.write(line: line)
    if logFile.failure != nil { playing?.stop() }
    timeline?.add(logLine: line)
  }
  // Each touch's lane runs from the finger's down to its lift, whatever its view was told.
  if timeline != nil {
    log.onInput = { timeline?.add(input: $0, of: $1, at: $2) }
  }
  let replay = Replay(scene: scene, log: log)
  playing = replay
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
  let logStatus = logFile.commitStatus(writing: "the log")
  guard logStatus == ExitStatus.ok.rawValue else { return logStatus }

  if let file = files["--snapshot"] {
    let size = replay.window.size
    let width = max(1, Int(size.width.rounded(.up)))
    let height = max(1, Int(size.height.rounded(.up)))
    if let limit = PictureLimit.refusal(width: width, height: height) {
      printToStandardError(
        "gesture-playground: cannot write the snapshot \(FileSystem.shown(file.name)): \(limit)")
      return ExitStatus.systemError.rawValue
    }
    let image = Image(width: width, height: height)
    Renderer().render(
      replay.window, background: SceneSurround.color(around: replay.session.scene.background),
      into: image.buffer, scale: 1)
    guard write(file, "the snapshot", { try image.pngData() }) else { return ExitStatus.systemError.rawValue }
  }
  if let file = files["--timeline"], let timeline {
    let picture = TimelinePicture(timeline)
    let svg = file.name.hasSuffix(".svg")
    guard write(file, "the timeline", { svg ? Array(picture.svg().utf8) : try picture.png().pngData() })
    else {
      return ExitStatus.systemError.rawValue
    }
  }
  return ExitStatus.ok.rawValue
}

/// Writes the bytes `make` returns to `file` and commits it; false, with the one-line error
/// on standard error, when that fails.
private func write(_ file: OutputFile, _ what: String, _ make: () throws -> [UInt8]) -> Bool {
  do {
    file.write(try make())
    try file.commit()
    return true
  } catch let failure as OutputFile.Failure {
    printToStandardError(
      file.message(for: failure, writing: what) ?? "gesture-playground: cannot write \(what)")
  } catch {
    file.discard()
    printToStandardError("gesture-playground: cannot write \(what) \(FileSystem.shown(file.name)): \(error)")
  }
  return false
}
