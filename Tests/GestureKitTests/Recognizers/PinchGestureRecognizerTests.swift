import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "photo" at (100,100,200,200) (centre (200,200)) carrying a
/// pinch named "pinch" whose actions write "action pinch STATE scale S" to the transcript.
@Suite("PinchGestureRecognizer")
struct PinchGestureRecognizerTests {
  let h = Harness()
  let photo: View
  let pinch = PinchGestureRecognizer()

  init() {
    photo = h.addView("photo", 100, 100, 200, 200)
    pinch.name = "pinch"
    photo.addGestureRecognizer(pinch)
    pinch.addTarget { [transcript = h.transcript] r in
      let pinch = r as! PinchGestureRecognizer
      transcript.add("action pinch \(r.state) scale \(formatCoordinate(pinch.scale))")
    }
  }

  /// Touch 0 at (150,200) and touch 1 at (250,200): 100 px apart.
  private func twoFingersDown() {
    h.down(0, 150, 200, at: 0)
    h.down(1, 250, 200, at: 0.01)
  }

  @Test("defaults: scale 1, no velocity, continuous, UIKit's delivery flags")
  func defaults() {
    #expect(pinch.scale == 1)
    #expect(pinch.velocity == 0)
    #expect(!pinch.isDiscrete)
    #expect(pinch.cancelsTouchesInView && !pinch.delaysTouchesBegan && pinch.delaysTouchesEnded)
    #expect(GestureConstants.pinchHysteresis == 10)
  }

