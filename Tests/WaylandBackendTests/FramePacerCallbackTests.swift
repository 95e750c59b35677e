import Testing

@testable import WaylandBackend

@Suite("Frame pacer: presentation feedback standing in for frame callbacks")
struct FramePacerCallbackTests {
  /// A steady paced drag on a 25 ms repaint grid (latches 9 ms after each presentation,
  /// callbacks 0.3 ms after the latch, presentations 16 ms after it): each frame planned from
  /// the last presentation, asking for a callback when the pacer wants one. Returns whether
  /// each commit asked for one.
  static func pacedDrag(_ pacer: inout FramePacer, frames: ClosedRange<Int>) -> [Bool] {
    var asked: [Bool] = []
    for k in frames {
      let previous = 0.009 + Double(k - 1) * 0.025 + 0.016
      let latch = 0.009 + Double(k) * 0.025
      let deadline = pacer.planChange(at: previous + 0.000_1)!
      #expect(pacer.quietUntil(now: previous + 0.000_1) == deadline)
      let callback = pacer.wantsFrameCallback(feedback: true)
      asked.append(callback)
      pacer.committed(
        at: deadline + 0.000_3, drawStart: deadline + 0.000_1, feedbackID: UInt32(k), callback: callback)
      #expect(!pacer.mayDraw(at: latch))
      if callback {
        #expect(pacer.quietUntil(now: deadline + 0.000_4) == nil)
        #expect(pacer.frameDone(at: latch + 0.000_3, needsDisplay: false) == nil)
      } else {
        // Quiet until the presentation standing in for the callback is expected.
        #expect(pacer.quietUntil(now: deadline + 0.000_4)! > latch + 0.016)
      }
      _ = pacer.presented(
        at: latch + 0.016, refresh: 0.016_667, sequence: nil, feedbackID: UInt32(k), now: latch + 0.0161)
      #expect(pacer.state == .idle)
    }
    return asked
  }

  @Test(
    "a paced drag asks for a callback every callbackEvery commits; the presentation ends the others' wait")
  func everyFourth() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let asked = Self.pacedDrag(&pacer, frames: 3...20)
    // Until the target has been tested by a few planned commits, every commit asks.
    let first = asked.firstIndex(of: false)!
    #expect(first >= 1 && first <= 6)
    let steady = Array(asked[first...])
    for (index, callback) in steady.enumerated() {
      #expect(callback == (index % FramePacer.callbackEvery == FramePacer.callbackEvery - 1))
    }
    #expect(pacer.timing.missedCount == 0)
  }

  @Test("not without feedback, nor for a draw made at once, nor when presentations come late")
  func keepsCallbacks() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    _ = Self.pacedDrag(&pacer, frames: 3...10)
    // Commit 11 (latched at 0.284) asks for a callback, which plans the next draw; its
    // presentation plans it again.
    let latch = 0.009 + 11 * 0.025
    let deadline = pacer.planChange(at: 0.2752)!
    pacer.committed(at: deadline + 0.000_3, drawStart: deadline + 0.000_1, feedbackID: 11, callback: true)
    #expect(pacer.frameDone(at: latch + 0.000_3, needsDisplay: true) != nil)
    let offset = pacer.timing.commitOffset!
    var onTime = pacer
    _ = onTime.presented(
      at: latch + 0.016, refresh: 0.016_667, sequence: nil, feedbackID: 11, now: latch + 0.0161)
    #expect(!onTime.wantsFrameCallback(feedback: true))
    #expect(onTime.wantsFrameCallback(feedback: false))
    // The same presentation read only 1 ms before the deadline it plans: callbacks stay.
    var late = pacer
    let readAt = latch + 0.016 + offset - late.margin - 0.001
    _ = late.presented(at: latch + 0.016, refresh: 0.016_667, sequence: nil, feedbackID: 11, now: readAt)
    #expect(late.wantsFrameCallback(feedback: true))
    // A change drawn at once (no timing yet) asks for one.
    var atOnce = FramePacer()
    #expect(atOnce.planChange(at: 0) == nil)
    #expect(atOnce.wantsFrameCallback(feedback: true))
  }

  @Test(
    "a presentation that never comes holds back draws for the empty commit's patience; a discard ends the wait"
  )
  func patienceAndDiscard() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    _ = Self.pacedDrag(&pacer, frames: 3...10)
    let deadline = pacer.planChange(at: 0.26)!
    #expect(!pacer.wantsFrameCallback(feedback: true))
    pacer.committed(at: deadline + 0.000_2, drawStart: deadline, feedbackID: 50, callback: false)
    #expect(pacer.patienceEnd == deadline + 0.000_2 + FramePacer.emptyCommitPatience)
    #expect(!pacer.mayDraw(at: pacer.patienceEnd! - 0.001))
    #expect(pacer.mayDraw(at: pacer.patienceEnd!))
    var discarded = pacer
    discarded.discarded(feedbackID: 50)
    #expect(discarded.state == .idle)
    #expect(discarded.patienceEnd == nil)
    // Another commit's presentation does not end it.
    _ = pacer.presented(
      at: deadline - 0.01, refresh: 0.016_667, sequence: nil, feedbackID: 49, now: deadline + 0.001)
    #expect(pacer.state == .waitingForFrame)
  }

  @Test(
    "a miss told by the commit's own frame callback moves the target back before the next draw is planned")
  func missLearnedFromCallback() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    var made = pacer
    let deadline = pacer.planChange(at: 0.076)!
    let offset = pacer.timing.commitOffset!
    pacer.committed(at: deadline + 0.000_3, drawStart: deadline + 0.000_1, feedbackID: 3)
    // Latched at 0.109, a repaint late: its callback says so.
    let next = pacer.frameDone(at: 0.1093, needsDisplay: true)!
    #expect(pacer.timing.missedCount == 1)
    #expect(pacer.timing.commitOffset! < offset - 0.000_2)
    // Planned from the callback (the repaint it started is presented next), with the new
    // target: an interval after the latch, which was `latchBound - commitOffset` before it.
    let bound = pacer.timing.latchBound!
    #expect(abs(next - (0.1093 + 0.025 - (bound - pacer.timing.commitOffset!) - pacer.margin)) < 1e-9)
    // Its presentation teaches nothing more.
    _ = pacer.presented(at: 0.125, refresh: 0.016_667, sequence: nil, feedbackID: 3, now: next)
    #expect(pacer.timing.missedCount == 1)
    // Made: the callback at the latch after 0.075 says so, and the target moves on.
    _ = made.planChange(at: 0.076)
    made.committed(at: deadline + 0.000_3, drawStart: deadline + 0.000_1, feedbackID: 3)
    let madeBefore = made.timing.madeCount
    _ = made.frameDone(at: 0.0843, needsDisplay: false)
    #expect(made.timing.madeCount == madeBefore + 1)
    #expect(made.timing.commitOffset! > offset)
  }
}
