import GestureKit
import TestSupport
import Testing

@testable import Playground

/// `{"t": 0, "type": "touch.frame"}`: a valid first line, so errors land on line 2.
private let frameLine = #"{"t": 0, "type": "touch.frame"}"#

/// Every type name, as the unknown-type error lists them.
private let typeList =
  "touch.down, touch.motion, touch.up, touch.frame, touch.cancel, pointer.enter, pointer.leave, "
  + "pointer.motion, pointer.button, pointer.axis, pointer.axis_stop, pointer.frame, key, pinch.begin, "
  + "pinch.update, pinch.end, swipe.begin, swipe.update, swipe.end, hold.begin, hold.end, "
  + "tablet.proximity_in, tablet.proximity_out, tablet.down, tablet.up, tablet.motion, tablet.pressure, "
  + "tablet.distance, tablet.tilt, tablet.rotation, tablet.button, tablet.frame, tablet.removed, "
  + "seat.touch_lost, seat.pointer_lost, window.size, scene.reload"

@Suite("Trace parser errors")
struct TraceParserErrorTests {
  /// The error for `line` as the second line of a trace.
  private func secondLine(_ line: String) -> String? {
    traceError(frameLine + "\n" + line)
  }

  @Test("t going backwards names the line and both times")
  func backwards() {
    #expect(
      traceError(
        """
        {"t": 0.35, "type": "touch.frame"}
        {"t": 0.3, "type": "touch.frame"}
        """) == #"drag.jsonl:2: "t" went backwards (0.300 after 0.350)"#)
  }

  @Test("t is at most a billion seconds, so nothing derived from it is infinite")
  func timeBound() {
    for value in ["8e9", "1e15", "1e300", "1.7e308"] {
      #expect(
        secondLine(#"{"t": \#(value), "type": "touch.frame"}"#)
          == #"drag.jsonl:2: "t": expected at most 1000000000 seconds (about 31 years), got \#(SceneFieldReader.format(Double(value)!))"#,
        "\(value)")
    }
    #expect(secondLine(#"{"t": 1e9, "type": "touch.frame"}"#) == nil)
  }

