import GestureKit
import Testing

@testable import Playground

/// A red 100x100 card `v` at (0, 0) in a 300x300 window whose gestures are `gestures`.
private func card(_ gestures: String) -> String {
  oneView(gestures, extra: ##", "fill": "#ff0000""##)
}

@Suite("Toggle behaviour")
struct ToggleBehaviorTests {
  @Test("a tap flips the highlight, a second tap flips it back to the original style")
  func tapTogglesTwice() throws {
    let h = try SceneHarness(card(#"{"id": "t", "kind": "tap", "behavior": "toggle"}"#))
    let view = h.installed.views["v"]!
    let original = view.style
    h.send(at: 0.0, .down(0, at: pt(50, 50)))
    h.send(at: 0.05, .up(0))
    let highlighted = view.style
    h.send(at: 1.0, .down(0, at: pt(50, 50)))
    h.send(at: 1.05, .up(0))
    #expect(highlighted.fill == Color(red: 1, green: 0.5, blue: 0.5))
    #expect(highlighted.stroke == SceneView.highlightStroke && highlighted.strokeWidth == 4)
    #expect(view.style == original && !view.isHighlighted)
  }

  @Test("a long press flips the highlight when it begins, not again when it ends")
  func longPressToggles() throws {
    let h = try SceneHarness(card(#"{"id": "p", "kind": "longPress", "behavior": "toggle"}"#))
    let view = h.installed.views["v"]!
    h.send(at: 0.0, .down(0, at: pt(50, 50)))
    let before = view.isHighlighted
    h.clock.advance(to: 0.6)
    let pressed = view.isHighlighted
    h.send(at: 0.7, .up(0))
    #expect([before, pressed, view.isHighlighted] == [false, true, true])
  }

  @Test("a single tap that waits for a double tap flips only when no second tap follows")
  func singleWaitsForDouble() throws {
    let gestures = #"""
      {"id": "one", "kind": "tap", "behavior": "toggle", "requireToFail": ["two"]},
      {"id": "two", "kind": "tap", "taps": 2}
      """#
    let h = try SceneHarness(card(gestures))
    let transcript = GestureTranscript(h)
    let view = h.installed.views["v"]!
    h.send(at: 0.0, .down(0, at: pt(50, 50)))
    h.send(at: 0.05, .up(0))
    let waiting = view.isHighlighted
    h.clock.advance(to: 0.5)  // the double tap's next tap is late: it fails, the single tap wins
    let single = view.isHighlighted
    h.send(at: 1.0, .down(0, at: pt(50, 50)))
    h.send(at: 1.05, .up(0))
    h.send(at: 1.1, .down(0, at: pt(50, 50)))
    h.send(at: 1.15, .up(0))
    #expect([waiting, single, view.isHighlighted] == [false, true, true])
    #expect(transcript.lines == ["two failed", "one recognized", "two recognized", "one failed"])
  }
}
