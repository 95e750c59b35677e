import GestureKit
import Testing

@testable import Playground

@Suite("Frame animator and deceleration")
struct FrameAnimatorTests {
  @Test("ticks every 1/60 s on the clock until the step says done, then schedules nothing")
  func ticksUntilDone() {
    let clock = VirtualClock()
    let animator = FrameAnimator(clock: clock)
    var ticks: [Double] = []
    animator.start { elapsed in
      ticks.append(elapsed)
      return ticks.count < 3
    }
    #expect(animator.isRunning)
    clock.advance(to: 1)
    #expect(ticks.count == 3)
    #expect(ticks.allSatisfy { abs($0 - FrameAnimator.frameInterval) < 1e-9 })
    #expect(!animator.isRunning)
    #expect(clock.nextDeadline == nil)
  }

  @Test("stop cancels the pending tick")
  func stopCancels() {
    let clock = VirtualClock()
    let animator = FrameAnimator(clock: clock)
    var ticks = 0
    animator.start { _ in
      ticks += 1
      return true
    }
    clock.advance(by: 0.05)
    animator.stop()
    let before = ticks
    clock.advance(by: 1)
    #expect(ticks == before)
    #expect(clock.nextDeadline == nil)
  }

  @Test("deceleration slows down and ends inside its range")
  func decelerationEnds() {
    var motion = Deceleration(position: 0, velocity: 1000, range: -10_000...10_000)
    var frames = 0
    while motion.advance(by: 1.0 / 60) { frames += 1 }
    #expect(motion.isFinished)
    #expect(frames < 60 * 4)
    // The total glide is v / k (k = −1000 ln 0.998 ≈ 2.002 per second): about 500 px.
    #expect(abs(motion.position - 1000 / Deceleration.decayRate) < 5)
  }

  @Test("deceleration stops dead at the end of its range")
  func boundsRespected() {
    var motion = Deceleration(position: 0, velocity: -3000, range: -200...0)
    while motion.advance(by: 1.0 / 60) {}
    #expect(motion.position == -200)
    #expect(motion.velocity == 0)
  }
}
