import Testing

@testable import GestureKit

@Suite("VelocityTracker")
struct VelocityTrackerTests {
  /// Samples of a point moving from `start` at `speed` px/s along x, at `rate` Hz.
  func drag(speed: Double, rate: Double, count: Int, start: Double = 0) -> VelocityTracker {
    var tracker = VelocityTracker()
    for i in 0..<count {
      let t = start + Double(i) / rate
      tracker.addSample(Point(x: speed * (t - start), y: 0), at: t)
    }
    return tracker
  }

  @Test("a constant 1000 px/s drag at 120 Hz reads 1000 px/s within 5 %")
  func constantDrag() {
    let tracker = drag(speed: 1000, rate: 120, count: 30)
    let newest = tracker.latestSampleTime!
    let velocity = tracker.velocity(at: newest + 0.004)
    #expect(abs(velocity.x - 1000) <= 50)
    #expect(abs(velocity.y) < 1e-9)
    #expect(tracker.sampleCount == 20, "at most 20 samples are kept")
  }

  @Test("a decelerating drag reads the slope at the newest sample, not the average")
  func quadratic() {
    var tracker = VelocityTracker()
    // x = 1000 t - 2500 t^2: the speed at t = 0.1 is 1000 - 5000 * 0.1 = 500 px/s.
    for i in 0...12 {
      let t = Double(i) / 120
      tracker.addSample(Point(x: 1000 * t - 2500 * t * t, y: 2 * 1000 * t - 2 * 2500 * t * t), at: t)
    }
    let v = tracker.velocity(at: 0.1)
    #expect(isClose(v.x, 500, tolerance: 1e-6) && isClose(v.y, 1000, tolerance: 1e-6))
  }

  @Test("a finger that stopped more than 40 ms before the question reads zero")
  func stopped() {
    let tracker = drag(speed: 1000, rate: 120, count: 12)
    let newest = tracker.latestSampleTime!
    #expect(tracker.velocity(at: newest + 0.039).x > 900)
    #expect(tracker.velocity(at: newest + 0.041) == .zero)
  }

  @Test(
    "limits hit exactly read the same on a live clock and a replay's: a sample 40 ms old, a gap of 40 ms, 100 ms back"
  )
  func exactLimitsOnEveryClock() {
    // Millisecond stamps as the backend makes them seconds (EventTimeConverter: the stamp
    // over 1000 plus an offset), on clocks days and months since boot, and on a replay's
    // clock, which counts from the trace's start. The pointer's last motion of a drag 40 ms
    // before its release, a 40 ms gap, and a sample 100 ms before the newest.
    let stamps: [UInt32] = [1000, 1060, 1100, 1108, 1116, 1140, 1180]
    let xs: [Double] = [0, 30, 50, 56, 61, 70, 82]
    let release: UInt32 = 1220
    func tracker(_ time: (UInt32) -> Double) -> (VelocityTracker, now: Double) {
      var tracker = VelocityTracker()
      for (stamp, x) in zip(stamps, xs) { tracker.addSample(Point(x: x, y: -x / 2), at: time(stamp)) }
      return (tracker, time(release))
    }
    let (replayed, replayEnd) = tracker { Double($0 - 1000) / 1000 }
    let expected = replayed.velocity(at: replayEnd)
    #expect(expected.x > 100, "a sample exactly 40 ms old gives a velocity: \(expected)")
    for (base, offset) in [
      (80_292_000 as UInt32, -0.4371), (597_252_798, -2.489015622196683), (4_000_000_000, 7e6),
    ] {
      let (live, liveEnd) = tracker { Double(base + $0) / 1000 + offset }
      let velocity = live.velocity(at: liveEnd)
      #expect(isClose(velocity, expected, tolerance: 1e-3), "stamps from \(base), offset \(offset)")
    }
  }

  @Test("samples older than 100 ms before the newest one are left out")
  func horizon() {
    var tracker = VelocityTracker()
    tracker.addSample(Point(x: -500, y: 0), at: 0)
    tracker.addSample(Point(x: 0, y: 0), at: 0.5)
    tracker.addSample(Point(x: 10, y: 0), at: 0.51)
    #expect(isClose(tracker.velocity(at: 0.51), Point(x: 1000, y: 0), tolerance: 1e-6))
  }

  @Test("a lift-off outlier is clamped to 8000 px/s")
  func outlier() {
    var tracker = drag(speed: 1000, rate: 120, count: 10)
    let newest = tracker.latestSampleTime!
    tracker.addSample(Point(x: 400, y: 300), at: newest + 0.001)
    let v = tracker.velocity(at: newest + 0.001)
    #expect(v.length <= 8000 + 1e-9)
    #expect(v.length > 7999)
  }

  @Test("fewer than two samples read zero, two read the straight line between them")
  func fewSamples() {
    var tracker = VelocityTracker()
    #expect(tracker.velocity(at: 0) == .zero)
    tracker.addSample(Point(x: 5, y: 5), at: 1)
    #expect(tracker.velocity(at: 1) == .zero)
    tracker.addSample(Point(x: 8, y: 1), at: 1.01)
    #expect(isClose(tracker.velocity(at: 1.02), Point(x: 300, y: -400), tolerance: 1e-6))
    tracker.reset()
    #expect(tracker.sampleCount == 0 && tracker.velocity(at: 1.02) == .zero)
  }

  @Test("samples at one instant cannot give a slope and read zero")
  func degenerate() {
    var tracker = VelocityTracker()
    tracker.addSample(.zero, at: 1)
    tracker.addSample(Point(x: 5, y: 0), at: 1)
    #expect(tracker.velocity(at: 1) == .zero)
    tracker.addSample(Point(x: 9, y: 0), at: 1)
    #expect(tracker.velocity(at: 1) == .zero)
  }

  @Test("three samples at two instants fall back to a straight-line fit")
  func linearFallback() {
    var tracker = VelocityTracker()
    tracker.addSample(.zero, at: 1)
    tracker.addSample(.zero, at: 1)
    tracker.addSample(Point(x: 10, y: 0), at: 1.01)
    #expect(isClose(tracker.velocity(at: 1.01), Point(x: 1000, y: 0), tolerance: 1e-6))
  }
}
