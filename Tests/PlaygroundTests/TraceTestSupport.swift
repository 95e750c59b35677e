import GestureKit

@testable import Playground

#if canImport(Glibc)
  import Glibc
#endif

/// One trace event with its time, comparable in expectations.
struct Timed: Equatable, CustomStringConvertible {
  var t: Double
  var event: SeatEvent

  init(_ t: Double, _ event: SeatEvent) {
    self.t = t
    self.event = event
  }

  var description: String { "\(t) \(event)" }
}

/// The events of `text` parsed as the trace file `drag.jsonl`.
func parseTrace(_ text: String) throws(TraceError) -> [Timed] {
  try Trace(jsonLines: text, fileName: "drag.jsonl").events.compactMap { entry in
    guard case .seat(let event) = entry.event else { return nil }
    return Timed(entry.time, event)
  }
}

/// The one-line error for `text` as `drag.jsonl`, or nil when it parses.
func traceError(_ text: String) -> String? {
  do {
    _ = try Trace(jsonLines: text, fileName: "drag.jsonl")
    return nil
  } catch {
    return error.description
  }
}

/// Writes `bytes` to a new file at `path`.
func writeFile(_ path: String, _ bytes: [UInt8]) throws {
  guard let file = fopen(path, "w") else { throw TraceTestFailure("cannot create \(path)") }
  defer { fclose(file) }
  _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
}

/// Writes `text` to a new file at `path`.
func writeFile(_ path: String, _ text: String) throws {
  try writeFile(path, Array(text.utf8))
}

/// The lines of the text file at `path`, without the final newline.
func readLines(_ path: String) throws -> [String] {
  let text = String(decoding: try FileSystem.readFile(path), as: UTF8.self)
  return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(
    text.hasSuffix("\n") ? 1 : 0)
}

/// A failure of the test plumbing itself.
struct TraceTestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
