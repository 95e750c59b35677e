#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A trace file replayed as a stream (docs/FORMATS.md, "Limits"): memory does not grow with
/// its length.
///
/// ``check(path:)`` reads the whole file once, checking every line (so a bad line is reported
/// before anything is played, and nothing half-checked is used) and noting what the replay
/// must know in advance: whether the trace has a `touch.frame` (one is inserted after every
/// touch change of a trace with none) and a `window.size`. ``forEachEvent(_:)`` then reads it
/// again, event by event, up to the lines checked. A trace that cannot be read twice (a pipe,
/// a device) is held whole instead, up to `maximumHeldSize`: an endless one is refused.
public struct TraceFile {
  /// The most bytes of a trace that cannot be read twice that are held.
  public static let maximumHeldSize = 256 << 20

  /// The file as named in errors.
  public let path: String
  /// Whether the trace has a `window.size` line.
  public private(set) var hasWindowSize = false
  /// The time of the last event, or nil when there is none.
  public private(set) var endTime: Double?
  /// Whether the trace has a `touch.frame`.
  private var hasTouchFrame = false
  /// The lines checked (a file that grows afterwards is played up to them).
  private var lineCount = 0
  /// The whole trace, when the file cannot be read twice, with the line of each event (the
  /// frames a trace without any gets are inserted as it is played).
  private var held: [(line: Int, time: Double, event: TraceEvent)]?

  /// Reads and checks the trace file at `path`.
  ///
  /// - Throws: ``TraceError`` for an unreadable file, a line over the length limit, a pipe
  ///   over `maximumHeldSize`, or the first line that breaks a rule of the format.
  public static func check(path: String) throws(TraceError) -> TraceFile {
    var file = TraceFile(path: path)
    let fd = try file.openFile()
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      try file.hold(fd)
      return file
    }
    var lines = TraceLines(fd: fd, file: path)
    var parser = TraceParser(file: path)
    while let line = try lines.next() {
      guard let (time, event) = try parser.parse(line: line, number: lines.lineNumber) else { continue }
      file.note(time: time, event: event)
    }
    file.lineCount = lines.lineNumber
    return file
  }

  private init(path: String) {
    self.path = path
  }

  /// Calls `body` with every event in order, with a `touch.frame` after every touch change
  /// when the trace has none, until it returns false.
  ///
  /// - Throws: ``TraceError`` when the file can no longer be read, or changed since it was
  ///   checked so that a line checked no longer passes.
  public func forEachEvent(_ body: (Double, TraceEvent) -> Bool) throws(TraceError) {
    try forEachNumberedEvent { _, time, event in body(time, event) }
  }

  /// ``forEachEvent(_:)`` with the line each event is on (an inserted `touch.frame`: the
  /// line of the touch change before it).
  public func forEachNumberedEvent(_ body: (_ line: Int, Double, TraceEvent) -> Bool) throws(TraceError) {
    // Each event, then the frame a trace without any gets after a touch change.
    func play(_ line: Int, _ time: Double, _ event: TraceEvent) -> Bool {
      guard body(line, time, event) else { return false }
      guard !hasTouchFrame, case .seat(let seat) = event, TraceEventType(seat).isTouchChange else {
        return true
      }
      return body(line, time, .seat(.touchFrame))
    }
    if let held {
      for (line, time, event) in held where !play(line, time, event) { return }
      return
    }
    let fd = try openFile()
    defer { close(fd) }
    var lines = TraceLines(fd: fd, file: path)
    var parser = TraceParser(file: path)
    while lines.lineNumber < lineCount, let line = try lines.next() {
      let number = lines.lineNumber
      guard let (time, event) = try parser.parse(line: line, number: number) else { continue }
      guard play(number, time, event) else { return }
    }
  }

  /// Opens the file for reading.
  private func openFile() throws(TraceError) -> Int32 {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw TraceError(
        file: path, location: .file, message: "cannot read the file: \(String(cString: strerror(errno)))")
    }
    return fd
  }

  /// Notes what the replay must know of an event checked.
  private mutating func note(time: Double, event: TraceEvent) {
    endTime = time
    switch event {
    case .seat(.touchFrame): hasTouchFrame = true
    case .windowSize: hasWindowSize = true
    default: break
    }
  }

  /// Reads the whole of `fd` (a pipe or a device), up to `maximumHeldSize`.
  private mutating func hold(_ fd: Int32) throws(TraceError) {
    var lines = TraceLines(fd: fd, file: path)
    var parser = TraceParser(file: path)
    var events: [(line: Int, time: Double, event: TraceEvent)] = []
    var size = 0
    while let line = try lines.next() {
      size += line.count + 1
      guard size <= Self.maximumHeldSize else {
        throw TraceError(
          file: path, location: .line(lines.lineNumber),
          message:
            "a trace that cannot be read twice (a pipe) is held whole, and this one is longer than "
            + "\(FileSystem.byteCount(Self.maximumHeldSize)) (the limit); write it to a file to replay it")
      }
      guard let entry = try parser.parse(line: line, number: lines.lineNumber) else { continue }
      events.append((lines.lineNumber, entry.time, entry.event))
      note(time: entry.time, event: entry.event)
    }
    held = events
  }
}
