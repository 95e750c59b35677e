#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One case of `gesture-playground check`: a scene, a trace, and the event log replaying the
/// one on the other must write.
public struct CheckCase: Equatable, Sendable {
  /// The case's name, as its lines print it.
  public var name: String
  /// The scene: a path to a scene file, or a bundled scene's name.
  public var scene: String
  /// The trace file.
  public var trace: String
  /// The expected event log.
  public var log: String

  /// A case of `name`, replaying `trace` on `scene` against `log`.
  public init(name: String, scene: String, trace: String, log: String) {
    self.name = name
    self.scene = scene
    self.trace = trace
    self.log = log
  }
}

/// What one case came to.
public enum CheckOutcome: Equatable, Sendable {
  /// The replay wrote the expected log, `lines` long.
  case matched(lines: Int)
  /// `--update` wrote the log, `lines` long.
  case updated(lines: Int)
  /// The first line where the replay and the expected log part: each side's text there, nil
  /// for a side that had ended.
  case differs(line: Int, expected: String?, actual: String?)
  /// There is no expected log.
  case missingLog
  /// The scene, the trace or the log was rejected, or a file could not be written: the
  /// one-line error.
  case failed(String)

  /// Whether the case passes.
  public var passed: Bool {
    switch self {
    case .matched, .updated: true
    case .differs, .missingLog, .failed: false
    }
  }

  /// The case's line of output.
  public func line(for checkCase: CheckCase) -> String {
    let name = checkCase.name.escapedForOneLine(limit: 200)
    switch self {
    case .matched(let lines): return "ok \(name) (\(lines) lines)"
    case .updated(let lines): return "updated \(name) (\(lines) lines)"
    case .differs(let line, let expected, let actual):
      func side(_ text: String?) -> String { text.map { $0.escapedForOneLine(limit: 400) } ?? "(the end)" }
      return "FAIL \(name): line \(line) differs: expected \(side(expected)) but got \(side(actual))"
    case .missingLog:
      return "FAIL \(name): no expected log \(FileSystem.shown(checkCase.log)) (`check --update` writes it)"
    case .failed(let message): return "FAIL \(name): \(message)"
    }
  }
}

/// `gesture-playground check`: replays cases and compares their event logs with the expected
/// ones, or writes those (`update`). Each replay streams its trace and compares its log line
/// by line as it is written, so memory does not grow with either.
public enum SceneCheck {
  /// The longest line of an expected log read (a `final` line lists every view).
  static let maximumLogLine = 64 << 20

  /// The cases of `directory`: every `NAME.scene.json` with a `NAME.trace.jsonl` next to it,
  /// by name; their logs are `NAME.log.jsonl`. Nil when the folder cannot be read.
  public static func cases(in directory: String) -> [CheckCase]? {
    var ignored = 0
    return cases(in: directory, notUTF8: &ignored)
  }

  /// ``cases(in:)``, counting in `notUTF8` the file names left out for not being UTF-8.
  static func cases(in directory: String, notUTF8: inout Int) -> [CheckCase]? {
    guard let names = FileSystem.contentsOfDirectory(directory, notUTF8: &notUTF8) else { return nil }
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    return names.filter { $0.hasSuffix(".scene.json") }.sorted().compactMap { file in
      let name = String(file.dropLast(".scene.json".count))
      guard names.contains(name + ".trace.jsonl") else { return nil }
      return CheckCase(
        name: name, scene: folder + file, trace: folder + name + ".trace.jsonl",
        log: folder + name + ".log.jsonl")
    }
  }

  /// Replays `checkCase` and compares its log with the expected one, or with `update` writes
  /// it (through a temporary file, renamed over the old log only once complete).
  public static func run(_ checkCase: CheckCase, update: Bool) -> CheckOutcome {
    // A case is files: a FIFO among them would be waited on, and the trace is read twice.
    for path in [checkCase.scene, checkCase.trace, checkCase.log] {
      if let kind = FileSystem.unreadableKind(path: path) {
        return .failed(
          "\(FileSystem.shown(path)): it is \(kind), not a regular file (a case is made of files)")
      }
    }
    let scene: Scene
    let trace: TraceFile
    do {
      scene = try SceneLibrary.load(checkCase.scene)
      trace = try TraceFile.check(path: checkCase.trace)
    } catch {
      return .failed("\(error)")
    }
    return update
      ? write(checkCase, scene: scene, trace: trace) : compare(checkCase, scene: scene, trace: trace)
  }

