import Testing

@testable import GestureKit

/// The velocity window's two newer rules (docs/SEMANTICS.md, Velocity): it stops at the first
/// gap of more than 40 ms between consecutive samples, and the velocity never points against
/// the motion, whatever the sample times (a property test of that is in
/// GestureKitPropertyTests, VelocityDirectionPropertyTests.swift).
@Suite("VelocityTracker gaps and direction")
struct VelocityGapTests {
  @Test("a flick after a pause is measured from where the finger moved again")
  func flickAfterPause() {
    var tracker = VelocityTracker()
    // A slow creep at 100 px/s for 40 ms, a still finger (no samples) for 50 ms, then a flick
    // at 2000 px/s, a sample every 8 ms.
    for i in 0...5 { tracker.addSample(Point(x: Double(i) * 0.8, y: 0), at: Double(i) * 0.008) }
    let flickStart = 0.040 + 0.050
    for i in 0...3 {
      tracker.addSample(Point(x: 4 + 2000 * Double(i) * 0.008, y: 0), at: flickStart + Double(i) * 0.008)
    }
    let velocity = tracker.velocity(at: flickStart + 0.024)
    #expect(abs(velocity.x - 2000) <= 1e-6, "\(velocity)")
  }

  @Test("a gap of exactly 40 ms is spanned, one of 41 ms is not")
  func gapBoundary() {
    var tracker = VelocityTracker()
    tracker.addSample(Point(x: -100, y: 0), at: 0)
    tracker.addSample(Point(x: 0, y: 0), at: 0.040)
    tracker.addSample(Point(x: 10, y: 0), at: 0.050)
    // Three samples over 50 ms spanned: a quadratic through them.
    #expect(abs(tracker.velocity(at: 0.050).x - 1000) > 100)
    var later = VelocityTracker()
    later.addSample(Point(x: -100, y: 0), at: 0)
    later.addSample(Point(x: 0, y: 0), at: 0.041)
    later.addSample(Point(x: 10, y: 0), at: 0.051)
    #expect(abs(later.velocity(at: 0.051).x - 1000) < 1e-6)
  }

  @Test("a leftward drag sampled at 0, 50, 53 and 103 ms, or one that stops hard, never reads rightward")
  func irregularLeftDrag() {
    var tracker = VelocityTracker()
    for t in [0, 0.050, 0.053, 0.103] { tracker.addSample(Point(x: 500 - 1000 * t, y: 0), at: t) }
    #expect(tracker.velocity(at: 0.103).x <= 0)
    // A leftward flick that stops hard: the parabola through it turns back (+2647 px/s at
    // the newest sample), the straight line does not.
    var stopping = VelocityTracker()
    for (t, x) in [(0, 0), (0.008, -50), (0.016, -52), (0.024, -52.5)] {
      stopping.addSample(Point(x: x, y: 0), at: t)
    }
    let velocity = stopping.velocity(at: 0.024)
    #expect(abs(velocity.x - -1993.75) < 1e-6, "\(velocity)")
  }
}
