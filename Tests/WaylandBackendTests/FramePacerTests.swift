import Testing

@testable import WaylandBackend

@Suite("Frame pacer")
struct FramePacerTests {
  @Test("a change with nothing pending draws at once; changes wait while a frame callback is pending")
  func idleAndWaiting() {
    var pacer = FramePacer()
    #expect(pacer.state == .idle)
    #expect(pacer.mayDraw(at: 0))
    pacer.committed(at: 0.0005, drawStart: 0, feedbackID: nil)
    #expect(pacer.state == .waitingForFrame)
    #expect(!pacer.mayDraw(at: 0.010))
    #expect(pacer.frameDone(at: 0.020, needsDisplay: false) == nil)
    #expect(pacer.state == .idle)
    #expect(pacer.mayDraw(at: 0.021))
  }

  @Test("without presentation feedback a change pending at the frame callback is drawn at once")
  func noFeedback() {
    var pacer = FramePacer()
    pacer.committed(at: 0.001, drawStart: 0, feedbackID: nil)
    #expect(pacer.frameDone(at: 0.025, needsDisplay: true) == nil)
    #expect(pacer.state == .idle)
    #expect(pacer.mayDraw(at: 0.025))
  }

  @Test(
    "the interval is the shortest gap between presentations, the lead the longest callback-to-presentation gap"
  )
  func learnsTiming() {
    var timing = PresentationTiming()
    timing.presented(at: 1.000, refresh: 0.016_667, sequence: nil, lastFrameDone: 0.984)
    #expect(timing.interval == nil)
    // A skipped repaint (two intervals) does not lengthen the interval.
    timing.presented(at: 1.050, refresh: 0.016_667, sequence: nil, lastFrameDone: 1.034)
    timing.presented(at: 1.075, refresh: 0.016_667, sequence: nil, lastFrameDone: 1.058)
    #expect(abs(timing.interval! - 0.025) < 1e-9)
    #expect(abs(timing.latchLead! - 0.017) < 1e-9)
    // Callbacks not paired with a commit that made the repaint give no latch bound.
    #expect(timing.latchBound == nil)
    #expect(timing.commitOffset == nil)
    // Refresh counters divide the gap.
    var counted = PresentationTiming()
    counted.presented(at: 2.000, refresh: 0, sequence: 10, lastFrameDone: nil)
    counted.presented(at: 2.050, refresh: 0, sequence: 13, lastFrameDone: nil)
    #expect(abs(counted.interval! - 0.050 / 3) < 1e-9)
    #expect(counted.latchLead == nil)
    #expect(counted.commitOffset == nil)
  }

  @Test("a pause between presentations is idle time, not a repaint interval (no stall after it)")
  func idleGapIsNotAnInterval() {
    var timing = PresentationTiming()
    // The app drew at start-up, sat idle for 0.47 s, then a touch made it draw again.
    timing.presented(at: 1.000, refresh: 0.016_667, sequence: nil, lastFrameDone: 0.990)
    timing.presented(at: 1.470, refresh: 0.016_667, sequence: nil, lastFrameDone: 1.460)
    #expect(timing.interval == nil)
    // So the next draw is not planned ~0.47 s ahead: with no interval there is no plan.
    #expect(timing.nextTarget(now: 1.48, lastFrameDone: 1.460) == nil)
    // Two repaints 25 ms apart give the interval again.
    timing.presented(at: 1.495, refresh: 0.016_667, sequence: nil, lastFrameDone: 1.485)
    #expect(abs(timing.interval! - 0.025) < 1e-9)
  }

  @Test("a callback older than one interval before the presentation is not a lead sample")
  func unrelatedCallback() {
    var timing = PresentationTiming()
    timing.presented(at: 1.000, refresh: 0, sequence: nil, lastFrameDone: nil)
    timing.presented(at: 1.025, refresh: 0, sequence: nil, lastFrameDone: 0.9)
    #expect(timing.latchLead == nil)
    #expect(timing.nextTarget(now: 1.03, lastFrameDone: 0.9) == nil)
  }

