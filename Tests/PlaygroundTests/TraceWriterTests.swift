import GestureKit
import Testing

@testable import Playground

/// One event of every kind, at times with at most three decimals.
private let everyEvent: [Timed] = [
  Timed(0, .touchDown(id: 0, location: pt(170, 240.5))),
  Timed(0, .touchFrame),
  Timed(0.008, .touchMotion(id: 0, location: pt(172.00390625, -3.1))),
  Timed(0.3, .touchUp(id: 0)),
  Timed(0.3, .touchCancel),
  Timed(1, .pointerEnter(location: pt(1, 2))),
  Timed(1, .pointerMotion(location: pt(3e-5, 4e7 / 1e2))),
  Timed(1, .pointerButton(button: SeatEvent.leftButton, pressed: true)),
  Timed(1, .pointerButton(button: SeatEvent.rightButton, pressed: false)),
  Timed(1, .pointerButton(button: SeatEvent.middleButton, pressed: true)),
  Timed(1, .pointerButton(button: 0x113, pressed: false)),
  Timed(1, .pointerAxis(axis: .vertical, value: 15, source: nil, discrete: nil)),
  Timed(1, .pointerAxis(axis: .horizontal, value: -2.5, source: .finger, discrete: nil)),
  Timed(1, .pointerAxis(axis: .vertical, value: 30, source: .wheel, discrete: 2)),
  Timed(1, .pointerAxis(axis: .vertical, value: 1, source: .continuous, discrete: nil)),
  Timed(1, .pointerAxis(axis: .horizontal, value: 1, source: .wheelTilt, discrete: -1)),
  Timed(1, .pointerAxis(axis: .vertical, value: 1.25, source: .wheel, discrete: 0, value120: 15)),
  Timed(1, .pointerAxisStop(axis: .horizontal)),
  Timed(1, .pointerFrame),
  Timed(1.5, .pointerLeave),
  Timed(2, .key(name: "Control_L", pressed: true)),
  Timed(2, .key(name: "XF86AudioPlay", pressed: false)),
  Timed(2, .key(name: "ampersand", pressed: true, shifted: "1")),
  Timed(2, .key(name: "Cyrillic_shorti", pressed: true, latin: "q")),
  Timed(3, .pinchBegin(fingers: 2)),
  Timed(3, .pinchUpdate(delta: pt(1, -1), scale: 1.5, rotation: -10.25)),
  Timed(3, .pinchEnd(cancelled: false)),
  Timed(4, .swipeBegin(fingers: 3)),
  Timed(4, .swipeUpdate(delta: pt(5, 0))),
  Timed(4, .swipeEnd(cancelled: true)),
  Timed(5, .holdBegin(fingers: 1)),
  Timed(5, .holdEnd(cancelled: false)),
  Timed(6, .touchCapabilityLost),
  Timed(6, .pointerCapabilityLost),
]

@Suite("Trace writer")
struct TraceWriterTests {
  /// The lines a writer produces for `events`.
  private func written(_ events: [Timed]) -> [String] {
    var lines: [String] = []
    let writer = TraceWriter { lines.append($0) }
    for entry in events { writer.record(entry.event, at: entry.t) }
    return lines
  }

  @Test("every event written and parsed again is the same event at the same time")
  func roundTrip() throws {
    let text = written(everyEvent).joined(separator: "\n") + "\n"
    #expect(try parseTrace(text) == everyEvent)
  }

  @Test("a key name is written as a JSON string, escaped (a parser then rejects what is no key)")
  func keyNameEscaped() {
    #expect(
      written([Timed(0, .key(name: "quote\"back\\slash", pressed: true))]) == [
        #"{"t":0.000,"type":"key","key":"quote\"back\\slash","state":"pressed"}"#
      ])
  }

  @Test("lines are compact JSON with t first, three decimals, and names for buttons")
  func lineFormat() {
    #expect(
      written([
        Timed(10, .touchDown(id: 0, location: pt(170, 240))),
        Timed(10.3, .pointerButton(button: SeatEvent.leftButton, pressed: true)),
        Timed(10.3125, .pointerButton(button: 0x113, pressed: false)),
        Timed(11, .key(name: "Escape", pressed: true)),
      ]) == [
        #"{"t":0.000,"type":"touch.down","id":0,"x":170.0,"y":240.0}"#,
        #"{"t":0.300,"type":"pointer.button","button":"left","state":"pressed"}"#,
        #"{"t":0.313,"type":"pointer.button","button":275,"state":"released"}"#,
        #"{"t":1.000,"type":"key","key":"Escape","state":"pressed"}"#,
      ])
  }

  @Test("times are relative to the first event and never decrease")
  func times() {
    let lines = written([
      Timed(500.25, .touchFrame), Timed(500.2, .touchFrame), Timed(500.5, .touchFrame),
      Timed(500.4, .touchFrame),
    ])
    #expect(
      lines.map { String($0.prefix(11)) } == [
        #"{"t":0.000,"#, #"{"t":0.000,"#, #"{"t":0.250,"#, #"{"t":0.250,"#,
      ])
  }

  @Test("events with non-finite or absurd numbers are skipped")
  func unwritable() {
    #expect(
      written([
        Timed(0, .touchDown(id: 0, location: pt(.nan, 0))),
        Timed(0, .pointerMotion(location: pt(2e6, 0))),
        Timed(0, .pointerAxis(axis: .vertical, value: .infinity, source: nil, discrete: nil)),
        Timed(0, .pinchUpdate(delta: pt(0, 0), scale: .nan, rotation: 0)),
        Timed(.infinity, .touchFrame),
      ]).isEmpty)
  }

  @Test("a scene reload is a scene.reload line at its time; one before any event comes with the first")
  func sceneReload() throws {
    var lines: [String] = []
    let writer = TraceWriter { lines.append($0) }
    writer.recordWindowSize(Size(width: 400, height: 388), at: 2)
    writer.recordSceneReload(at: 3)
    #expect(lines.isEmpty, "nothing before the first event: \(lines)")
    writer.record(.touchFrame, at: 4)
    writer.recordSceneReload(at: 4.5)
    writer.recordSceneReload(at: .nan)
    #expect(
      lines == [
        #"{"t":0.000,"type":"window.size","width":400,"height":388}"#,
        #"{"t":0.000,"type":"scene.reload"}"#,
        #"{"t":0.000,"type":"touch.frame"}"#,
        #"{"t":0.500,"type":"scene.reload"}"#,
      ])
    let trace = try Trace(jsonLines: lines.joined(separator: "\n"), fileName: "reload.jsonl")
    #expect(
      trace.events.map(\.event) == [
        .windowSize(Size(width: 400, height: 388)), .sceneReload, .seat(.touchFrame), .sceneReload,
      ])
    #expect(trace.events.map(\.time) == [0, 0, 0, 0.5])
  }

  @Test("three-decimal times are padded and rounded")
  func fixed() {
    #expect(TraceWriter.fixed(0.3) == "0.300")
    #expect(TraceWriter.fixed(0.35) == "0.350")
    #expect(TraceWriter.fixed(12) == "12.000")
    #expect(TraceWriter.fixed(1.0005) == "1.001")
    #expect(TraceWriter.fixed(-0.25) == "-0.250")
    #expect(TraceWriter.fixed(-0.0001) == "0.000")
    #expect(TraceWriter.fixed(1e20) == "1e+20")
  }
}
