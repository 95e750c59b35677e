import GestureKit
import TestSupport
import Testing

/// `VelocityTracker` computes what Flutter and Android (LSQ2) compute (its doc comment):
/// on random sample sets, curved and turning paths, steady, jittered, clustered
/// and paused timing, asked at once or up to 50 ms later, it equals an independent
/// least-squares fit (TestSupport's `ReferenceVelocity`) within 1e-6 of the speed.
@Suite("Velocity against an independent LSQ2 fit")
struct VelocityReferencePropertyTests {
  /// A random path: a smooth curve whose acceleration changes now and then (so it turns),
  /// with a jump now and then; times from one of four styles, always at least 0.5 ms apart.
  static func randomSamples(_ random: inout SplitMix64) -> [ReferenceVelocity.Sample] {
    var samples: [ReferenceVelocity.Sample] = []
    var time = 0.0
    var position = (x: random.double(0...1000), y: random.double(0...1000))
    var speed = (x: random.double(-3000...3000), y: random.double(-3000...3000))
    let style = random.index(4)
    for _ in 0..<(1 + random.index(40)) {
      let step: Double
      switch style {
      case 0: step = 0.008  // steady, 125 Hz
      case 1:  // clustered
        step = random.index(4) == 0 ? random.double(0.020...0.060) : random.double(0.0005...0.002)
      case 2: step = random.index(5) == 0 ? random.double(0.041...0.150) : 0.008  // paused
      default:  // jittered, in whole milliseconds as wl_touch gives them
        step = Double(1 + random.index(20)) / 1000
      }
      time += step
      if random.index(4) == 0 {
        speed = (random.double(-3000...3000), random.double(-3000...3000))  // turns
      }
      let jump = random.index(15) == 0 ? random.double(-200...200) : 0
      position = (position.x + speed.x * step + jump, position.y + speed.y * step)
      samples.append(ReferenceVelocity.Sample(time: time, x: position.x, y: position.y))
    }
    return samples
  }

  /// A tracker given `samples`, oldest first.
  static func tracker(fedWith samples: [ReferenceVelocity.Sample]) -> VelocityTracker {
    var tracker = VelocityTracker()
    for sample in samples { tracker.addSample(Point(x: sample.x, y: sample.y), at: sample.time) }
    return tracker
  }

  @Test("on random sample sets the tracker equals an independent LSQ2 fit within 1e-6 relative")
  func equalsReferenceFit() throws {
    var random = SplitMix64(seed: 0x1_5C2_F17)
    var quadratics = 0
    for run in 0..<5000 {
      let samples = Self.randomSamples(&random)
      let tracker = Self.tracker(fedWith: samples)
      let now = samples.last!.time + (random.index(3) == 0 ? random.double(0...0.050) : 0)
      let want = try #require(ReferenceVelocity.velocity(samples, at: now), "run \(run)")
      let got = tracker.velocity(at: now)
      let tolerance = 1e-6 * max((want.x * want.x + want.y * want.y).squareRoot(), 1)
      #expect(
        abs(got.x - want.x) <= tolerance && abs(got.y - want.y) <= tolerance,
        "run \(run): \(got), reference \(want), \(samples.count) samples, asked at \(now)")
      if ReferenceVelocity.window(samples).count >= 3 && now - samples.last!.time <= 0.040 { quadratics += 1 }
    }
    // The cases exercise the quadratic fit, not only the trivial answers.
    #expect(quadratics > 2000, "\(quadratics)")
  }

  @Test("on a path that turns, the velocity follows the turn even against the net displacement")
  func followsTheTurn() throws {
    var random = SplitMix64(seed: 0x7E10_C17E)
    var against = 0
    for _ in 0..<2000 {
      let samples = Self.randomSamples(&random)
      let used = ReferenceVelocity.window(samples)
      guard used.count >= 3 else { continue }
      let tracker = Self.tracker(fedWith: samples)
      let velocity = tracker.velocity(at: samples.last!.time)
      let moved = used.first!.x - used.last!.x
      if velocity.x * moved < 0 { against += 1 }
    }
    // The peers' estimator reads the motion at the end of the path, not its net direction: a
    // rule that forced the sign toward the displacement would make this zero.
    #expect(against > 20, "\(against)")
  }
}
