import Testing

@testable import WaylandBackend

@Suite("Timing calibration")
struct TimingCalibrationTests {
  @Test("starts at the first frame when feedback is offered and no target is known")
  func startsAtFirstFrame() {
    var calibration = TimingCalibration()
    let dueBefore = calibration.commitDue(at: 0)
    #expect(!dueBefore)
    // Configures before the first frame leave it waiting; its first frame starts it.
    calibration.interrupted(by: .configure)
    #expect(calibration.state == .waitingForFirstFrame)
    #expect(calibration.isActive && !calibration.isCalibrating)
    calibration.firstFrameShown(at: 1.0, feedbackAvailable: true, timing: PresentationTiming())
    #expect(calibration.state == .calibrating(since: 1.0, commits: 0))
    let due = calibration.commitDue(at: 1.0)
    #expect(due)
    // Only the first frame counts.
    calibration.firstFrameShown(at: 1.1, feedbackAvailable: true, timing: PresentationTiming())
    #expect(calibration.state == .calibrating(since: 1.0, commits: 0))

    var noFeedback = TimingCalibration()
    noFeedback.firstFrameShown(at: 1.0, feedbackAvailable: false, timing: PresentationTiming())
    #expect(noFeedback.state == .finished(.notNeeded))
    var known = TimingCalibration()
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    known.firstFrameShown(at: 1.0, feedbackAvailable: true, timing: pacer.timing)
    #expect(known.state == .finished(.notNeeded))
    let knownDue = known.commitDue(at: 1.0)
    #expect(!knownDue)
  }

  @Test("stops at its commit cap, its time limit, or at once on input, a configure or a close")
  func stops() {
    func started() -> TimingCalibration {
      var calibration = TimingCalibration()
      calibration.firstFrameShown(at: 1.0, feedbackAvailable: true, timing: PresentationTiming())
      return calibration
    }
    var capped = started()
    for commit in 1...TimingCalibration.commitCap {
      let due = capped.commitDue(at: 1.0 + Double(commit) * 0.001)
      #expect(due)
      capped.committed()
    }
    #expect(capped.state == .finished(.commitCap))
    let dueAfter = capped.commitDue(at: 1.1)
    #expect(!dueAfter)

    var timed = started()
    let dueInTime = timed.commitDue(at: 1.0 + TimingCalibration.timeLimit - 0.001)
    #expect(dueInTime)
    let dueLate = timed.commitDue(at: 1.0 + TimingCalibration.timeLimit)
    #expect(!dueLate)
    #expect(timed.state == .finished(.timeLimit))

    for interruption in [TimingCalibration.Interruption.input, .configure, .closed] {
      var interrupted = started()
      interrupted.interrupted(by: interruption)
      #expect(interrupted.state == .finished(.interrupted))
      #expect(!interrupted.isActive)
      let due = interrupted.commitDue(at: 1.0)
      #expect(!due)
      // Finished is final.
      interrupted.firstFrameShown(at: 2.0, feedbackAvailable: true, timing: PresentationTiming())
      #expect(interrupted.state == .finished(.interrupted))
    }
    var early = TimingCalibration()
    early.interrupted(by: .input)
    #expect(early.state == .finished(.interrupted))
  }

  /// A fresh app on Weston's headless loop: its first frame at 10 ms, calibrating after it,
  /// the drag from 0.6 s to `end`.
  static func freshApp(until end: Double) -> PacingSimulation {
    var simulation = PacingSimulation(compositor: .weston)
    simulation.firstFrame = 0.010
    simulation.inputStart = 0.6
    simulation.end = end
    simulation.calibrate = true
    // The commit target itself is tested: each draw starts at the latest start, not after
    // the last input expected before it (FramePacerCadenceTests, PacingSimulationTests).
    simulation.recordsCadence = false
    return simulation
  }

