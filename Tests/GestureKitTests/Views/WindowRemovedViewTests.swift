import Testing

@testable import GestureKit

/// Recognizers whose view is removed from the window in the middle of a gesture (found by the
/// property-based tests: a double tap whose view left the window between its touches' down
/// and up waited for its second tap forever, still tracking both touches).
@Suite struct WindowRemovedViewTests {
  @Test func aTapWaitingForMoreTapsFailsAndResetsWhenItsViewLeftTheWindow() {
    let h = Harness()
    let parent = h.addView("parent", 0, 0, 300, 300)
    let child = View(frame: Rect(x: 10, y: 10, width: 200, height: 200))
    child.identifier = "child"
    parent.addSubview(child)
    let tap = TapGestureRecognizer()
    tap.numberOfTapsRequired = 2
    tap.numberOfTouchesRequired = 2
    tap.name = "double"
    child.addGestureRecognizer(tap)
    h.frame(at: 0, .down(1, at: Point(x: 50, y: 50)), .down(2, at: Point(x: 90, y: 50)))
    parent.removeFromSuperview()
    h.frame(at: 0.05, .up(1), .up(2))
    h.clock.advance(to: 5)
    #expect(tap.state == .possible)
    #expect(tap.trackedTouches.isEmpty)
    #expect(h.window.involvedRecognizers.isEmpty)
    #expect(h.window.activeTouches.isEmpty)
  }

  @Test func aPanInProgressIsCancelledWhenItsViewLeftTheWindow() {
    let h = Harness()
    let view = h.addView("card", 0, 0, 300, 300)
    let pan = h.addPan("pan", to: view)
    var states: [GestureRecognizer.State] = []
    pan.addTarget { states.append($0.state) }
    h.down(1, 50, 50, at: 0)
    h.move(1, 80, 50, at: 0.02)
    h.move(1, 100, 50, at: 0.04)
    view.removeFromSuperview()
    h.move(1, 120, 50, at: 0.06)
    h.up(1, at: 0.08)
    #expect(states.first == .began)
    #expect(states.last == .cancelled)
    #expect(pan.state == .possible)
    #expect(pan.trackedTouches.isEmpty)
    #expect(h.window.involvedRecognizers.isEmpty)
  }
}