  @Test("a pinch begins only once the distance between the touches changed by 10 px")
  func hysteresis() {
    twoFingersDown()
    h.move(1, 255, 200, at: 0.02)  // 105 px apart
    h.move(0, 146, 200, at: 0.03)  // 109 px
    #expect(pinch.state == .possible)
    #expect(pinch.scale == 1.09, "scale follows the fingers before the pinch begins")
    h.move(0, 145, 200, at: 0.04)  // 110 px
    h.move(1, 275, 200, at: 0.05)  // 130 px
    #expect(
      h.transcript.take() == [
        "view photo touchesBegan [0]",
        "view photo touchesMoved [0]",
        "pinch began",
        "view photo touchesCancelled [0]",
        "action pinch began scale 1.1",
        "pinch changed",
        "action pinch changed scale 1.3",
      ])
  }

  @Test("pinching in by 10 px begins too, with a scale below 1")
  func pinchingIn() {
    twoFingersDown()
    h.move(1, 241, 200, at: 0.02)  // 91 px
    h.move(1, 240, 200, at: 0.03)  // 90 px
    #expect(
      h.transcript.take() == [
        "view photo touchesBegan [0]",
        "pinch began",
        "view photo touchesCancelled [0]",
        "action pinch began scale 0.9",
      ])
  }

  @Test("the scale keeps the pinched view under the fingers")
  func viewStaysUnderFingers() {
    // Fingers symmetric about the photo's centre, on a diagonal: 44.7 px apart.
    h.down(0, 180, 190, at: 0)
    h.down(1, 220, 210, at: 0.01)
    let grabbed = [Point(x: 180, y: 190), Point(x: 220, y: 210)].map { photo.convert($0, from: nil) }
    var checked = 0
    pinch.addTarget { [unowned photo] r in
      let pinch = r as! PinchGestureRecognizer
      photo.transform = AffineTransform(scaleX: pinch.scale, y: pinch.scale)
      for index in 0..<2 {
        #expect(isClose(photo.convert(grabbed[index], to: nil), pinch.location(ofTouch: index, in: nil)))
      }
      checked += 1
    }
    for step in 1...10 {
      let spread = 2 * Double(step)
      h.frame(
        at: 0.01 + 0.01 * Double(step),
        .motion(0, to: Point(x: 180 - spread, y: 190 - spread / 2)),
        .motion(1, to: Point(x: 220 + spread, y: 210 + spread / 2)))
    }
    #expect(checked == 8, "began at the third step (4.5 px per step), then seven changes")
    #expect(isClose(pinch.scale, 2))
  }

  @Test("on a constant-rate pinch the velocity is the scale's rate in scale per second")
  func velocity() {
    twoFingersDown()
    // Touch 1 moves right at 100 px/s: the distance grows by 100 px/s from 100 px, 1 scale/s.
    for step in 1...12 {
      h.move(1, 250 + Double(step), 200, at: 0.01 + 0.01 * Double(step))
    }
    #expect(pinch.state == .changed)
    #expect(isClose(pinch.velocity, 1, tolerance: 0.05))
    h.addView("other", 350, 350, 40, 40)
    h.down(5, 360, 360, at: 0.169)
    #expect(isClose(pinch.velocity, 1, tolerance: 0.05), "the newest sample is 39 ms old")
    h.move(5, 361, 360, at: 0.18)
    #expect(pinch.velocity == 0, "the newest sample is 50 ms old: the fingers stopped")
  }

  @Test("setting the scale re-bases it: later movement scales the value set, and so does the velocity")
  func settingScale() {
    twoFingersDown()
    h.move(1, 350, 200, at: 0.02)  // 200 px: scale 2
    #expect(pinch.scale == 2)
    pinch.scale = 1
    #expect(pinch.scale == 1)
    // After a pause (so that the jump to 200 px is out of the velocity's 100 ms), 200 px/s.
    for step in 1...5 {
      h.move(1, 350 + 2 * Double(step), 200, at: 0.2 + 0.01 * Double(step))
    }
    #expect(isClose(pinch.scale, 1.05), "210 px over the 200 px at the re-base")
    #expect(isClose(pinch.velocity, 1, tolerance: 0.05), "200 px/s over 200 px is 1 scale/s")
  }

  @Test("lifting one finger ends the pinch with its last scale, and it resets once both are up")
  func endsOnLift() {
    twoFingersDown()
    h.move(1, 300, 200, at: 0.02)  // 150 px
    h.up(1, at: 0.03)
    #expect(pinch.state == .ended)
    #expect(pinch.scale == 1.5)
    h.move(0, 100, 200, at: 0.04)
    h.up(0, at: 0.05)
    #expect(pinch.state == .possible)
    #expect(pinch.scale == 1)
    #expect(
      h.transcript.take() == [
        "view photo touchesBegan [0]",
        "pinch began",
        "view photo touchesCancelled [0]",
        "action pinch began scale 1.5",
        "pinch ended",
        "action pinch ended scale 1.5",
      ])
  }

  @Test("lifting a finger before the pinch began fails it, and the view gets its touch")
  func failsWhenLiftedEarly() {
    twoFingersDown()
    h.move(1, 255, 200, at: 0.02)
    h.up(1, at: 0.03)
    h.up(0, at: 0.04)
    #expect(
      h.transcript.take() == [
        "view photo touchesBegan [0]",
        "pinch failed",
        "view photo touchesEnded [0]",
      ])
  }

  @Test("a single finger never begins a pinch however far it moves")
  func singleFinger() {
    h.down(0, 150, 200, at: 0)
    h.move(0, 250, 250, at: 0.01)
    #expect(pinch.state == .possible)
    #expect(pinch.scale == 1)
    h.up(0, at: 0.02)
    #expect(h.transcript.take().contains("pinch failed"))
  }

  @Test("a third finger is ignored: it neither counts nor moves the scale")
  func thirdFinger() {
    twoFingersDown()
    h.down(2, 200, 150, at: 0.02)
    #expect(pinch.numberOfTouches == 2)
    h.move(2, 200, 100, at: 0.03)
    #expect(pinch.state == .possible)
    h.move(1, 270, 200, at: 0.04)
    #expect(pinch.scale == 1.2)
    #expect(pinch.location(in: nil) == Point(x: 210, y: 200))
  }

  @Test("a cancelled touch cancels the pinch in progress")
  func cancellation() {
    twoFingersDown()
    h.move(1, 300, 200, at: 0.02)
    h.window.cancelAllTouches(at: 0.03)
    #expect(
      h.transcript.take().suffix(2) == [
        "pinch cancelled",
        "action pinch cancelled scale 1.5",
      ])
  }
}
