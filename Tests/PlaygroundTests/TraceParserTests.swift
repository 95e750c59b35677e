import GestureKit
import Testing

@testable import Playground

@Suite("Trace parser")
struct TraceParserTests {
  @Test("every type of the format parses into its seat event")
  func everyType() throws {
    let events = try parseTrace(
      """
      {"t": 0, "type": "touch.down", "id": 0, "x": 170, "y": 240.5}
      {"t": 0, "type": "touch.frame"}
      {"t": 0.008, "type": "touch.motion", "id": 0, "x": 172.5, "y": -3}
      {"t": 0.3, "type": "touch.up", "id": 0}
      {"t": 0.3, "type": "touch.cancel"}
      {"t": 1, "type": "pointer.enter", "x": 1, "y": 2}
      {"t": 1, "type": "pointer.motion", "x": 3, "y": 4}
      {"t": 1, "type": "pointer.button", "button": "left", "state": "pressed"}
      {"t": 1, "type": "pointer.button", "button": "right", "state": "released"}
      {"t": 1, "type": "pointer.button", "button": "middle", "state": "pressed"}
      {"t": 1, "type": "pointer.button", "button": 275, "state": "released"}
      {"t": 1, "type": "pointer.axis", "axis": "vertical", "value": 15}
      {"t": 1, "type": "pointer.axis", "axis": "horizontal", "value": -2.5, "source": "finger"}
      {"t": 1, "type": "pointer.axis", "axis": "vertical", "value": 30, "source": "wheel", "discrete": 2}
      {"t": 1, "type": "pointer.axis", "axis": "vertical", "value": 1, "source": "continuous"}
      {"t": 1, "type": "pointer.axis", "axis": "horizontal", "value": 1, "source": "wheel_tilt", "discrete": -1}
      {"t": 1, "type": "pointer.axis", "axis": "vertical", "value": 1.25, "source": "wheel", "discrete": 0, "value120": 15}
      {"t": 1, "type": "pointer.axis_stop", "axis": "vertical"}
      {"t": 1, "type": "pointer.frame"}
      {"t": 1, "type": "pointer.leave"}
      {"t": 2, "type": "key", "key": "Alt_L", "state": "pressed"}
      {"t": 2, "type": "key", "key": "Escape", "state": "released"}
      {"t": 2, "type": "key", "key": "eacute", "state": "pressed", "shifted": "2"}
      {"t": 2, "type": "key", "key": "Cyrillic_ve", "state": "pressed", "latin": "d"}
      {"t": 3, "type": "pinch.begin", "fingers": 2}
      {"t": 3, "type": "pinch.update", "dx": 1, "dy": -1, "scale": 1.5, "rotation": 10}
      {"t": 3, "type": "pinch.end", "cancelled": false}
      {"t": 4, "type": "swipe.begin", "fingers": 3}
      {"t": 4, "type": "swipe.update", "dx": 5, "dy": 0}
      {"t": 4, "type": "swipe.end", "cancelled": true}
      {"t": 5, "type": "hold.begin", "fingers": 1}
      {"t": 5, "type": "hold.end", "cancelled": false}
      {"t": 6, "type": "seat.touch_lost"}
      {"t": 6, "type": "seat.pointer_lost"}
      """)
    #expect(
      events == [
        Timed(0, .touchDown(id: 0, location: pt(170, 240.5))),
        Timed(0, .touchFrame),
        Timed(0.008, .touchMotion(id: 0, location: pt(172.5, -3))),
        Timed(0.3, .touchUp(id: 0)),
        Timed(0.3, .touchCancel),
        Timed(1, .pointerEnter(location: pt(1, 2))),
        Timed(1, .pointerMotion(location: pt(3, 4))),
        Timed(1, .pointerButton(button: SeatEvent.leftButton, pressed: true)),
        Timed(1, .pointerButton(button: SeatEvent.rightButton, pressed: false)),
        Timed(1, .pointerButton(button: SeatEvent.middleButton, pressed: true)),
        Timed(1, .pointerButton(button: 275, pressed: false)),
        Timed(1, .pointerAxis(axis: .vertical, value: 15, source: nil, discrete: nil)),
        Timed(1, .pointerAxis(axis: .horizontal, value: -2.5, source: .finger, discrete: nil)),
        Timed(1, .pointerAxis(axis: .vertical, value: 30, source: .wheel, discrete: 2)),
        Timed(1, .pointerAxis(axis: .vertical, value: 1, source: .continuous, discrete: nil)),
        Timed(1, .pointerAxis(axis: .horizontal, value: 1, source: .wheelTilt, discrete: -1)),
        Timed(1, .pointerAxis(axis: .vertical, value: 1.25, source: .wheel, discrete: 0, value120: 15)),
        Timed(1, .pointerAxisStop(axis: .vertical)),
        Timed(1, .pointerFrame),
        Timed(1, .pointerLeave),
        Timed(2, .key(name: "Alt_L", pressed: true)),
        Timed(2, .key(name: "Escape", pressed: false)),
        Timed(2, .key(name: "eacute", pressed: true, shifted: "2")),
        Timed(2, .key(name: "Cyrillic_ve", pressed: true, latin: "d")),
        Timed(3, .pinchBegin(fingers: 2)),
        Timed(3, .pinchUpdate(delta: pt(1, -1), scale: 1.5, rotation: 10)),
        Timed(3, .pinchEnd(cancelled: false)),
        Timed(4, .swipeBegin(fingers: 3)),
        Timed(4, .swipeUpdate(delta: pt(5, 0))),
        Timed(4, .swipeEnd(cancelled: true)),
        Timed(5, .holdBegin(fingers: 1)),
        Timed(5, .holdEnd(cancelled: false)),
        Timed(6, .touchCapabilityLost),
        Timed(6, .pointerCapabilityLost),
      ])
  }

  @Test("a trace without any touch.frame gets one after every touch change")
  func framesInserted() throws {
    let events = try parseTrace(
      """
      {"t": 0, "type": "touch.down", "id": 0, "x": 1, "y": 2}
      {"t": 0, "type": "touch.down", "id": 1, "x": 3, "y": 4}
      {"t": 0.1, "type": "key", "key": "a", "state": "pressed"}
      {"t": 0.2, "type": "touch.motion", "id": 0, "x": 5, "y": 6}
      {"t": 0.3, "type": "touch.up", "id": 0}
      {"t": 0.4, "type": "touch.cancel"}
      """)
    #expect(
      events == [
        Timed(0, .touchDown(id: 0, location: pt(1, 2))), Timed(0, .touchFrame),
        Timed(0, .touchDown(id: 1, location: pt(3, 4))), Timed(0, .touchFrame),
        Timed(0.1, .key(name: "a", pressed: true)),
        Timed(0.2, .touchMotion(id: 0, location: pt(5, 6))), Timed(0.2, .touchFrame),
        Timed(0.3, .touchUp(id: 0)), Timed(0.3, .touchFrame),
        Timed(0.4, .touchCancel),
      ])
  }

  @Test("a trace with one touch.frame keeps its grouping as written")
  func framesKept() throws {
    let events = try parseTrace(
      """
      {"t": 0, "type": "touch.down", "id": 0, "x": 1, "y": 2}
      {"t": 0, "type": "touch.down", "id": 1, "x": 3, "y": 4}
      {"t": 0, "type": "touch.frame"}
      {"t": 0.1, "type": "touch.up", "id": 0}
      """)
    #expect(
      events == [
        Timed(0, .touchDown(id: 0, location: pt(1, 2))), Timed(0, .touchDown(id: 1, location: pt(3, 4))),
        Timed(0, .touchFrame), Timed(0.1, .touchUp(id: 0)),
      ])
  }

  @Test("blank lines, CRLF line ends and a byte-order mark are accepted")
  func lineEnds() throws {
    let events = try parseTrace(
      "\u{FEFF}{\"t\": 0, \"type\": \"touch.frame\"}\r\n\r\n  \n{\"t\": 1, \"type\": \"pointer.frame\"}\r\n")
    #expect(events == [Timed(0, .touchFrame), Timed(1, .pointerFrame)])
  }

  @Test("an empty trace has no events")
  func empty() throws {
    #expect(try parseTrace("").isEmpty)
    #expect(try parseTrace("\n\n").isEmpty)
  }

  @Test("equal times are allowed, t never decreasing")
  func equalTimes() throws {
    let events = try parseTrace(
      """
      {"t": 0.35, "type": "touch.frame"}
      {"t": 0.35, "type": "touch.frame"}
      """)
    #expect(events.count == 2)
  }
}