  @Test("an unknown type lists every type")
  func unknownType() {
    #expect(
      secondLine(#"{"t": 0, "type": "touch.dwn"}"#)
        == #"drag.jsonl:2: unknown type "touch.dwn" (expected one of \#(typeList))"#)
  }

  @Test("JSON syntax errors give line and column")
  func syntax() {
    #expect(
      secondLine(#"{"t": 0, "type": "touch.frame",}"#) == "drag.jsonl:2:32: trailing comma before '}'")
    #expect(
      secondLine(#"{"t": 0 "type": "touch.frame"}"#)
        == "drag.jsonl:2:9: expected ',' or '}' after an object member, found '\"'")
    #expect(
      secondLine(#"{"t": 0, "type": "touch.frame"} x"#)
        == "drag.jsonl:2:33: unexpected 'x' after the JSON value")
  }

  @Test("NaN and numbers that overflow to infinity are rejected")
  func nonFinite() {
    #expect(
      secondLine(#"{"t": 0, "type": "touch.down", "id": 0, "x": NaN, "y": 0}"#)
        == "drag.jsonl:2:46: NaN is not allowed: JSON numbers must be finite")
    #expect(
      secondLine(#"{"t": 0, "type": "touch.down", "id": 0, "x": 1e999, "y": 0}"#)
        == "drag.jsonl:2:46: number 1e999 is out of range (not a finite Double)")
    #expect(
      secondLine(#"{"t": -Infinity, "type": "touch.frame"}"#)
        == "drag.jsonl:2:7: -Infinity is not allowed: JSON numbers must be finite")
  }

  @Test("a line that is not an object is rejected")
  func notAnObject() {
    #expect(secondLine("[1, 2]") == "drag.jsonl:2: expected a JSON object (one event per line), got an array")
  }

  @Test("type must be there and be a string")
  func typeKey() {
    #expect(secondLine(#"{"t": 0}"#) == #"drag.jsonl:2: missing required key "type""#)
    #expect(secondLine(#"{"t": 0, "type": 3}"#) == #"drag.jsonl:2: "type": expected a string, got a number"#)
  }

  @Test("unknown keys are rejected with a suggestion when one is close")
  func unknownKeys() {
    #expect(
      secondLine(#"{"t": 0, "type": "touch.down", "id": 0, "x": 1, "yy": 2}"#)
        == #"drag.jsonl:2: unknown key "yy", did you mean "y"? (touch.down takes t, type, id, x, y)"#)
    #expect(
      secondLine(#"{"t": 0, "type": "touch.frame", "pressure": 0.5}"#)
        == #"drag.jsonl:2: unknown key "pressure" (touch.frame takes t, type)"#)
  }

  @Test("missing keys are named with the keys the type takes")
  func missingKeys() {
    #expect(
      secondLine(#"{"t": 0, "type": "touch.down", "id": 0, "x": 1}"#)
        == #"drag.jsonl:2: missing required key "y" (touch.down takes t, type, id, x, y)"#)
    #expect(
      secondLine(#"{"type": "touch.frame"}"#)
        == #"drag.jsonl:2: missing required key "t" (touch.frame takes t, type)"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pointer.axis", "value": 1}"#)
        == #"drag.jsonl:2: missing required key "axis" (pointer.axis takes t, type, axis, value, source, discrete, value120)"#
    )
    #expect(
      secondLine(#"{"t": 0, "type": "pinch.end"}"#)
        == #"drag.jsonl:2: missing required key "cancelled" (pinch.end takes t, type, cancelled)"#)
  }

  @Test("values of the wrong type name the key and what was expected")
  func wrongTypes() {
    #expect(
      secondLine(#"{"t": "0", "type": "touch.frame"}"#)
        == #"drag.jsonl:2: "t": expected a number, got a string"#)
    #expect(
      secondLine(#"{"t": 0, "type": "touch.down", "id": 0, "x": "1", "y": 2}"#)
        == #"drag.jsonl:2: "x": expected a number, got a string"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pinch.end", "cancelled": 0}"#)
        == #"drag.jsonl:2: "cancelled": expected true or false, got a number"#)
    #expect(
      secondLine(#"{"t": 0, "type": "key", "key": 27, "state": "pressed"}"#)
        == #"drag.jsonl:2: "key": expected a string, got a number"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pointer.button", "button": true, "state": "pressed"}"#)
        == #"drag.jsonl:2: "button": expected left, right, middle or a Linux input code, got the boolean true"#
    )
  }

  @Test("values out of their range are rejected")
  func ranges() {
    #expect(
      secondLine(#"{"t": -1, "type": "touch.frame"}"#)
        == #"drag.jsonl:2: "t": expected a number of at least 0, got -1"#)
    #expect(
      secondLine(#"{"t": 0, "type": "touch.up", "id": 1.5}"#)
        == #"drag.jsonl:2: "id": expected a whole number from 0 to 2147483647, got 1.5"#)
    #expect(
      secondLine(#"{"t": 0, "type": "touch.up", "id": -1}"#)
        == #"drag.jsonl:2: "id": expected a whole number from 0 to 2147483647, got -1"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pointer.motion", "x": 2e6, "y": 0}"#)
        == #"drag.jsonl:2: "x": expected a coordinate within ±1000000 px, got 2000000"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pinch.begin", "fingers": 0}"#)
        == #"drag.jsonl:2: "fingers": expected a whole number from 1 to 100, got 0"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pointer.axis", "axis": "vertical", "value": 1, "discrete": 0.5}"#)
        == #"drag.jsonl:2: "discrete": expected a whole number from -1000000 to 1000000, got 0.5"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pointer.axis", "axis": "vertical", "value": 1, "value120": 2e8}"#)
        == #"drag.jsonl:2: "value120": expected a whole number from -120000000 to 120000000, got 200000000"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pointer.button", "button": -3, "state": "pressed"}"#)
        == #"drag.jsonl:2: "button": expected a whole number from 0 to 4294967295 (a Linux input code), got -3"#
    )
  }

  @Test("names outside their set list the accepted ones")
  func choices() {
    #expect(
      secondLine(#"{"t": 0, "type": "pointer.button", "button": "back", "state": "pressed"}"#)
        == #"drag.jsonl:2: "button": unknown button "back" (expected left, right, middle or a Linux input code)"#
    )
    #expect(
      secondLine(#"{"t": 0, "type": "key", "key": "a", "state": "down"}"#)
        == #"drag.jsonl:2: "state": unknown value "down" (expected one of pressed, released)"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pointer.axis_stop", "axis": "diagonal"}"#)
        == #"drag.jsonl:2: "axis": unknown value "diagonal" (expected one of vertical, horizontal)"#)
    #expect(
      secondLine(#"{"t": 0, "type": "pointer.axis", "axis": "vertical", "value": 1, "source": "ball"}"#)
        == #"drag.jsonl:2: "source": unknown value "ball" (expected one of wheel, finger, continuous, wheel_tilt)"#
    )
    #expect(
      secondLine(#"{"t": 0, "type": "key", "key": "", "state": "pressed"}"#)
        == #"drag.jsonl:2: "key": expected an xkb keysym name such as "Escape""#)
    // Unknown names, as an empty one is: the case (keysyms are case-sensitive), a typo, nonsense.
    let names = "(xkb keysym names: Escape, Tab, q, Alt_L, F11, ...)"
    #expect(
      secondLine(#"{"t": 0, "type": "key", "key": "escape", "state": "pressed"}"#)
        == #"drag.jsonl:2: "key": unknown key name "escape", did you mean "Escape"? "# + names)
    #expect(
      secondLine(#"{"t": 0, "type": "key", "key": "Alt_RR", "state": "pressed"}"#)
        == #"drag.jsonl:2: "key": unknown key name "Alt_RR", did you mean "Alt_R"? "# + names)
    #expect(
      secondLine(#"{"t": 0, "type": "key", "key": "not a key at all", "state": "pressed"}"#)
        == #"drag.jsonl:2: "key": unknown key name "not a key at all" "# + names)
    // The optional `shifted` is checked the same way.
    #expect(
      secondLine(#"{"t": 0, "type": "key", "key": "ampersand", "state": "pressed", "shifted": "one"}"#)
        == #"drag.jsonl:2: "shifted": unknown key name "one", did you mean "OE"? "# + names)
    #expect(
      secondLine(#"{"t": 0, "type": "key", "key": "ampersand", "state": "pressed", "shifted": 1}"#)
        == #"drag.jsonl:2: "shifted": expected a string, got a number"#)
    #expect(
      secondLine(#"{"t": 0, "type": "key", "key": "Cyrillic_ve", "state": "pressed", "latin": "Dee"}"#)
        == #"drag.jsonl:2: "latin": unknown key name "Dee", did you mean "D"? "# + names)
  }

  @Test("a file that cannot be read, or a line that is not UTF-8, is named")
  func files() throws {
    #expect(
      throws: TraceError(
        file: "/nonexistent/t.jsonl", location: .file,
        message: "cannot read the file: No such file or directory")
    ) {
      try Trace(contentsOfFile: "/nonexistent/t.jsonl")
    }
    let path = temporaryDirectory() + "/latin1.jsonl"
    try writeFile(path, [0x7B, 0xE9, 0x7D, 0x0A])
    #expect(throws: TraceError(file: path, location: .line(1), message: "the line is not UTF-8 text")) {
      try Trace(contentsOfFile: path)
    }
  }

  @Test("an error on the last line rejects the whole file")
  func nothingHalfLoaded() {
    let text = String(repeating: frameLine + "\n", count: 50) + #"{"t": 1, "type": "touch.up"}"#
    #expect(traceError(text) == #"drag.jsonl:51: missing required key "id" (touch.up takes t, type, id)"#)
  }
}
