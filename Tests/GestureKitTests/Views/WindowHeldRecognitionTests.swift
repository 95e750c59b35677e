import Testing

@testable import GestureKit

/// A recognizer held by a failure requirement that asks to begin again, and to end, in the
/// frame in which the recognizer it waits for fails (found by `make soak`'s property tests:
/// the rotation began, then its end was taken for "ended before it ever began" and it failed,
/// an illegal began -> failed).
@Suite("Held recognition")
struct WindowHeldRecognitionTests {
  /// Fixture: "v" (0,70,130,70) with a two-finger up/down swipe "swipe" and a rotation
  /// "rotation" that requires the swipe to fail.
  @Test("a held rotation released in the frame its finger lifts begins and then ends, never fails")
  func heldRotationEndsAfterBeginning() {
    let h = Harness()
    let view = h.addView("v", 0, 70, 130, 70)
    let swipe = SwipeGestureRecognizer()
    swipe.name = "swipe"
    swipe.direction = [.up, .down]
    swipe.numberOfTouchesRequired = 2
    view.addGestureRecognizer(swipe)
    let rotation = RotationGestureRecognizer()
    rotation.name = "rotation"
    rotation.require(toFail: swipe)
    view.addGestureRecognizer(rotation)
    // Two fingers; the second turns the pair past the rotation's threshold while the swipe
    // is still possible (the rotation is held), then moves again as the first lifts.
    h.frame(at: 0, .down(4, at: Point(x: 20, y: 80)), .down(3, at: Point(x: 60, y: 80)))
    h.frame(at: 0, .motion(3, to: Point(x: 90, y: 130)))
    #expect(rotation.state == .possible)
    h.frame(at: 0, .motion(3, to: Point(x: 100, y: 140)), .up(4))
    h.frame(at: 0.001, .up(3))
    let lines = h.transcript.take().filter { $0.hasPrefix("rotation") || $0.hasPrefix("swipe") }
    #expect(lines == ["swipe failed", "rotation began", "rotation ended"])
  }
}
