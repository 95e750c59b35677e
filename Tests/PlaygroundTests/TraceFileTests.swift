import Foundation
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// A trace file replayed as a stream (TraceFile.swift): the same events as the whole file
/// loaded at once, checked in full before anything plays, lines over the limit refused with
/// their number, a pipe held whole, and a file that grows after the check played as checked.
@Suite("Trace file streaming")
struct TraceFileTests {
  /// The fixtures folder.
  static func fixtures() throws -> String {
    try #require(Bundle.module.path(forResource: "Fixtures", ofType: nil))
  }

  /// The events `file` plays, in order.
  static func events(of file: TraceFile) throws -> [(time: Double, event: TraceEvent)] {
    var events: [(time: Double, event: TraceEvent)] = []
    try file.forEachEvent { time, event in
      events.append((time, event))
      return true
    }
    return events
  }

  @Test(
    "streaming gives the events of the whole file loaded at once, frames inserted in a trace without any",
    arguments: [
      "touch-drag", "touch-drag-without-frames", "mouse-drag", "scenes/scroll-drag", "input-paths/wheel",
    ])
  func sameEvents(name: String) throws {
    let path = try Self.fixtures() + "/\(name).trace.jsonl"
    let whole = try Trace(contentsOfFile: path)
    let file = try TraceFile.check(path: path)
    let streamed = try Self.events(of: file)
    #expect(streamed.count == whole.events.count)
    #expect(zip(streamed, whole.events).allSatisfy { $0.time == $1.time && $0.event == $1.event })
    #expect(file.endTime == whole.endTime)
  }

  @Test("a bad last line is reported by the check, before anything plays")
  func checkedBeforePlaying() throws {
    let path = temporaryDirectory() + "/bad-end.jsonl"
    let good = #"{"t": 0, "type": "touch.down", "id": 0, "x": 10, "y": 10}"# + "\n"
    try (String(repeating: good, count: 3) + #"{"t": 1, "type": "touch.dwn"}"# + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect {
      _ = try TraceFile.check(path: path)
    } throws: { error in
      (error as? TraceError)?.location == .line(4)
    }
  }

  @Test("a line over 64 KiB, or a file with no line breaks at all, is refused with its line number")
  func longLines() throws {
    let path = temporaryDirectory() + "/long-line.jsonl"
    let line = #"{"t": 0, "type": "touch.frame"}"# + "\n"
    try (line + String(repeating: " ", count: 70_000) + line).write(
      toFile: path, atomically: true, encoding: .utf8)
    let expected = TraceError(
      file: path, location: .line(2), message: "the line is longer than 64 KiB (the limit for a trace line)")
    #expect(throws: expected) { try TraceFile.check(path: path) }
    #expect(throws: TraceError(file: "/dev/zero", location: .line(1), message: expected.message)) {
      try TraceFile.check(path: "/dev/zero")
    }
  }

  @Test("a trace from a pipe is held whole and plays the same")
  func pipe() throws {
    let source = try Self.fixtures() + "/touch-drag.trace.jsonl"
    let text = try String(contentsOfFile: source, encoding: .utf8)
    let pipe = Pipe()
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(text.utf8))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    let file = try TraceFile.check(path: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)")
    let streamed = try Self.events(of: file)
    let whole = try Trace(contentsOfFile: source)
    #expect(zip(streamed, whole.events).allSatisfy { $0.time == $1.time && $0.event == $1.event })
    #expect(streamed.count == whole.events.count)
  }

  @Test("a dropped input is reported in one human line, with the trace line it came from")
  func droppedInputLine() throws {
    let path = temporaryDirectory() + "/dropped.jsonl"
    try """
    {"t": 0, "type": "pinch.begin", "fingers": 2}

    {"t": 0.01, "type": "pinch.update", "dx": 0, "dy": 0, "scale": 0, "rotation": 1e200}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let replay = Replay(scene: try SceneLibrary.load("photos"), log: nil)
    var warnings: [String] = []
    // Unowned: the replay owns the translator that keeps this closure.
    replay.translator.onWarning = { [unowned replay] in warnings.append("\(replay.traceLine ?? 0): \($0)") }
    try replay.play(try TraceFile.check(path: path))
    #expect(
      warnings == [
        "3: dropped a touchpad pinch update (scale 0, rotation 1e+200°): scale and rotation must be finite "
          + "and within ±1000000"
      ])
    #expect(replay.traceLine == nil, "no line once the file is played")
  }

  @Test("lines added after the check are not played")
  func growingFile() throws {
    let path = temporaryDirectory() + "/growing.jsonl"
    let frame = #"{"t": 0, "type": "touch.frame"}"# + "\n"
    try String(repeating: frame, count: 2).write(toFile: path, atomically: false, encoding: .utf8)
    let file = try TraceFile.check(path: path)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data((frame + "garbage\n").utf8))
    try handle.close()
    #expect(try Self.events(of: file).count == 2)
  }
}
