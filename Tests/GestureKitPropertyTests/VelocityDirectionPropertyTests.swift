import GestureKit
import TestSupport
import Testing

/// The velocity never points against the motion (docs/SEMANTICS.md, Velocity): random
/// monotone motions, sampled steadily, in clusters, with pauses longer than the 40 ms gap, or
/// with jittered and simultaneous sample times.
@Suite("Velocity direction property")
struct VelocityDirectionPropertyTests {
  @Test("for any monotone motion and any sample timing, the velocity never points against it")
  func neverAgainstTheMotion() {
    var random = SplitMix64(seed: 0x7E10_C17E)
    for run in 0..<5000 {
      var tracker = VelocityTracker()
      var time = 0.0
      var position = Point(x: Double(random.index(1000)), y: Double(random.index(1000)))
      let first = position
      let signs = (x: random.index(3) - 1, y: random.index(3) - 1)
      let style = random.index(4)
      for _ in 0..<(2 + random.index(30)) {
        switch style {
        case 0: time += 0.008  // steady
        case 1: time += random.index(4) == 0 ? 0.030 + Double(random.index(30)) / 1000 : 0.0005  // clustered
        case 2: time += random.index(5) == 0 ? 0.045 + Double(random.index(100)) / 1000 : 0.008  // paused
        default: time += Double(random.index(20)) / 1000  // jittered, simultaneous samples too
        }
        // Any non-negative step along each axis's direction, a large jump now and then.
        let reach = random.index(10) == 0 ? 400.0 : 20.0
        let dx = Double(signs.x) * random.double(0...reach)
        let dy = Double(signs.y) * random.double(0...reach)
        position = position + Point(x: dx, y: dy)
        tracker.addSample(position, at: time)
      }
      let velocity = tracker.velocity(at: time)
      let moved = position - first
      #expect(
        velocity.x * moved.x >= 0 && velocity.y * moved.y >= 0,
        "run \(run) style \(style): \(velocity), moved \(moved)")
      #expect(signs.x != 0 || abs(velocity.x) < 1e-6, "run \(run): x stood still but reads \(velocity.x)")
      #expect(signs.y != 0 || abs(velocity.y) < 1e-6, "run \(run): y stood still but reads \(velocity.y)")
      #expect(velocity.x.isFinite && velocity.y.isFinite && velocity.length <= 8000 + 1e-6)
    }
  }
}
