import GestureKit
import Testing

@testable import Playground

/// A one-card scene: "card" frame [0,0,100,100] (center 50,50) with a drag pan "card-pan".
private let oneCard = """
  {"name": "log", "size": [400, 300], "views": [
    {"id": "card", "frame": [0, 0, 100, 100], "gestures": [
      {"id": "card-pan", "kind": "pan", "behavior": "drag"}]}]}
  """

@Suite("Event log")
struct EventLogTests {
  /// Installs `oneCard` with an event log collecting its lines.
  private func logged() throws -> (SceneHarness, EventLog, () -> [String]) {
    let harness = try SceneHarness(oneCard)
    var lines: [String] = []
    let log = EventLog { lines.append($0) }
    log.scene = harness.installed
    harness.window.observer = log
    return (harness, log, { lines })
  }

  @Test("a drag logs the touch deliveries, the pan's transitions and the final geometry")
  func dragTranscript() throws {
    let (h, log, lines) = try logged()
    h.send(at: 0.0, .down(0, at: pt(50, 50)))
    h.send(at: 0.01, .motion(0, to: pt(56, 50)))
    h.send(at: 0.02, .motion(0, to: pt(62, 50)))
    h.send(at: 0.03, .up(0))
    log.writeFinal(h.window)
    // The view sees began and one move below the 10 px threshold; when the pan begins the
    // view's touch is cancelled (after the began line, before the action).
    #expect(
      lines() == [
        #"{"t":0.0,"type":"touches","view":"card","phase":"began","ids":[0]}"#,
        #"{"t":0.01,"type":"touches","view":"card","phase":"moved","ids":[0]}"#,
        #"{"t":0.02,"type":"gesture","gesture":"card-pan","kind":"pan","view":"card","state":"began","location":[62.0,50.0],"touches":1,"translation":[12.0,0.0],"velocity":[600.0,0.0]}"#,
        #"{"t":0.02,"type":"touches","view":"card","phase":"cancelled","ids":[0]}"#,
        #"{"t":0.03,"type":"gesture","gesture":"card-pan","kind":"pan","view":"card","state":"ended","location":[62.0,50.0],"touches":0,"translation":[12.0,0.0],"velocity":[600.0,0.0]}"#,
        #"{"t":0.03,"type":"final","views":[{"id":"card","center":[62.0,50.0],"scale":1.0,"rotation":0.0,"z":0}]}"#,
      ])
  }

  @Test("numbers have at most three decimals and non-finite values never reach the log")
  func numbers() {
    #expect(EventLog.number(0.12345) == "0.123")
    #expect(EventLog.number(-0.0001) == "0.0")
    #expect(EventLog.number(.nan) == "0.0")
    #expect(EventLog.number(.infinity) == "0.0")
    #expect(EventLog.number(262.5) == "262.5")
  }

  @Test("strings are escaped as JSON")
  func strings() {
    #expect(EventLog.string("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
  }
}
