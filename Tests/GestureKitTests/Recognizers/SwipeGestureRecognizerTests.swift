import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "v" filling it, carrying a swipe "swipe" whose actions
/// are logged. Strokes start at the centre (200,200).
@Suite("SwipeGestureRecognizer")
struct SwipeGestureRecognizerTests {
  let h = Harness()
  let v: View
  let swipe: SwipeGestureRecognizer

  init() {
    v = h.addView("v", 0, 0, 400, 400)
    swipe = SwipeGestureRecognizer()
    swipe.name = "swipe"
    v.addGestureRecognizer(swipe)
    h.logActions(of: swipe)
  }

  /// Touch 0 down at the centre at 0, then moved by (dx, dy) in steps at 0.1, 0.2, ...
  func stroke(_ steps: (Double, Double)...) {
    h.down(0, 200, 200, at: 0)
    for (index, (dx, dy)) in steps.enumerated() {
      h.move(0, 200 + dx, 200 + dy, at: 0.1 * Double(index + 1))
    }
  }

  @Test("defaults: right, one touch, discrete")
  func defaults() {
    let swipe = SwipeGestureRecognizer()
    #expect(swipe.direction == .right && swipe.numberOfTouchesRequired == 1)
    #expect(swipe.isDiscrete && swipe.cancelsTouchesInView)
    #expect(SwipeGestureRecognizer.Direction.right.rawValue == 1)
    #expect(SwipeGestureRecognizer.Direction.down.rawValue == 8)
  }

  @Test("a swipe right is recognized once it has gone 50 px, and reports where it started")
  func right() {
    var location = Point.zero
    swipe.addTarget { [unowned v] r in location = r.location(in: v) }
    stroke((30, 5), (49, 5), (50, 10), (90, 10))
    h.up(0, at: 0.5)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "view v touchesMoved [0]",
        "view v touchesMoved [0]",
        "swipe ended",
        "view v touchesCancelled [0]",
        "action swipe ended",
      ], "discrete: no began, no changed, no failure after it recognized")
    #expect(location == Point(x: 200, y: 200))
  }

  @Test("each direction is recognized by a recognizer for that direction only")
  func eachDirection() {
    let cases: [(SwipeGestureRecognizer.Direction, Double, Double)] = [
      (.right, 60, 0), (.left, -60, 0), (.up, 0, -60), (.down, 0, 60),
    ]
    for (direction, dx, dy) in cases {
      for (other, _, _) in cases {
        let h = Harness()
        let v = h.addView("v", 0, 0, 400, 400)
        let swipe = SwipeGestureRecognizer()
        swipe.direction = other
        v.addGestureRecognizer(swipe)
        h.down(0, 200, 200, at: 0)
        h.move(0, 200 + dx, 200 + dy, at: 0.1)
        let recognized = swipe.state == .ended
        #expect(
          recognized == (direction == other), "stroke \(direction.rawValue), recognizer \(other.rawValue)")
      }
    }
  }

  @Test("a recognizer allowing several directions recognizes any of them")
  func severalDirections() {
    swipe.direction = [.left, .up]
    stroke((-10, -55))
    #expect(swipe.state == .ended)
  }

  @Test("a swipe slower than 0.5 s fails, on the next move or by its timer")
  func tooSlow() {
    stroke((20, 0), (40, 0), (45, 0), (48, 0), (49, 0), (60, 0))
    #expect(h.transcript.take().filter { !$0.hasPrefix("view") } == ["swipe failed"])
    h.up(0, at: 0.7)
    h.down(1, 200, 200, at: 1)
    h.advance(to: 1.49)
    #expect(swipe.state == .possible)
    h.advance(to: 1.5)
    #expect(swipe.state == .failed)
  }

  @Test("drifting more than 200 px across the direction fails it; 200 px does not")
  func tooFarAcross() {
    stroke((40, 200), (60, 200))
    #expect(swipe.state == .ended)
    h.up(0, at: 0.3)
    _ = h.transcript.take()
    h.down(1, 200, 200, at: 1)
    h.move(1, 240, 401, at: 1.1)
    h.move(1, 270, 401, at: 1.2)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [1]", "swipe failed", "view v touchesMoved [1]", "view v touchesMoved [1]",
      ])
  }

  @Test("lifting before 50 px fails it")
  func earlyLift() {
    stroke((30, 0))
    h.up(0, at: 0.2)
    #expect(h.transcript.take().filter { !$0.hasPrefix("view") } == ["swipe failed"])
  }

  @Test("two fingers: measured from their centroid; a lone finger fails a two-finger swipe")
  func twoFingers() {
    v.isMultipleTouchEnabled = true
    swipe.numberOfTouchesRequired = 2
    var location = Point.zero
    swipe.addTarget { r in location = r.location(in: nil) }
    h.frame(at: 0, .down(0, at: Point(x: 100, y: 100)), .down(1, at: Point(x: 100, y: 200)))
    h.frame(at: 0.1, .motion(0, to: Point(x: 150, y: 100)), .motion(1, to: Point(x: 149, y: 200)))
    #expect(swipe.state == .possible, "centroid moved 49.5 px")
    h.move(1, 150, 200, at: 0.15)
    #expect(swipe.state == .ended && location == Point(x: 100, y: 150))
    h.frame(at: 0.2, .up(0), .up(1))
    h.down(2, 100, 100, at: 1)
    h.move(2, 200, 100, at: 1.1)
    h.up(2, at: 1.2)
    #expect(swipe.state == .possible)
    #expect(h.transcript.take().suffix(2) == ["swipe failed", "view v touchesEnded [2]"])
  }
}