  @Test("a frame callback between two presentations bounds the latch; the target starts below it")
  func latchBoundFromCallback() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    // Callbacks came 0.3 ms after latches 9 ms after each presentation.
    #expect(abs(pacer.timing.latchBound! - 0.0093) < 1e-9)
    #expect(abs(pacer.timing.commitOffset! - (0.0093 - PresentationTiming.initialGuard)) < 1e-9)
    #expect(pacer.timing.madeCount == 2)
    #expect(pacer.timing.missedCount == 0)
  }

  @Test("planned commits that make the repaint move the target later, up to the latch bound")
  func madeCommitsProbeLater() {
    var timing = PresentationTiming()
    var presentation = 1.0
    timing.presented(at: presentation, refresh: 0, sequence: nil, lastFrameDone: nil)
    var id: UInt32 = 0
    func repaint(commitOffset: Double, planned: Bool, made: Bool = true) {
      id += 1
      let latch = made ? presentation + 0.009 : presentation + commitOffset + 0.009
      let commit = PresentationTiming.Commit(
        id: id, time: presentation + commitOffset, reference: presentation, referenceSequence: nil,
        planned: planned, ownsCallback: true, callbackDone: latch + 0.0003)
      presentation = latch + 0.016 + 0.0003
      timing.presented(
        at: presentation, refresh: 0, sequence: nil, lastFrameDone: latch + 0.0003, commit: commit)
    }
    // Two presentations first: the interval (25.3 ms) and the bound (9.3 ms).
    timing.presented(at: presentation + 0.0253, refresh: 0, sequence: nil, lastFrameDone: nil)
    presentation += 0.0253
    repaint(commitOffset: 0.007, planned: false)
    let start = timing.commitOffset!
    #expect(abs(start - (0.0093 - PresentationTiming.initialGuard)) < 1e-9)
    repaint(commitOffset: start, planned: true)
    // A quarter of the way to the bound (less the gap kept below it).
    let probed = start + PresentationTiming.probeFraction * (0.0093 - PresentationTiming.boundGap - start)
    #expect(abs(timing.commitOffset! - probed) < 1e-9)
    // An unplanned commit (drawn at once) tests nothing.
    repaint(commitOffset: 0.002, planned: false)
    #expect(abs(timing.commitOffset! - probed) < 1e-9)
    for _ in 0..<100 { repaint(commitOffset: timing.commitOffset!, planned: true) }
    #expect(abs(timing.commitOffset! - (0.0093 - PresentationTiming.boundGap)) < 1e-9)
    // A commit at the target missed the repaint (the latch was earlier than the callback
    // said): the target backs off and stays back for `missMemory` presentations.
    let missed = timing.commitOffset!
    repaint(commitOffset: missed, planned: true, made: false)
    #expect(timing.missedCount == 1)
    let backedOff = missed - PresentationTiming.missBackoff
    #expect(abs(timing.commitOffset! - backedOff) < 1e-9)
    for _ in 0..<(PresentationTiming.missMemory - 2) {
      repaint(commitOffset: timing.commitOffset!, planned: true)
    }
    #expect(abs(timing.commitOffset! - backedOff) < 1e-9)
    for _ in 0..<3 { repaint(commitOffset: timing.commitOffset!, planned: true) }
    #expect(timing.commitOffset! > backedOff)
  }

  @Test("with timing known the draw after a frame callback is planned, then re-planned at the presentation")
  func plansDraw() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let offset = pacer.timing.commitOffset!
    // A commit for the repaint latching at 0.084: its callback plans the next draw one
    // interval after the last presentation (0.075), before that repaint is presented.
    pacer.committed(at: 0.082, drawStart: 0.0815, feedbackID: 3)
    let done = 0.0843
    let deadline = pacer.frameDone(at: done, needsDisplay: true)
    let margin = 0.0005 + FramePacer.initialWakeAllowance + FramePacer.minimumSlack
    #expect(abs(pacer.margin - margin) < 1e-12)
    #expect(abs(deadline! - (0.075 + 0.025 + offset - margin)) < 1e-9)
    #expect(pacer.state == .scheduled(deadline: deadline!))
    // That repaint is presented 0.4 ms later than the interval predicted: the draw moves.
    let moved = pacer.presented(at: 0.1004, refresh: 0.016_667, sequence: nil, feedbackID: 3, now: 0.1004)
    #expect(abs(moved! - (0.1004 + pacer.timing.commitOffset! - margin)) < 1e-9)
    #expect(pacer.state == .scheduled(deadline: moved!))
    #expect(!pacer.mayDraw(at: moved! - 0.000_1))
    #expect(pacer.mayDraw(at: moved!))
    // Drawn 0.1 ms late, in 0.2 ms: the margin now holds what was measured, the planned
    // draw's 0.2 ms rather than the 0.5 ms of the draw made at once before it.
    pacer.committed(at: moved! + 0.0003, drawStart: moved! + 0.0001, feedbackID: 4)
    #expect(pacer.state == .waitingForFrame)
    #expect(abs(pacer.margin - (0.0002 + 0.0001 + FramePacer.minimumSlack)) < 1e-9)
  }

  @Test(
    "a slow draw made at once (a gesture's first frame) widens the margin only until a planned draw is timed")
  func drawAtOnceLeavesMargin() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    // A finger comes down while idle: its frame (a card lifted onto its layer) is drawn at
    // once, in 2 ms.
    pacer.committed(at: 0.079, drawStart: 0.077, feedbackID: 3)
    #expect(abs(pacer.expectedDrawDuration - 0.002) < 1e-12)
    // The next draw, planned, allows for it: nothing planned has been timed yet.
    let deadline = pacer.frameDone(at: 0.0843, needsDisplay: true)!
    #expect(abs(pacer.margin - (0.002 + FramePacer.initialWakeAllowance + FramePacer.minimumSlack)) < 1e-12)
    // It takes 0.1 ms (the layer moved): from now on the margin allows 0.1 ms for a draw,
    // while the slow one is still within ``historyAge``.
    pacer.committed(at: deadline + 0.0002, drawStart: deadline + 0.0001, feedbackID: 4)
    #expect(abs(pacer.expectedDrawDuration - 0.0001) < 1e-12)
    #expect(abs(pacer.margin - (0.0001 + 0.0001 + FramePacer.minimumSlack)) < 1e-9)
    // A slow planned draw counts in full.
    let next = pacer.frameDone(at: 0.1093, needsDisplay: true)!
    pacer.committed(at: next + 0.0016, drawStart: next, feedbackID: 5)
    #expect(abs(pacer.expectedDrawDuration - 0.0016) < 1e-12)
  }

  @Test("with a target ahead a change while idle is planned, not drawn at once")
  func changeWhileIdleIsPlanned() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    #expect(pacer.state == .idle)
    // Input arrives 2 ms after the presentation at 0.075: it is drawn just before the target
    // after that presentation, with any input that follows, instead of at once.
    let now = 0.077
    let deadline = pacer.planChange(at: now)
    #expect(abs(deadline! - (0.075 + pacer.timing.commitOffset! - pacer.margin)) < 1e-9)
    #expect(pacer.state == .scheduled(deadline: deadline!))
    #expect(!pacer.mayDraw(at: now))
    // A second change meanwhile keeps the plan.
    #expect(pacer.planChange(at: now + 0.002) == nil)
    #expect(pacer.state == .scheduled(deadline: deadline!))
    // Past the target the compositor latches (or restarts on) the next commit: at once.
    var late = FramePacer()
    presentThreeRepaints(to: &late)
    #expect(late.planChange(at: 0.075 + 0.0092) == nil)
    #expect(late.mayDraw(at: 0.075 + 0.0092))
  }

  @Test("without timing, or after a pause, a change while idle is drawn at once")
  func changeWithoutTimingDrawsAtOnce() {
    var fresh = FramePacer()
    #expect(fresh.planChange(at: 1.0) == nil)
    #expect(fresh.mayDraw(at: 1.0))
    var paused = FramePacer()
    presentThreeRepaints(to: &paused)
    #expect(paused.planChange(at: 2.0) == nil)
    #expect(paused.mayDraw(at: 2.0))
  }

  @Test("after a pause the callback of the first commit plans the next draw an interval after it")
  func restartAfterPause() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let offset = pacer.timing.commitOffset!
    let bound = pacer.timing.latchBound!
    // Idle for a second: the first input is drawn at once, and the compositor restarts its
    // repaint loop, latching the commit 9.7 ms later.
    #expect(pacer.planChange(at: 1.0) == nil)
    pacer.committed(at: 1.0002, drawStart: 1.0, feedbackID: 10)
    let done = 1.0002 + 0.0097 + 0.0003
    let deadline = pacer.frameDone(at: done, needsDisplay: true)
    #expect(abs(deadline! - (done + 0.025 - (bound - offset) - pacer.margin)) < 1e-9)
    // Its presentation, a second after the previous one, bounds nothing: the bound stays.
    _ = pacer.presented(at: done - 0.0003 + 0.016, refresh: 0, sequence: nil, feedbackID: 10)
    #expect(pacer.timing.latchBound == bound)
  }

  @Test("after a short pause the first callback of the restarted repaint loop plans the next draw")
  func restartAfterShortPause() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let offset = pacer.timing.commitOffset!
    let bound = pacer.timing.latchBound!
    // 50 ms without a change (a pan waiting for its 10 px): the compositor's loop went idle
    // after the presentation at 0.075. The change is drawn at once and restarts the loop.
    #expect(pacer.planChange(at: 0.125) == nil)
    pacer.committed(at: 0.1252, drawStart: 0.125, feedbackID: 10)
    // Its callback: the last presentation's next latch (0.108) has passed, at a phase the
    // loop no longer has; the next latch is an interval after the one this callback followed.
    let done = 0.1252 + 0.0097 + 0.0003
    let deadline = pacer.frameDone(at: done, needsDisplay: true)
    #expect(deadline != nil, "drawn at once: every input until the next latch would wait a repaint more")
    #expect(abs((deadline ?? 0) - (done + 0.025 - (bound - offset) - pacer.margin)) < 1e-9)
  }

  @Test("a stalled wake-up widens the margin only for a while, so planning resumes")
  func stallExpires() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let deadline = pacer.planChange(at: 0.077)!
    // The machine stalled: the planned draw started 0.3 s late.
    pacer.committed(at: deadline + 0.3002, drawStart: deadline + 0.3, feedbackID: nil)
    #expect(pacer.margin > 0.3)
    // A quarter of a second later that sample, and the draw before it, are forgotten.
    _ = pacer.frameDone(at: deadline + 0.3 + FramePacer.historyAge + 0.01, needsDisplay: true)
    #expect(abs(pacer.margin - (FramePacer.initialWakeAllowance + FramePacer.minimumSlack)) < 1e-9)
  }

  @Test("stale timing (the compositor went idle) draws at once")
  func staleTiming() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    pacer.committed(at: 0.0805, drawStart: 0.08, feedbackID: nil)
    #expect(pacer.frameDone(at: 5.0, needsDisplay: true) == nil)
    #expect(pacer.state == .idle)
  }

  @Test("a callback that never fires can be given up; a discarded commit is forgotten")
  func cancelledCallback() {
    var pacer = FramePacer()
    pacer.committed(at: 0, drawStart: 0, feedbackID: 1)
    pacer.frameCallbackCancelled()
    #expect(pacer.mayDraw(at: 0))
    pacer.discarded(feedbackID: 1)
    // Its presentation, were it to come, teaches nothing.
    #expect(pacer.presented(at: 0.02, refresh: 0, sequence: nil, feedbackID: 1) == nil)
    #expect(pacer.timing.madeCount + pacer.timing.missedCount == 0)
  }
}

