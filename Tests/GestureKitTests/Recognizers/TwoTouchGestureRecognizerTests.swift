import Testing

@testable import GestureKit

/// A two-touch recognizer that records its hooks and passes its hysteresis once the pair's
/// horizontal spread changed by 30 px.
final class SpreadRecognizer: TwoTouchGestureRecognizer {
  var calls: [String] = []
  private var startSpread = 0.0

  override func pairDidForm(first: Touch, second: Touch, at time: Double) {
    startSpread = second.locationInWindow.x - first.locationInWindow.x
    calls.append("formed \(first.id),\(second.id)")
  }

  override func pairDidMove(first: Touch, second: Touch, at time: Double) -> Bool {
    let spread = second.locationInWindow.x - first.locationInWindow.x
    calls.append("moved \(spread)")
    return abs(spread - startSpread) >= 30
  }
}

/// Fixture: "red" (0,0,400,400) with a SpreadRecognizer "spread".
@Suite("TwoTouchGestureRecognizer")
struct TwoTouchGestureRecognizerTests {
  let h = Harness()
  let spread = SpreadRecognizer()

  init() {
    let red = h.addView("red", 0, 0, 400, 400)
    spread.name = "spread"
    red.addGestureRecognizer(spread)
  }

  @Test("the first two touches form the pair; a third is ignored and moves nothing")
  func pairAndThirdTouch() {
    h.down(0, 100, 100, at: 0)
    h.down(1, 200, 100, at: 0.01)
    h.down(2, 300, 300, at: 0.02)
    #expect(spread.numberOfTouches == 2)
    #expect(spread.firstTouch?.id == 0 && spread.secondTouch?.id == 1)
    h.move(2, 350, 300, at: 0.03)
    #expect(spread.calls == ["formed 0,1"])
  }

  @Test("the subclass's hysteresis decides began; later moves are changed; a lift ends it")
  func lifetime() {
    h.down(0, 100, 100, at: 0)
    h.down(1, 200, 100, at: 0.01)
    h.move(1, 220, 100, at: 0.02)
    #expect(spread.state == .possible)
    h.move(1, 240, 100, at: 0.03)
    #expect(spread.state == .began)
    h.move(1, 250, 100, at: 0.04)
    #expect(spread.state == .changed)
    h.up(0, at: 0.05)
    #expect(
      h.transcript.take().filter { $0.hasPrefix("spread") } == [
        "spread began", "spread changed", "spread ended",
      ])
    #expect(spread.calls == ["formed 0,1", "moved 120.0", "moved 140.0", "moved 150.0"])
  }

  @Test("a lift before the hysteresis fails it, and the next attempt forms a new pair")
  func earlyLiftFails() {
    h.down(0, 100, 100, at: 0)
    h.down(1, 200, 100, at: 0.01)
    h.up(1, at: 0.02)
    h.up(0, at: 0.03)
    #expect(h.transcript.take().contains("spread failed"))
    h.down(5, 10, 10, at: 0.1)
    h.down(6, 20, 10, at: 0.11)
    #expect(spread.firstTouch?.id == 5 && spread.secondTouch?.id == 6)
  }
}
