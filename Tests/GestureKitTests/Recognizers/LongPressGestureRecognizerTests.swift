import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "v" at (100,100,100,100) (centre (150,150)) carrying a
/// long press "press" whose actions are logged with the window's time.
@Suite("LongPressGestureRecognizer")
struct LongPressGestureRecognizerTests {
  let h = Harness()
  let v: View
  let press: LongPressGestureRecognizer

  init() {
    v = h.addView("v", 100, 100, 100, 100)
    press = LongPressGestureRecognizer()
    press.name = "press"
    v.addGestureRecognizer(press)
    h.logTimedActions(of: press)
  }

  @Test("defaults: 0.5 s, 10 px, no taps, one touch, continuous")
  func defaults() {
    let press = LongPressGestureRecognizer()
    #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
    #expect(press.numberOfTapsRequired == 0 && press.numberOfTouchesRequired == 1)
    #expect(!press.isDiscrete && press.cancelsTouchesInView && press.delaysTouchesEnded)
  }

  @Test("it begins at 0.5 s on its timer, sends changed when the finger moves after, and ends on lift")
  func lifetime() {
    var locations: [Point] = []
    press.addTarget { [unowned v] r in locations.append(r.location(in: v)) }
    h.down(0, 150, 150, at: 0)
    h.move(0, 155, 150, at: 0.2)
    h.advance(to: 0.49)
    #expect(press.state == .possible)
    h.advance(to: 0.6)
    h.move(0, 200, 180, at: 0.7)
    h.up(0, at: 0.8)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "view v touchesMoved [0]",
        "press began",
        "view v touchesCancelled [0]",
        "action press began at 0.5",
        "press changed",
        "action press changed at 0.7",
        "press ended",
        "action press ended at 0.8",
      ])
    #expect(locations == [Point(x: 55, y: 50), Point(x: 100, y: 80), Point(x: 100, y: 80)])
    #expect(press.state == .possible)
  }

  @Test(
    "buttonMaskRequired: by default a right-button press never reaches it; asking for the secondary button with no duration, it begins as the button goes down, and the left one never reaches it"
  )
  func secondaryButton() {
    func pointer(_ kind: TouchInput.Kind, _ x: Double, _ button: ButtonMask, at time: Double) {
      var input = TouchInput(kind: kind, id: -1, location: Point(x: x, y: 150), type: .indirectPointer)
      input.buttonMask = button
      h.advance(to: time)
      h.window.send(InputFrame(timestamp: time, touches: [input]))
    }
    #expect(press.buttonMaskRequired == .primary)
    pointer(.down, 150, .secondary, at: 0)
    pointer(.up, 150, .secondary, at: 1)
    #expect(h.transcript.take() == [])

    press.minimumPressDuration = 0
    press.buttonMaskRequired = .secondary
    pointer(.down, 150, .primary, at: 2)
    pointer(.up, 150, .primary, at: 3)
    #expect(h.transcript.take() == ["view v touchesBegan [-1]", "view v touchesEnded [-1]"])

    pointer(.down, 150, .secondary, at: 4)
    // With no duration there is no timer to wait for: it began with the button.
    #expect(press.state == .began)
    pointer(.motion, 170, .secondary, at: 4.1)
    pointer(.up, 170, .secondary, at: 4.2)
    #expect(
      h.transcript.take() == [
        "press began", "action press began at 4.0", "press changed", "action press changed at 4.1",
        "press ended", "action press ended at 4.2",
      ])
  }

  @Test(
    "a lift after the deadline, before the timer ran, begins and ends it: its actions see began, then ended")
  func dueAtLift() {
    var states: [GestureRecognizer.State] = []
    press.addTarget { states.append($0.state) }
    h.down(0, 150, 150, at: 0)
    // The clock is not advanced: the press's timer has not run when the lift comes.
    h.window.send(InputFrame(timestamp: 0.6, touches: [.up(0)]))
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]", "press began", "view v touchesCancelled [0]", "action press began at 0.6",
        "press ended", "action press ended at 0.6",
      ])
    #expect(states == [.began, .ended])
    #expect(press.state == .possible)
  }

  @Test("moving more than 10 px before it begins fails it")
  func earlyMovement() {
    h.down(0, 150, 150, at: 0)
    h.move(0, 160, 150, at: 0.1)
    #expect(press.state == .possible)
    h.move(0, 161, 150, at: 0.2)
    h.advance(to: 1)
    h.up(0, at: 1)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "view v touchesMoved [0]",
        "press failed",
        "view v touchesMoved [0]",
        "view v touchesEnded [0]",
      ])
  }

  @Test("lifting before 0.5 s fails it, and the timer does nothing afterwards")
  func earlyLift() {
    h.down(0, 150, 150, at: 0)
    h.up(0, at: 0.4)
    h.advance(to: 1)
    #expect(h.transcript.take() == ["view v touchesBegan [0]", "press failed", "view v touchesEnded [0]"])
    #expect(h.clock.nextDeadline == nil)
  }

  @Test("an event after the deadline begins it first when the timer has not run yet")
  func lateEvent() {
    h.down(0, 150, 150, at: 0)
    h.move(0, 180, 150, at: 0.6)
    h.up(0, at: 0.7)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "press began",
        "view v touchesCancelled [0]",
        "action press began at 0.6",
        "press ended",
        "action press ended at 0.7",
      ])
  }

  @Test("with a tap required, a quick tap then a hold begins it; a slow tap fails it")
  func tapThenPress() {
    press.numberOfTapsRequired = 1
    h.tap(0, 150, 150, at: 0)
    h.down(1, 150, 150, at: 0.2)
    h.advance(to: 0.8)
    #expect(press.state == .began)
    h.up(1, at: 0.9)
    _ = h.transcript.take()
    h.down(2, 150, 150, at: 2)
    h.advance(to: 2.8)
    #expect(h.transcript.take() == ["view v touchesBegan [2]", "press failed"])
  }

  @Test("with a tap required, a press that starts more than 0.35 s after the tap fails it")
  func lateTap() {
    press.numberOfTapsRequired = 1
    h.tap(0, 150, 150, at: 0)
    h.advance(to: 0.5)
    #expect(h.transcript.take() == ["view v touchesBegan [0]", "press failed", "view v touchesEnded [0]"])
  }

  @Test("two fingers: the press counts from the second finger; a third one fails it")
  func twoFingers() {
    v.isMultipleTouchEnabled = true
    press.numberOfTouchesRequired = 2
    h.down(0, 140, 150, at: 0)
    h.down(1, 160, 150, at: 0.2)
    h.advance(to: 0.6)
    #expect(press.state == .possible)
    h.advance(to: 0.7)
    #expect(press.state == .began)
    h.up(0, at: 0.8)
    h.up(1, at: 0.9)
    h.frame(at: 1, .down(2, at: Point(x: 140, y: 150)), .down(3, at: Point(x: 160, y: 150)))
    h.down(4, 150, 160, at: 1.1)
    #expect(press.state == .failed)
  }

  @Test("a long press waiting for another recognizer to fail begins in the frame in which it fails")
  func waitsForFailure() {
    let other = h.addView("other", 250, 100, 100, 100)
    let pan = h.addPan("pan", to: other)
    press.require(toFail: pan)
    h.down(1, 300, 150, at: 0)
    h.down(0, 150, 150, at: 0)
    h.advance(to: 0.6)
    #expect(press.state == .possible, "held while the pan is possible")
    h.move(0, 170, 150, at: 0.65)
    h.up(1, at: 0.7)
    h.move(0, 175, 150, at: 0.8)
    #expect(
      h.transcript.take() == [
        "view other touchesBegan [1]",
        "view v touchesBegan [0]",
        "view v touchesMoved [0]",
        "pan failed",
        "press began",
        "view v touchesCancelled [0]",
        "action press began at 0.7",
        "view other touchesEnded [1]",
        "press changed",
        "action press changed at 0.8",
      ], "once due, moving while held does not fail it")
  }
}
