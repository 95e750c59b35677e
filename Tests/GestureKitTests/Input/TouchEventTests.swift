import Testing

@testable import GestureKit

@Suite("TouchEvent")
struct TouchEventTests {
  @Test("an event filters its touches by view and by recognizer")
  func filtering() {
    final class Spy: GestureRecognizer {
      var seen: [String] = []
      override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        seen.append("all \(idList(event.allTouches)) mine \(idList(event.touches(for: self)))")
      }
    }
    let h = Harness()
    let red = h.addView("red", 0, 0, 100, 100)
    h.addView("blue", 200, 0, 100, 100)
    let spy = Spy()
    red.addGestureRecognizer(spy)
    h.down(0, 250, 50, at: 0)
    h.down(1, 50, 50, at: 0.1)
    #expect(spy.seen == ["all [0,1] mine [1]"])
    let event = TouchEvent(timestamp: 0, allTouches: h.window.activeTouches)
    #expect(idList(event.touches(for: red)) == "[1]")
  }
}