  /// Replays the case, comparing each line of its log with the expected one's.
  private static func compare(_ checkCase: CheckCase, scene: Scene, trace: TraceFile) -> CheckOutcome {
    let fd = open(checkCase.log, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return .missingLog }
      return .failed(
        "\(FileSystem.shown(checkCase.log)): cannot read the file: \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var expected = TraceLines(fd: fd, file: checkCase.log, limit: maximumLogLine)
    var written = 0
    var outcome: CheckOutcome?
    let replay = Replay(
      scene: scene,
      log: EventLog { line in
        guard outcome == nil else { return }
        written += 1
        do {
          let want = try expected.next().map { String(decoding: $0, as: UTF8.self) }
          if want != line { outcome = .differs(line: written, expected: want, actual: line) }
        } catch {
          outcome = .failed("\(error)")
        }
      })
    do {
      try replay.play(trace)
    } catch {
      return .failed("\(error)")
    }
    replay.finish()
    if let outcome { return outcome }
    do {
      if let extra = try expected.next() {
        return .differs(line: written + 1, expected: String(decoding: extra, as: UTF8.self), actual: nil)
      }
    } catch {
      return .failed("\(error)")
    }
    return .matched(lines: written)
  }

  /// Replays the case into its log file, through a temporary file renamed over the old log
  /// only once complete (``OutputFile``): a failed write leaves the old log as it was.
  private static func write(_ checkCase: CheckCase, scene: Scene, trace: TraceFile) -> CheckOutcome {
    let file: OutputFile
    do {
      file = try OutputFile(path: checkCase.log)
    } catch {
      return .failed("cannot write \(FileSystem.shown(checkCase.log)): \(OutputFile.reason(error))")
    }
    var written = 0
    weak var playing: Replay?
    let replay = Replay(
      scene: scene,
      log: EventLog { line in
        file.write(line: line)
        written += 1
        if file.failure != nil { playing?.stop() }
      })
    playing = replay
    do {
      try replay.play(trace)
    } catch {
      file.discard()
      return .failed("\(error)")
    }
    replay.finish()
    do {
      try file.commit()
    } catch {
      return .failed(
        "cannot write \(FileSystem.shown(checkCase.log)): \(OutputFile.reason(error)) (the old log is kept)")
    }
    return .updated(lines: written)
  }
}

/// `gesture-playground check DIR [--update]`: one line per case on standard output; 0 when
/// every case matches (or was written), 1 otherwise, or when DIR has no case or cannot be read.
public func runCheck(directory: String, update: Bool) -> Int32 {
  var notUTF8 = 0
  guard let cases = SceneCheck.cases(in: directory, notUTF8: &notUTF8) else {
    printToStandardError(
      "gesture-playground: cannot read the folder \(FileSystem.shown(directory)): \(String(cString: strerror(errno)))"
    )
    return ExitStatus.badInput.rawValue
  }
  guard !cases.isEmpty else {
    printToStandardError(
      "gesture-playground: \(FileSystem.shown(directory)): no cases (a NAME.scene.json with a NAME.trace.jsonl next to it)"
    )
    return ExitStatus.badInput.rawValue
  }
  let output = OutputFile(standardOutputFlushingLines: true)
  // Names no Swift string can hold are not checked, and the run does not pass.
  var passed = notUTF8 == 0
  if notUTF8 > 0 {
    printToStandardError(
      "gesture-playground: \(FileSystem.shown(directory)): \(notUTF8) file name(s) are not UTF-8 text and were "
        + "left out; rename them")
  }
  for checkCase in cases {
    let outcome = SceneCheck.run(checkCase, update: update)
    output.write(line: outcome.line(for: checkCase))
    passed = passed && outcome.passed
    if output.failure != nil { break }
  }
  let status = output.commitStatus(writing: "the results")
  guard status == ExitStatus.ok.rawValue else { return status }
  return passed ? ExitStatus.ok.rawValue : ExitStatus.badInput.rawValue
}
