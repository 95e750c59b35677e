import Foundation
import GestureKit
import Testing

@testable import Playground

/// The folder of the replay fixtures: `cards.scene.json` (two 100x100 cards with drag pans,
/// "red" centred at (90, 90) below "blue" centred at (250, 150), in a 400x300 window), and
/// per case a `NAME.trace.jsonl` with the expected event log `NAME.log.jsonl`.
private func fixture(_ name: String) throws -> String {
  guard let folder = Bundle.module.path(forResource: "Fixtures", ofType: nil) else {
    throw TraceTestFailure("the Fixtures folder is not in the test bundle")
  }
  return folder + "/" + name
}

/// The whole event log of replaying `NAME.trace.jsonl` on the fixture scene.
private func replayLog(_ name: String) throws -> [String] {
  let scene = try Scene(contentsOfFile: try fixture("cards.scene.json"))
  let trace = try Trace(contentsOfFile: try fixture(name + ".trace.jsonl"))
  var lines: [String] = []
  let replay = Replay(scene: scene, log: EventLog { lines.append($0) })
  replay.play(trace)
  replay.finish()
  return lines
}

@Suite("Replay")
struct ReplayTests {
  /// Each case: the trace replays to exactly its expected log.
  @Test(
    "a trace replays to its expected event log",
    arguments: [
      // One finger drags red by (32, 10); it began after 10 px and ends where the finger lifts.
      "touch-drag",
      // A drag of blue cancelled by touch.cancel: the pan is cancelled and blue returns.
      "touch-cancel",
      // The left button drags red as the emulated touch -1.
      "mouse-drag",
      // A touch on the background reaches only the root view: no gesture lines.
      "background-touch",
      // Esc mid-drag cancels the pan (red returns); the finger's later events are ignored.
      "escape-cancels-drag",
      // R mid-drag cancels the pan and rebuilds the scene: original geometry and order.
      "rebuild-during-drag",
      // Ctrl+Q after a drag skips the rest of the trace (blue is never touched).
      "control-q-stops",
    ])
  func fixtures(name: String) throws {
    #expect(try replayLog(name) == readLines(try fixture(name + ".log.jsonl")))
  }

  @Test("a trace without frames replays like the same trace with a frame after every line")
  func framesInserted() throws {
    #expect(try replayLog("touch-drag-without-frames") == readLines(try fixture("touch-drag.log.jsonl")))
  }

  @Test("the clock reaches each event's time before the event, so timers fire between events")
  func timersFireAtVirtualTime() throws {
    let scene = try Scene(contentsOfFile: try fixture("cards.scene.json"))
    let trace = try Trace(contentsOfFile: try fixture("touch-drag.trace.jsonl"))
    var lines: [String] = []
    let replay = Replay(scene: scene, log: EventLog { lines.append($0) })
    var firings: [(now: Double, linesBefore: Int)] = []
    for deadline in [0.015, 0.02, 0.045] {
      _ = replay.clock.schedule(at: deadline) { firings.append((replay.clock.now, lines.count)) }
    }
    replay.play(trace)
    // 0.015 fires after the 0.01 event's line; 0.02 fires before the 0.02 event (3 lines); 0.045
    // after the 0.04 change (6 lines).
    #expect(firings.map(\.now) == [0.015, 0.02, 0.045])
    #expect(firings.map(\.linesBefore) == [2, 2, 6])
    #expect(replay.clock.now == 0.05)
  }

  @Test("an empty trace logs only the final line at time zero")
  func emptyTrace() throws {
    let scene = try Scene(contentsOfFile: try fixture("cards.scene.json"))
    var lines: [String] = []
    let replay = Replay(scene: scene, log: EventLog { lines.append($0) })
    replay.play(try Trace(jsonLines: "", fileName: "empty.jsonl"))
    replay.finish()
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix(#"{"t":0.0,"type":"final","#) == true)
  }

  @Test("touches still buffered at the end of the trace are delivered")
  func flushAtEnd() throws {
    let scene = try Scene(contentsOfFile: try fixture("cards.scene.json"))
    var lines: [String] = []
    let replay = Replay(scene: scene, log: EventLog { lines.append($0) })
    let trace = try Trace(
      jsonLines: """
        {"t": 0, "type": "touch.down", "id": 0, "x": 250, "y": 150}
        {"t": 0, "type": "touch.frame"}
        {"t": 0.1, "type": "touch.motion", "id": 0, "x": 251, "y": 150}
        """, fileName: "open.jsonl")
    replay.play(trace)
    #expect(
      lines == [
        #"{"t":0.0,"type":"touches","view":"blue","phase":"began","ids":[0]}"#,
        #"{"t":0.1,"type":"touches","view":"blue","phase":"moved","ids":[0]}"#,
      ])
    #expect(!replay.isStopped)
  }
}