  @Test("a fresh app calibrates, then plans the first frame after an idle restart just before the latch")
  func calibratedFreshApp() {
    func freshApp(calibrate: Bool) -> PacingSimulation.Result {
      var simulation = Self.freshApp(until: 0.8)
      simulation.calibrate = calibrate
      return simulation.run()
    }
    let calibrated = freshApp(calibrate: true)
    // The callback comes 0.3 ms after the latch, and the target stays
    // `PresentationTiming.boundGap` (0.5 ms) below it: the empty commits probe up to just
    // before the latch and none misses, so the calibration makes all its commits.
    #expect(calibrated.calibration == .finished(.commitCap))
    #expect(calibrated.emptyCommits <= TimingCalibration.commitCap)
    #expect(calibrated.timing.plannedTestCount >= 2)
    #expect(calibrated.maximumCommitsPerRepaint == 1)
    // The drag's first input is drawn at once (the timing is stale: the compositor idled and
    // restarts its loop on that commit); the next commit, after that repaint's callback,
    // is planned just before the following latch.
    let drag = calibrated.drawnCommits.filter { $0.time >= 0.6 }
    let second = drag[1]
    #expect(second.latch - second.time > 0)
    #expect(second.latch - second.time < 0.002)
    #expect(second.latch - drag[0].latch < 0.030)
    // So the inputs after the first (before that latch) wait no extra repaint.
    let early = calibrated.inputLatencies.dropFirst().prefix(4).map(\.latency)
    #expect(early.allSatisfy { $0 < 0.028 })
    // No miss: every drawn commit of the drag after the first made the latch right after
    // it, not a restarted loop's.
    #expect(calibrated.misses == 0)
    #expect(drag.dropFirst().allSatisfy { $0.latch - $0.time < 0.002 })

    // Without calibration that commit is drawn at once, just after the first latch, and
    // the inputs after it wait a whole repaint more.
    let fresh = freshApp(calibrate: false)
    #expect(fresh.emptyCommits == 0)
    let uncalibrated = fresh.drawnCommits.filter { $0.time >= 0.6 }[1]
    #expect(uncalibrated.latch - uncalibrated.time > 0.020)
    #expect(fresh.inputLatencies.dropFirst().prefix(4).map(\.latency).max()! > 0.040)
  }

  @Test("a callback long after the latch: an empty commit's miss finds it, and the drag misses none")
  func calibrationLearnsLatch() {
    var simulation = Self.freshApp(until: 1.2)
    // The callback 1 ms after the latch: a target `boundGap` below it is past the latch.
    simulation.renderTime = 0.001
    let result = simulation.run()
    #expect(result.calibration == .finished(.learned))
    #expect(result.emptyCommits < TimingCalibration.commitCap)
    #expect(result.misses == 1)
    let drag = result.drawnCommits.filter { $0.time >= 0.6 }
    #expect(drag.count > 20)
    #expect(drag.dropFirst().allSatisfy { $0.latch - $0.time < 0.002 })
  }

  @Test("on a compositor that never presents, calibration stops at its commit cap")
  func neverPresents() {
    var simulation = Self.freshApp(until: 0.7)
    simulation.discardAll = true
    let result = simulation.run()
    #expect(result.emptyCommits == TimingCalibration.commitCap)
    #expect(result.calibration == .finished(.commitCap))
    #expect(result.plannedDraws == 0)
    #expect(result.maximumCommitsPerRepaint == 1)
  }
}

