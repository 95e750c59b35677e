import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "v" at (100,100,100,100) (centre (150,150)) carrying a
/// single tap "tap" whose actions are logged.
@Suite("TapGestureRecognizer")
struct TapGestureRecognizerTests {
  let h = Harness()
  let v: View
  let tap: TapGestureRecognizer

  init() {
    v = h.addView("v", 100, 100, 100, 100)
    tap = h.addTap("tap", to: v)
    h.logActions(of: tap)
  }

  @Test("defaults: one tap, one touch, discrete, UIKit's delivery flags")
  func defaults() {
    let tap = TapGestureRecognizer()
    #expect(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
    #expect(tap.isDiscrete && tap.state == .possible)
    #expect(tap.cancelsTouchesInView && !tap.delaysTouchesBegan && tap.delaysTouchesEnded)
  }

  @Test("a quick tap is recognized when its finger lifts, at the place it lifted")
  func quickTap() {
    var location = Point.zero
    tap.addTarget { [unowned v] r in location = r.location(in: v) }
    h.down(0, 150, 150, at: 0)
    h.move(0, 160, 150, at: 0.1)
    h.up(0, at: 0.2)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "view v touchesMoved [0]",
        "tap ended",
        "view v touchesCancelled [0]",
        "action tap ended",
      ])
    #expect(location == Point(x: 60, y: 50))
    #expect(tap.location(in: nil) == Point(x: 160, y: 150), "still where the tap happened after the reset")
    #expect(tap.state == .possible)
  }

  @Test("a touch moving more than 45 px fails the tap; 45 px does not")
  func movement() {
    h.down(0, 150, 150, at: 0)
    h.move(0, 195, 150, at: 0.1)
    #expect(tap.state == .possible)
    h.move(0, 196, 150, at: 0.2)
    h.up(0, at: 0.3)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "view v touchesMoved [0]",
        "tap failed",
        "view v touchesMoved [0]",
        "view v touchesEnded [0]",
      ])
  }

  @Test("a touch held 0.76 s fails the tap when its 0.75 s timer fires")
  func heldTooLongByTimer() {
    h.down(0, 150, 150, at: 0)
    h.advance(to: 0.74)
    #expect(tap.state == .possible)
    h.advance(to: 0.76)
    h.transcript.add("lift at 0.76")
    h.up(0, at: 0.76)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "tap failed",
        "lift at 0.76",
        "view v touchesEnded [0]",
      ])
    #expect(h.window.currentTime == 0.76)
  }

  @Test("a lift 0.76 s after touch-down fails the tap even if the timer has not run yet")
  func heldTooLongByEvent() {
    h.down(0, 150, 150, at: 0)
    h.up(0, at: 0.76)
    #expect(h.transcript.take() == ["view v touchesBegan [0]", "tap failed", "view v touchesEnded [0]"])
  }

  @Test("a discrete tap never sends began or changed, and sends its action once")
  func discreteLifetime() {
    h.tap(0, 150, 150, at: 0)
    h.tap(1, 150, 150, at: 1)
    let lines = h.transcript.take()
    #expect(!lines.contains { $0.contains("began") && !$0.contains("touchesBegan") })
    #expect(!lines.contains { $0.contains("changed") })
    #expect(lines.filter { $0.hasPrefix("action") } == ["action tap ended", "action tap ended"])
  }

  @Test("a double tap recognizes on the second lift; a second tap starting after 0.35 s fails it")
  func doubleTap() {
    let h = Harness()
    let v = h.addView("v", 100, 100, 100, 100)
    let double = h.addTap("double", to: v, taps: 2)
    h.logTimedActions(of: double)
    h.tap(0, 150, 150, at: 0)
    h.tap(1, 150, 150, at: 0.3)
    h.advance(to: 1)
    h.tap(2, 150, 150, at: 1)
    h.advance(to: 1.4)
    h.down(3, 150, 150, at: 1.4)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "view v touchesBegan [1]",
        "double ended",
        "view v touchesCancelled [0,1]",
        "action double ended at 0.35",
        "view v touchesBegan [2]",
        "double failed",
        "view v touchesEnded [2]",
        "view v touchesBegan [3]",
      ])
  }

  @Test("a second tap that does not start within 0.35 s fails a double tap even without a timer")
  func lateSecondTapByEvent() {
    let h = Harness()
    let v = h.addView("v", 100, 100, 100, 100)
    let double = h.addTap("double", to: v, taps: 2)
    h.tap(0, 150, 150, at: 0)
    h.down(1, 150, 150, at: 0.41)
    #expect(double.state == .failed)
  }

  @Test("a two-finger tap needs both fingers down together; one finger fails it")
  func twoFingers() {
    let h = Harness()
    let v = h.addView("v", 100, 100, 100, 100)
    v.isMultipleTouchEnabled = true
    let two = h.addTap("two", to: v, touches: 2)
    h.logActions(of: two)
    h.frame(at: 0, .down(0, at: Point(x: 120, y: 150)), .down(1, at: Point(x: 180, y: 150)))
    h.up(0, at: 0.1)
    #expect(two.location(in: v) == Point(x: 80, y: 50), "during the tap: the finger still down")
    h.up(1, at: 0.15)
    h.tap(2, 150, 150, at: 1)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0,1]",
        "two ended",
        "view v touchesCancelled [0,1]",
        "action two ended",
        "view v touchesBegan [2]",
        "two failed",
        "view v touchesEnded [2]",
      ])
    #expect(two.location(in: v) == Point(x: 50, y: 50))
  }

  @Test("a third finger fails a two-finger tap")
  func tooManyFingers() {
    let h = Harness()
    let v = h.addView("v", 100, 100, 100, 100)
    let two = h.addTap("two", to: v, touches: 2)
    h.frame(at: 0, .down(0, at: Point(x: 120, y: 150)), .down(1, at: Point(x: 180, y: 150)))
    h.down(2, 150, 150, at: 0.05)
    #expect(two.state == .failed)
  }

  @Test("a single tap does not prevent a double tap: without a requirement both recognize")
  func tapsDoNotPreventMoreTaps() {
    let double = h.addTap("double", to: v, taps: 2)
    #expect(!tap.canPrevent(double) && tap.canBePrevented(by: double))
    #expect(double.canPrevent(tap) && !double.canBePrevented(by: tap))
    #expect(tap.canPrevent(PanGestureRecognizer()))
    h.tap(0, 150, 150, at: 0)
    h.tap(1, 150, 150, at: 0.2)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "tap ended",
        "view v touchesCancelled [0]",
        "action tap ended",
        "view v touchesBegan [1]",
        "tap ended",
        "view v touchesCancelled [1]",
        "action tap ended",
        "double ended",
      ])
  }

  @Test("delaysTouchesBegan: a recognized tap's touches never reach the view")
  func delayedBeganOnSuccess() {
    tap.delaysTouchesBegan = true
    h.down(0, 150, 150, at: 0)
    h.move(0, 160, 150, at: 0.1)
    h.up(0, at: 0.2)
    #expect(h.transcript.take() == ["tap ended", "action tap ended"])
  }

  @Test("delaysTouchesBegan: when the tap fails the view gets began, moved to where the touch is, then ended")
  func delayedBeganOnFailure() {
    tap.delaysTouchesBegan = true
    var seen: [Point] = []
    final class Spy: View {
      var onMove: (Point) -> Void = { _ in }
      override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        onMove(touches[0].location(in: nil))
      }
    }
    let spy = Spy(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    spy.identifier = "spy"
    spy.onMove = { seen.append($0) }
    v.addSubview(spy)
    h.down(0, 110, 110, at: 0)
    h.move(0, 130, 110, at: 0.1)
    #expect(h.transcript.take().isEmpty)
    h.move(0, 160, 110, at: 0.2)
    h.up(0, at: 0.3)
    #expect(
      h.transcript.take() == [
        "tap failed",
        "view spy touchesBegan [0]",
        "view spy touchesMoved [0]",
        "view spy touchesEnded [0]",
      ])
    #expect(seen == [Point(x: 160, y: 110)])
  }

  @Test(
    "delaysTouchesEnded: under a double tap a view sees began, began, cancelled, cancelled; without it began, ended, began, cancelled"
  )
  func delayedEndedDoubleTap() {
    for delays in [true, false] {
      let h = Harness()
      let v = h.addView("v", 100, 100, 100, 100)
      let double = h.addTap("double", to: v, taps: 2)
      double.delaysTouchesEnded = delays
      h.tap(0, 150, 150, at: 0)
      h.tap(1, 150, 150, at: 0.2)
      let views = h.transcript.take().filter { $0.hasPrefix("view") }
      if delays {
        #expect(
          views == ["view v touchesBegan [0]", "view v touchesBegan [1]", "view v touchesCancelled [0,1]"])
      } else {
        #expect(
          views == [
            "view v touchesBegan [0]", "view v touchesEnded [0]", "view v touchesBegan [1]",
            "view v touchesCancelled [1]",
          ])
      }
    }
  }

  @Test("a cancelled touch fails the tap")
  func cancellation() {
    h.down(0, 150, 150, at: 0)
    h.window.cancelAllTouches(at: 0.1)
    #expect(h.transcript.take() == ["view v touchesBegan [0]", "tap failed", "view v touchesCancelled [0]"])
    #expect(tap.state == .possible)
  }
}
