import Testing

@testable import GestureKit

@Suite("Touch")
struct TouchTests {
  @Test("locations convert into any view through its transforms, and nil means the window")
  func locations() {
    let h = Harness()
    let red = h.addView("red", 100, 100, 100, 100)
    red.transform = AffineTransform(scaleX: 2, y: 2)
    h.down(0, 150, 150, at: 0)
    h.move(0, 160, 150, at: 0.5)
    let touch = h.window.activeTouches[0]
    #expect(touch.id == 0 && touch.type == .direct && touch.phase == .moved && touch.timestamp == 0.5)
    #expect(touch.location(in: nil) == Point(x: 160, y: 150))
    #expect(touch.location(in: red) == Point(x: 55, y: 50))
    #expect(touch.previousLocation(in: red) == Point(x: 50, y: 50))
    #expect(touch.previousLocation(in: nil) == Point(x: 150, y: 150))
    #expect(touch.view === red)
  }

  @Test("phases read began, moved, stationary, ended as frames go by")
  func phases() {
    let h = Harness()
    h.addView("red", 0, 0, 100, 100)
    h.down(0, 10, 10, at: 0)
    let first = h.window.activeTouches[0]
    #expect(first.phase == .began)
    h.down(1, 20, 20, at: 0.1)
    #expect(first.phase == .stationary)
    h.move(0, 12, 10, at: 0.2)
    #expect(first.phase == .moved)
    h.up(0, at: 0.3)
    #expect(first.phase == .ended && first.phase.isFinal)
    #expect(TouchPhase.allCases.filter(\.isFinal) == [.ended, .cancelled])
  }
}