@Suite("Frame pacer: empty commits")
struct FramePacerEmptyCommitTests {
  @Test("an empty commit is planned with the wake-up margin only and records no draw duration")
  func emptyCommitMargin() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let offset = pacer.timing.commitOffset!
    let wake = FramePacer.initialWakeAllowance + FramePacer.minimumSlack
    #expect(abs(pacer.margin(for: .emptyCommit) - wake) < 1e-12)
    #expect(abs(pacer.margin - (0.0005 + wake)) < 1e-12)
    let deadline = pacer.planChange(at: 0.077, work: .emptyCommit)!
    #expect(abs(deadline - (0.075 + offset - wake)) < 1e-9)
    // Made 50 µs late: a wake-up sample, no draw sample.
    pacer.committed(at: deadline + 0.000_05, drawStart: nil, feedbackID: 3)
    #expect(pacer.state == .waitingForFrame)
    #expect(abs(pacer.margin(for: .emptyCommit) - (0.000_05 + FramePacer.minimumSlack)) < 1e-12)
    #expect(abs(pacer.margin - (0.0005 + 0.000_05 + FramePacer.minimumSlack)) < 1e-12)
  }

  @Test("a change while an empty commit is planned is planned again as a draw; a cancel goes idle")
  func changeReplacesEmptyCommit() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let empty = pacer.planChange(at: 0.077, work: .emptyCommit)!
    // A second empty commit keeps the plan.
    let second = pacer.planChange(at: 0.078, work: .emptyCommit)
    #expect(second == nil)
    let draw = pacer.planChange(at: 0.078)!
    #expect(abs(empty - draw - 0.0005) < 1e-9)
    #expect(pacer.state == .scheduled(deadline: draw))
    // Once a draw, it stays planned: no cancel, no second re-plan.
    let cancelledDraw = pacer.cancelEmptyCommit()
    #expect(!cancelledDraw)
    let replanned = pacer.planChange(at: 0.079)
    #expect(replanned == nil)
    #expect(pacer.state == .scheduled(deadline: draw))

    var cancelled = FramePacer()
    presentThreeRepaints(to: &cancelled)
    let nothingToCancel = cancelled.cancelEmptyCommit()
    #expect(!nothingToCancel)
    _ = cancelled.planChange(at: 0.077, work: .emptyCommit)
    let cancelledEmpty = cancelled.cancelEmptyCommit()
    #expect(cancelledEmpty)
    #expect(cancelled.state == .idle)
  }
}

@Suite("Frame pacer: wake-up allowance after a pause")
struct FramePacerWakeAllowanceTests {
  @Test("after a pause the last measured wake-up lateness is the allowance, at most the initial one")
  func forgottenWakeLateness() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    // A planned empty commit woke 40 µs late.
    let deadline = pacer.planChange(at: 0.077, work: .emptyCommit)!
    pacer.committed(at: deadline + 0.000_04, drawStart: nil, feedbackID: 3)
    _ = pacer.frameDone(at: 0.0843, needsDisplay: false)
    // Half a second later that sample is forgotten, but still bounds the allowance.
    pacer.committed(at: 0.6002, drawStart: 0.6, feedbackID: nil)
    #expect(abs(pacer.margin - (0.0002 + 0.000_04 + FramePacer.minimumSlack)) < 1e-12)
  }
}

@Suite("Frame pacer: an empty commit's callback that never comes")
struct FramePacerEmptyCommitPatienceTests {
  @Test("an empty commit's callback holds back a draw only for a while, a drawn commit's for good")
  func patience() {
    var pacer = FramePacer()
    pacer.committed(at: 1.0, drawStart: nil, feedbackID: 1)
    #expect(pacer.emptyCommitPatienceEnd == 1.0 + FramePacer.emptyCommitPatience)
    #expect(!pacer.mayDraw(at: 1.0 + FramePacer.emptyCommitPatience - 0.001))
    #expect(pacer.mayDraw(at: 1.0 + FramePacer.emptyCommitPatience))
    // The draw then uses the callback still pending, and waits for it without patience.
    pacer.committed(at: 1.2, drawStart: 1.199, feedbackID: 2)
    #expect(pacer.state == .waitingForFrame)
    #expect(pacer.emptyCommitPatienceEnd == nil)
    #expect(!pacer.mayDraw(at: 5.0))
    // Once it fires, all is as before.
    _ = pacer.frameDone(at: 5.0, needsDisplay: false)
    #expect(pacer.emptyCommitPatienceEnd == nil)
    #expect(pacer.mayDraw(at: 5.0))
  }
}
