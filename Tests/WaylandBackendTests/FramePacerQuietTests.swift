import Testing

@testable import WaylandBackend

@Suite("Frame pacer: quiet reading")
struct FramePacerQuietTests {
  @Test("a planned draw is quiet until its presentation is expected, then until the deadline")
  func plannedDraw() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    pacer.committed(at: 0.082, drawStart: 0.0815, feedbackID: 3)
    // The frame callback is awaited: its arrival time teaches the latch.
    #expect(pacer.quietUntil(now: 0.0825) == nil)
    let deadline = pacer.frameDone(at: 0.0843, needsDisplay: true)!
    // The presentation of commit 3 is expected an interval after the one at 0.075.
    let expected = 0.075 + pacer.timing.interval! + FramePacer.presentationGrace
    #expect(expected < deadline)
    #expect(abs(pacer.quietUntil(now: 0.0844)! - expected) < 1e-12)
    // Once that time has passed, a late presentation is read as soon as it comes.
    #expect(pacer.quietUntil(now: expected + 0.000_01) == nil)
    let moved = pacer.presented(at: 0.1004, refresh: 0.016_667, sequence: nil, feedbackID: 3, now: 0.1006)!
    #expect(pacer.quietUntil(now: 0.1006) == moved)
    #expect(pacer.quietUntil(now: moved) == nil)
  }

  @Test("idle between frames of a drag: quiet until the deadline an input would get")
  func idleDuringDrag() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    pacer.committed(at: 0.082, drawStart: 0.0815, feedbackID: 3)
    #expect(pacer.frameDone(at: 0.0843, needsDisplay: false) == nil)
    let expected = 0.075 + pacer.timing.interval! + FramePacer.presentationGrace
    #expect(abs(pacer.quietUntil(now: 0.085)! - expected) < 1e-12)
    _ = pacer.presented(at: 0.1001, refresh: 0.016_667, sequence: nil, feedbackID: 3, now: 0.1003)
    // Nothing awaited (the drag may be over): events are read as they come, so an idle app
    // makes no timer wake-ups. An input is still planned, not drawn at once.
    var copy = pacer
    let planned = copy.planChange(at: 0.1004)!
    #expect(pacer.quietUntil(now: 0.1004) == nil)
    #expect(pacer.state == .idle)
    #expect(planned > 0.1004)
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