/// Commits, frame callbacks and presentations of three repaints that latch at
/// 0.009 + k * 0.025 s, send the frame callback 0.3 ms later and are presented 0.016 s after
/// the latch (draws of 0.5 ms, committed 2 ms before each latch), as a compositor repainting
/// every 25 ms would report them.
func presentThreeRepaints(to pacer: inout FramePacer) {
  for k in 0..<3 {
    let latch = 0.009 + Double(k) * 0.025
    pacer.committed(at: latch - 0.002, drawStart: latch - 0.0025, feedbackID: UInt32(k))
    _ = pacer.frameDone(at: latch + 0.0003, needsDisplay: false)
    _ = pacer.presented(at: latch + 0.016, refresh: 0.016_667, sequence: nil, feedbackID: UInt32(k))
  }
}

@Suite("Frame pacer: restarted repaint loop")
struct FramePacerRestartTests {
  @Test("a restarted loop's callback before the last presentation's next target plans from the callback")
  func restartBeforeTargetPassed() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let offset = pacer.timing.commitOffset!
    let bound = pacer.timing.latchBound!
    // Nothing was committed by the latch after the presentation at 0.075 (at 0.084), so the
    // loop stopped; a commit at 0.090 restarts it: latched 9.7 ms later, its callback at
    // 0.100, before 0.075 + interval + offset (0.108), which is no repaint's target now.
    pacer.committed(at: 0.090, drawStart: 0.0898, feedbackID: 10)
    let done = 0.090 + 0.0097 + 0.0003
    let deadline = pacer.frameDone(at: done, needsDisplay: true)
    #expect(abs((deadline ?? 0) - (done + 0.025 - (bound - offset) - pacer.margin)) < 1e-9)
  }
}
