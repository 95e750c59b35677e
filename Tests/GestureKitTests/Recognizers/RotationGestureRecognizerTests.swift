import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "dial" at (50,50,300,300) (centre (200,200)) carrying a
/// rotation named "rotation" whose actions write "action rotation STATE R" (radians) to the
/// transcript. Touch 0 usually rests at the centre while touch 1 goes round it.
@Suite("RotationGestureRecognizer")
struct RotationGestureRecognizerTests {
  let h = Harness()
  let dial: View
  let rotation = RotationGestureRecognizer()

  init() {
    dial = h.addView("dial", 50, 50, 300, 300)
    rotation.name = "rotation"
    dial.addGestureRecognizer(rotation)
    rotation.addTarget { [transcript = h.transcript] r in
      let rotation = r as! RotationGestureRecognizer
      transcript.add("action rotation \(r.state) \(formatCoordinate(rotation.rotation))")
    }
  }

  /// The point `radius` px from the centre at `angle` radians (clockwise from the x axis).
  private func onCircle(_ radius: Double, _ angle: Double) -> Point {
    Point(x: 200 + radius * Trigonometry.cos(angle), y: 200 + radius * Trigonometry.sin(angle))
  }

  /// Touch 0 down at the centre, then touch 1 down `radius` px away at `angle`.
  private func pivotAndFinger(radius: Double = 100, angle: Double = 0) {
    h.down(0, 200, 200, at: 0)
    h.frame(at: 0.01, .down(1, at: onCircle(radius, angle)))
  }

  /// Moves touch 1 to `angle` on the circle of `radius` at `time`.
  private func turn(to angle: Double, radius: Double = 100, at time: Double) {
    h.frame(at: time, .motion(1, to: onCircle(radius, angle)))
  }

  @Test("defaults: rotation 0, no velocity, continuous, UIKit's delivery flags")
  func defaults() {
    #expect(rotation.rotation == 0)
    #expect(rotation.velocity == 0)
    #expect(!rotation.isDiscrete)
    #expect(rotation.cancelsTouchesInView && !rotation.delaysTouchesBegan && rotation.delaysTouchesEnded)
    #expect(GestureConstants.rotationHysteresis == 10)
  }

  @Test("turning clockwise on screen (y down) is positive, as for an affine transform's angle")
  func signConvention() {
    pivotAndFinger()
    h.move(1, 300, 240, at: 0.02)  // from 3 o'clock towards 4 o'clock: clockwise
    #expect(rotation.rotation > 0)
    let turned = Point(x: 100, y: 0).applying(AffineTransform(rotationAngle: rotation.rotation))
    #expect(isClose(turned / turned.length, Point(x: 100, y: 40) / Point(x: 100, y: 40).length))
    h.move(1, 300, 160, at: 0.03)  // towards 2 o'clock: counterclockwise
    #expect(rotation.rotation < 0)
    #expect(isClose(rotation.rotation, -Trigonometry.atan(0.4)))
  }

