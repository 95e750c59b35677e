import Testing

@testable import WaylandBackend

@Suite("Frame pacer: quiet reading")
struct FramePacerQuietTests {
  @Test("a planned draw is quiet until its deadline; a presentation read then that came late plans it again")
  func plannedDraw() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    pacer.committed(at: 0.082, drawStart: 0.0815, feedbackID: 3)
    // The frame callback is awaited: its arrival time teaches the latch.
    #expect(pacer.quietUntil(now: 0.0825) == nil)
    let deadline = pacer.frameDone(at: 0.0843, needsDisplay: true)!
    // Not woken for the presentation of commit 3 (expected at 0.100): it is read at the
    // deadline, and it moves the deadline by less than `drawAtOnceWithin`.
    #expect(deadline > 0.1)
    #expect(pacer.quietUntil(now: 0.0844) == deadline)
    let woken = deadline + 0.000_05
    var onTime = pacer
    #expect(
      onTime.presented(
        at: 0.1001, refresh: 0.016_667, sequence: nil, feedbackID: 3, now: woken, readLate: true) == nil)
    #expect(onTime.state == .scheduled(deadline: deadline))
    #expect(onTime.mayDraw(at: woken))
    // A presentation 1 ms late: the draw is planned again, 1 ms later.
    let moved = pacer.presented(
      at: 0.101, refresh: 0.016_667, sequence: nil, feedbackID: 3, now: woken, readLate: true)!
    #expect(abs(moved - (deadline + 0.001)) < 1e-9)
    #expect(!pacer.mayDraw(at: woken))
    #expect(pacer.quietUntil(now: woken) == moved)
    #expect(pacer.quietUntil(now: moved) == nil)
  }

  @Test("idle between frames of a drag: quiet until the deadline an input would get")
  func idleDuringDrag() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    pacer.committed(at: 0.082, drawStart: 0.0815, feedbackID: 3)
    #expect(pacer.frameDone(at: 0.0843, needsDisplay: false) == nil)
    var input = pacer
    let expected = input.planChange(at: 0.085)!
    #expect(expected > 0.1)
    #expect(pacer.quietUntil(now: 0.085) == expected)
    _ = pacer.presented(at: 0.1001, refresh: 0.016_667, sequence: nil, feedbackID: 3, now: 0.1003)
    // Nothing awaited (the drag may be over): events are read as they come, so an idle app
    // makes no timer wake-ups. An input is still planned, not drawn at once.
    var copy = pacer
    let planned = copy.planChange(at: 0.1004)!
    #expect(pacer.quietUntil(now: 0.1004) == nil)
    #expect(pacer.state == .idle)
    #expect(planned > 0.1004)
  }

  @Test(
    "after a commit without a callback: quiet until the next draw's deadline, planned at once from the presentation read then"
  )
  func withoutCallback() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    // A steady drag whose last commit asked for a callback: the next one does not.
    var k = 21
    if FramePacerCallbackTests.pacedDrag(&pacer, frames: 3...20).last == false {
      while FramePacerCallbackTests.pacedDrag(&pacer, frames: k...k) == [false] { k += 1 }
      k += 1
    }
    let previous = pacer.timing.lastPresentation!
    let latch = previous + 0.009
    let deadline = pacer.planChange(at: previous + 0.000_1)!
    #expect(!pacer.wantsFrameCallback(feedback: true))
    pacer.committed(
      at: deadline + 0.000_3, drawStart: deadline + 0.000_1, feedbackID: UInt32(k), callback: false)
    let margin = pacer.margin
    // Not woken for the presentation (expected at latch + 0.016), but for the draw after it.
    let end = pacer.quietUntil(now: deadline + 0.000_4)!
    let expected = previous + pacer.timing.interval! + pacer.timing.commitOffset! - margin
    #expect(abs(end - expected) < 1e-12)
    #expect(end > latch + 0.016)
    #expect(pacer.quietDrawDeadline == end)
    // Had the presentation not come by then, the loop would read it as soon as it comes.
    var missing = pacer
    #expect(missing.quietUntil(now: end + 0.000_15) == nil)
    // Woken 0.15 ms late; the presentation, read now, ends the wait.
    let woken = end + 0.000_15
    #expect(
      pacer.presented(
        at: latch + 0.016, refresh: 0.016_667, sequence: nil, feedbackID: UInt32(k), now: woken,
        readLate: true) == nil)
    #expect(pacer.state == .idle)
    // Read late, it still counts as read 8.5 ms before the deadline it plans.
    #expect(pacer.presentationLead! > 0.008)
    // The input that arrived meanwhile is drawn at once, as planned for that wake-up: its
    // lateness (0.15 + 0.1 ms to the draw's start) goes into the margin.
    #expect(pacer.planChange(at: woken) == end)
    #expect(pacer.mayDraw(at: woken))
    pacer.committed(
      at: woken + 0.000_3, drawStart: woken + 0.000_1, feedbackID: UInt32(k + 1), callback: false)
    #expect(abs(pacer.margin - (margin + 0.000_15)) < 1e-9)
  }

  @Test(
    "a deadline less than drawAtOnceWithin ahead, or passed with the target ahead, is drawn at once as planned"
  )
  func drawAtOnce() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    var probe = pacer
    let deadline = probe.planChange(at: 0.076)!
    let target = deadline + pacer.margin
    var far = pacer
    #expect(far.planChange(at: deadline - FramePacer.drawAtOnceWithin - 0.000_01) == deadline)
    for now in [deadline - FramePacer.drawAtOnceWithin + 0.000_01, deadline + 0.000_2] {
      var near = pacer
      #expect(near.planChange(at: now) == now)
      #expect(near.state == .scheduled(deadline: now))
      #expect(near.mayDraw(at: now))
      #expect(near.wantsFrameCallback(feedback: true))
    }
    // The target passed: drawn at once, unplanned.
    var passed = pacer
    #expect(passed.planChange(at: target + 0.000_01) == nil)
    #expect(passed.state == .idle)
  }

  @Test("a planned draw with nothing awaited is quiet until its deadline")
  func plannedFromIdle() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let deadline = pacer.planChange(at: 0.076)!
    #expect(pacer.quietUntil(now: 0.076) == deadline)
    #expect(pacer.quietUntil(now: deadline) == nil)
  }

  @Test("never for an empty commit, a draw held by its callback, or without timing")
  func neverQuiet() {
    var fresh = FramePacer()
    #expect(fresh.quietUntil(now: 0) == nil)
    fresh.committed(at: 0.001, drawStart: 0, feedbackID: 1)
    #expect(fresh.frameDone(at: 0.02, needsDisplay: false) == nil)
    // Idle, the presentation awaited, but no target known: input is drawn at once.
    #expect(fresh.quietUntil(now: 0.021) == nil)

    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let planned = pacer.planChange(at: 0.076, work: .emptyCommit)
    #expect(planned != nil)
    #expect(pacer.quietUntil(now: 0.076) == nil)
    pacer.committed(at: planned!, drawStart: nil, feedbackID: 5)
    #expect(pacer.quietUntil(now: planned! + 0.000_1) == nil)
  }
}
