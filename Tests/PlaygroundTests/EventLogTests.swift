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
    // Past a thousandth's precision the number is written as it is: never `inf`, which is
    // not JSON (1.8e305 * 1000 overflows).
    #expect(EventLog.number(1e9) == "1000000000.0")
    for value in [1.8e305, -1.8e305, 1.7e308, 9e12] {
      let text = EventLog.number(value)
      #expect(Double(text) == value && !text.contains("inf"), "\(text)")
    }
  }

  @Test("strings are escaped as JSON")
  func strings() {
    #expect(EventLog.string("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
  }
}

/// A pinch+rotation view `photo` (center 150, 150), a tap `button` and a swipe `card`.
private let kinds = """
  {"name": "kinds", "size": [600, 400], "views": [
    {"id": "photo", "frame": [100, 100, 100, 100], "gestures": [
      {"id": "pinch", "kind": "pinch", "simultaneousWith": ["turn"]}, {"id": "turn", "kind": "rotation"}]},
    {"id": "button", "frame": [300, 0, 100, 100], "gestures": [{"id": "tap", "kind": "tap", "taps": 2}]},
    {"id": "card", "frame": [300, 200, 100, 100], "gestures": [
      {"id": "swipe", "kind": "swipe", "direction": ["left", "up"]}]}]}
  """

@Suite("Event log kind-specific keys")
struct EventLogKindTests {
  /// The `gesture` lines of the log of `kinds` driven by `drive`.
  private func gestureLines(_ drive: (SceneHarness) -> Void) throws -> [String] {
    let h = try SceneHarness(kinds)
    var lines: [String] = []
    let log = EventLog { lines.append($0) }
    log.scene = h.installed
    h.window.observer = log
    drive(h)
    return lines.filter { $0.contains(#""type":"gesture""#) }
  }

  /// Two fingers 60 px apart spread to 100 px and turn a quarter in 20 ms: scale 5/3 at
  /// 2000 px/s / 60 px = 33.3 per second, rotation pi/2 at 78.5 rad/s.
  @Test("pinch lines carry scale and velocity, rotation lines rotation and velocity")
  func pinchAndRotation() throws {
    let lines = try gestureLines { h in
      h.send(at: 0.0, .down(0, at: pt(120, 150)), .down(1, at: pt(180, 150)))
      h.send(at: 0.02, .motion(0, to: pt(150, 100)), .motion(1, to: pt(150, 200)))
      h.send(at: 0.04, .up(0), .up(1))
    }
    #expect(
      lines == [
        #"{"t":0.02,"type":"gesture","gesture":"pinch","kind":"pinch","view":"photo","state":"began","location":[150.0,150.0],"touches":2,"scale":1.667,"velocity":33.333}"#,
        #"{"t":0.02,"type":"gesture","gesture":"turn","kind":"rotation","view":"photo","state":"began","location":[150.0,150.0],"touches":2,"rotation":1.571,"velocity":78.54}"#,
        #"{"t":0.04,"type":"gesture","gesture":"pinch","kind":"pinch","view":"photo","state":"ended","location":[150.0,150.0],"touches":0,"scale":1.667,"velocity":33.333}"#,
        #"{"t":0.04,"type":"gesture","gesture":"turn","kind":"rotation","view":"photo","state":"ended","location":[150.0,150.0],"touches":0,"rotation":1.571,"velocity":78.54}"#,
      ])
  }

  @Test("tap lines carry the taps, swipe lines the direction it went")
  func tapAndSwipe() throws {
    let lines = try gestureLines { h in
      h.send(at: 0.0, .down(0, at: pt(350, 50)))
      h.send(at: 0.05, .up(0))
      h.send(at: 0.1, .down(0, at: pt(350, 50)))
      h.send(at: 0.15, .up(0))
      h.send(at: 1.0, .down(1, at: pt(350, 250)))
      h.send(at: 1.05, .motion(1, to: pt(345, 190)))
      h.send(at: 1.1, .up(1))
      h.send(at: 2.0, .down(2, at: pt(350, 250)))
      h.send(at: 2.05, .up(2))
    }
    #expect(
      lines == [
        #"{"t":0.15,"type":"gesture","gesture":"tap","kind":"tap","view":"button","state":"recognized","location":[350.0,50.0],"touches":0,"taps":2}"#,
        #"{"t":1.05,"type":"gesture","gesture":"swipe","kind":"swipe","view":"card","state":"recognized","location":[350.0,250.0],"touches":1,"direction":"up"}"#,
        #"{"t":2.05,"type":"gesture","gesture":"swipe","kind":"swipe","view":"card","state":"failed","location":[350.0,250.0],"touches":0,"direction":"left,up"}"#,
      ])
  }
}