  @Test("a rotation begins once the touches moved 10 px along the arc: angle times half their distance")
  func hysteresis() {
    pivotAndFinger()  // 100 px apart: 10 px of arc is 0.2 rad
    turn(to: 0.199, at: 0.02)
    #expect(rotation.state == .possible)
    turn(to: 0.201, at: 0.03)
    #expect(rotation.state == .began)
    h.up(1, at: 0.04)
    h.up(0, at: 0.05)
    _ = h.transcript.take()
    pivotAndFinger(radius: 125)  // 125 px apart: 10 px of arc is 0.16 rad
    turn(to: -0.159, radius: 125, at: 0.02)
    #expect(rotation.state == .possible)
    turn(to: -0.161, radius: 125, at: 0.03)
    #expect(
      h.transcript.take() == [
        "view dial touchesBegan [0]",
        "rotation began",
        "view dial touchesCancelled [0]",
        "action rotation began -0.161",
      ])
  }

  @Test("crossing the line at plus or minus pi accumulates without a jump")
  func crossingPi() {
    pivotAndFinger(angle: Double.pi - 0.1)  // touch 1 just below 9 o'clock
    for step in 1...10 {
      turn(to: Double.pi - 0.1 + 0.06 * Double(step), at: 0.01 + 0.01 * Double(step))
    }
    #expect(
      h.transcript.take() == [
        "view dial touchesBegan [0]",
        "rotation began",
        "view dial touchesCancelled [0]",
        "action rotation began 0.24",
        "rotation changed", "action rotation changed 0.3",
        "rotation changed", "action rotation changed 0.36",
        "rotation changed", "action rotation changed 0.42",
        "rotation changed", "action rotation changed 0.48",
        "rotation changed", "action rotation changed 0.54",
        "rotation changed", "action rotation changed 0.6",
      ])
  }

  @Test("a full turn in either direction reads plus or minus two pi")
  func fullTurns() {
    pivotAndFinger()
    for step in 1...24 {
      turn(to: Double(step) * Double.pi / 12, at: 0.01 + 0.01 * Double(step))
    }
    #expect(isClose(rotation.rotation, 2 * Double.pi))
    for step in 1...48 {
      turn(to: 2 * Double.pi - Double(step) * Double.pi / 12, at: 0.3 + 0.01 * Double(step))
    }
    #expect(isClose(rotation.rotation, -2 * Double.pi))
  }

  @Test("on a constant-rate turn the velocity is the rate in radians per second, signed")
  func velocity() {
    pivotAndFinger()
    for step in 1...15 {
      turn(to: 0.02 * Double(step), at: 0.01 + 0.01 * Double(step))  // 2 rad/s clockwise
    }
    #expect(isClose(rotation.velocity, 2, tolerance: 0.1))
    for step in 1...15 {
      turn(to: 0.3 - 0.01 * Double(step), at: 0.16 + 0.01 * Double(step))  // 1 rad/s back
    }
    #expect(isClose(rotation.velocity, -1, tolerance: 0.05))
    h.addView("other", 360, 360, 30, 30)
    h.down(5, 370, 370, at: 0.36)
    #expect(rotation.velocity == 0, "the newest sample is 40+ ms old: the fingers stopped")
  }

  @Test("setting the rotation re-bases it: later turning adds to the value set")
  func settingRotation() {
    pivotAndFinger()
    turn(to: 0.5, at: 0.02)
    #expect(isClose(rotation.rotation, 0.5))
    rotation.rotation = 0
    turn(to: 0.7, at: 0.03)
    #expect(isClose(rotation.rotation, 0.2))
    rotation.rotation = 1
    turn(to: 0.6, at: 0.04)
    #expect(isClose(rotation.rotation, 0.9))
  }

  @Test("lifting one finger ends the rotation with its last value; lifting before it began fails it")
  func endsOnLift() {
    pivotAndFinger()
    turn(to: 0.5, at: 0.02)
    h.up(0, at: 0.03)
    #expect(rotation.state == .ended)
    h.up(1, at: 0.04)
    #expect(rotation.state == .possible)
    #expect(rotation.rotation == 0)
    pivotAndFinger()
    turn(to: 0.1, at: 0.02)
    h.up(1, at: 0.03)
    h.up(0, at: 0.04)
    #expect(
      h.transcript.take() == [
        "view dial touchesBegan [0]",
        "rotation began",
        "view dial touchesCancelled [0]",
        "action rotation began 0.5",
        "rotation ended",
        "action rotation ended 0.5",
        "view dial touchesBegan [0]",
        "rotation failed",
        "view dial touchesEnded [0]",
      ])
  }

  @Test("only the first two touches count; a third is ignored")
  func thirdFinger() {
    pivotAndFinger()
    h.down(2, 250, 250, at: 0.02)
    #expect(rotation.numberOfTouches == 2)
    h.move(2, 150, 300, at: 0.03)
    #expect(rotation.state == .possible)
    #expect(rotation.rotation == 0)
  }
}
