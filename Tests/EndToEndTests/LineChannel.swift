import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Lines to and from a coprocess over two pipes, with bounded waits.
///
/// Reads `poll` the descriptor until a whole line arrives or the deadline
/// passes, so a test never blocks forever on a silent child.
final class LineChannel {
  private let input: Pipe
  private let output: Pipe
  private var pending: [UInt8] = []
  private var reachedEnd = false

  /// Why `readLine` returned no line.
  enum ReadFailure: Error {
    /// The other side closed its output.
    case endOfFile
    /// No complete line before the deadline.
    case timedOut
  }

  /// A channel writing to `input` (the child's standard input) and reading
  /// `output` (its standard output).
  init(input: Pipe, output: Pipe) {
    self.input = input
    self.output = output
    _ = LineChannel.ignoreBrokenPipes
  }

  /// Writing to a child that died must fail with EPIPE, not kill the tests.
  private static let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()

  /// Writes `lines`, each followed by a newline, in one go.
  func write(lines: [String]) throws {
    let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    let fd = input.fileHandleForWriting.fileDescriptor
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw HarnessError("cannot write to the driver: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  /// The next line without its newline; throws `ReadFailure`.
  func readLine(deadline: Deadline) throws -> String {
    let fd = output.fileHandleForReading.fileDescriptor
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
      }
      if reachedEnd { throw ReadFailure.endOfFile }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, deadline.remainingMilliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        throw HarnessError("cannot poll the driver's output: \(String(cString: strerror(errno)))")
      }
      if ready == 0 {
        if deadline.hasPassed { throw ReadFailure.timedOut }
        continue
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw HarnessError("cannot read the driver's output: \(String(cString: strerror(errno)))")
      }
      if count == 0 {
        reachedEnd = true
      } else {
        pending.append(contentsOf: chunk[..<count])
      }
    }
  }
}
