import Testing

@testable import GestureKit

/// Fixture: "red" (100,100,100,100) with pan "pan"; a finger (direct, id 0) and the pointer's
/// emulated touch (indirectPointer, id -1) both land on red.
@Suite("Exclusive touch type")
struct ExclusiveTouchTypeTests {
  let h = Harness()
  let pan: PanGestureRecognizer

  init() {
    let red = h.addView("red", 100, 100, 100, 100)
    pan = h.addPan("pan", to: red)
  }

  @Test("by default a recognizer tracking a finger ignores the pointer joining it")
  func pointerIgnoredWhileAFingerIsTracked() {
    #expect(pan.requiresExclusiveTouchType)
    h.down(0, 150, 150, at: 0)
    h.down(TouchInput.pointerID, 120, 120, at: 0.01, type: .indirectPointer)
    #expect(pan.numberOfTouches == 1)
    h.move(0, 170, 150, at: 0.02)
    #expect(pan.state == .began)
    #expect(pan.translation(in: nil) == Point(x: 20, y: 0))
  }

  @Test("with requiresExclusiveTouchType off, finger and pointer make one two-touch pan")
  func mixedTypesWhenAllowed() {
    pan.requiresExclusiveTouchType = false
    h.down(0, 150, 150, at: 0)
    h.down(TouchInput.pointerID, 120, 120, at: 0.01, type: .indirectPointer)
    #expect(pan.numberOfTouches == 2)
  }

  @Test("once the finger is gone the next attempt may use the pointer")
  func nextAttemptTakesTheOtherType() {
    h.down(0, 150, 150, at: 0)
    h.up(0, at: 0.1)
    h.down(TouchInput.pointerID, 120, 120, at: 0.2, type: .indirectPointer)
    #expect(pan.numberOfTouches == 1)
  }
}
