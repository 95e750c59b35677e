#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The lines of a trace file (or any JSON Lines file) read as a stream, 64 KiB at a time,
/// with their 1-based numbers: memory does not grow with the file, only with its longest
/// line, which may be at most `limit` bytes (for a trace `maximumLineLength`: a line of the
/// format is under 300; a longer one, or a file without line breaks such as `/dev/zero`, is
/// an error naming the line and the limit).
struct TraceLines {
  /// The longest line of a trace, in bytes (without its line break).
  static let maximumLineLength = 64 << 10

  private let fd: Int32
  private let file: String
  private let limit: Int
  private var buffer: [UInt8] = []
  /// Where the unread part of `buffer` starts.
  private var start = 0
  /// How far the unread part has been searched for a line break: each byte is looked at once
  /// however many chunks a line spans (searching from `start` at every chunk made a 64 MiB
  /// line take 20 s).
  private var searched = 0
  private var atEnd = false
  /// The number of the last line returned.
  private(set) var lineNumber = 0

  /// Lines of the open file `fd`, named `file` in errors (the caller closes it), of at most
  /// `limit` bytes.
  init(fd: Int32, file: String, limit: Int = TraceLines.maximumLineLength) {
    self.fd = fd
    self.file = file
    self.limit = limit
    buffer.reserveCapacity(2 * Self.chunk)
  }

  private static let chunk = 64 << 10

  /// The next line without its line break (nor a CR before it), or nil at the end.
  mutating func next() throws(TraceError) -> ArraySlice<UInt8>? {
    while true {
      if let newline = buffer[max(start, searched)...].firstIndex(of: 0x0A) {
        lineNumber += 1
        var line = buffer[start..<newline]
        start = newline + 1
        searched = start
        if line.count > limit { throw tooLong() }
        if line.last == 0x0D { line = line.dropLast() }
        return line
      }
      searched = buffer.count
      if buffer.count - start > limit {
        lineNumber += 1
        throw tooLong()
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        lineNumber += 1
        var line = buffer[start...]
        start = buffer.count
        if line.last == 0x0D { line = line.dropLast() }
        return line
      }
      try fill()
    }
  }

  /// Drops the lines already returned and appends the next chunk of the file.
  private mutating func fill() throws(TraceError) {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      searched -= start
      start = 0
    }
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: Self.chunk))
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, Self.chunk) }
      if count < 0, errno == EINTR { continue }
      if count < 0 {
        buffer.removeSubrange(old...)
        let reason = String(cString: strerror(errno))
        throw TraceError(file: file, location: .file, message: "cannot read the file: \(reason)")
      }
      buffer.removeSubrange((old + count)...)
      if count == 0 { atEnd = true }
      return
    }
  }

  private func tooLong() -> TraceError {
    TraceError(
      file: file, location: .line(lineNumber),
      message: "the line is longer than \(FileSystem.byteCount(limit)) (the limit"
        + (limit == Self.maximumLineLength ? " for a trace line)" : ")"))
  }
}
