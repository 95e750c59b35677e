import Testing

@testable import WaylandBackend

@Suite("Frame pacer")
struct FramePacerTests {
  @Test("a change with nothing pending draws at once; changes wait while a frame callback is pending")
  func idleAndWaiting() {
    var pacer = FramePacer()
    #expect(pacer.state == .idle)
    #expect(pacer.mayDraw(at: 0))
    pacer.committed(drawDuration: 0.0005)
    #expect(pacer.state == .waitingForFrame)
    #expect(!pacer.mayDraw(at: 0.010))
    #expect(pacer.frameDone(at: 0.020, needsDisplay: false) == nil)
    #expect(pacer.state == .idle)
    #expect(pacer.mayDraw(at: 0.021))
  }

  @Test("without presentation feedback a change pending at the frame callback is drawn at once")
  func noFeedback() {
    var pacer = FramePacer()
    pacer.committed(drawDuration: 0.001)
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
    // Refresh counters divide the gap.
    var counted = PresentationTiming()
    counted.presented(at: 2.000, refresh: 0, sequence: 10, lastFrameDone: nil)
    counted.presented(at: 2.050, refresh: 0, sequence: 13, lastFrameDone: nil)
    #expect(abs(counted.interval! - 0.050 / 3) < 1e-9)
    #expect(counted.latchLead == nil)
  }

  @Test("a pause between presentations is idle time, not a repaint interval (no stall after it)")
  func idleGapIsNotAnInterval() {
    var timing = PresentationTiming()
    // The app drew at start-up, sat idle for 0.47 s, then a touch made it draw again.
    timing.presented(at: 1.000, refresh: 0.016_667, sequence: nil, lastFrameDone: 0.990)
    timing.presented(at: 1.470, refresh: 0.016_667, sequence: nil, lastFrameDone: 1.460)
    #expect(timing.interval == nil)
    // So the next draw is not planned ~0.47 s ahead: with no interval there is no plan.
    #expect(timing.nextLatch(after: 1.48) == nil)
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
    #expect(timing.nextLatch(after: 1.03) == nil)
  }

  @Test("with timing known the draw after a frame callback is planned before the next latch")
  func plansDraw() {
    var pacer = FramePacer()
    // Repaints latch at 0.009 + k * 0.025 and are presented 0.016 later.
    presentThreeRepaints(to: &pacer, refresh: 0.016_667)
    pacer.committed(drawDuration: 0.0005)
    let done = 0.009 + 3 * 0.025
    let deadline = pacer.frameDone(at: done, needsDisplay: true)
    let margin = 2 * 0.0005 + FramePacer.safetySlack
    #expect(abs(pacer.margin - margin) < 1e-12)
    #expect(abs(deadline! - (done + 0.025 - margin)) < 1e-9)
    #expect(pacer.state == .scheduled(deadline: deadline!))
    #expect(!pacer.mayDraw(at: deadline! - 0.001))
    #expect(pacer.mayDraw(at: deadline!))
    pacer.committed(drawDuration: 0.0005)
    #expect(pacer.state == .waitingForFrame)
  }

  @Test("with fresh timing a change while idle is planned before the next latch, not drawn at once")
  func changeWhileIdleIsPlanned() {
    var pacer = FramePacer()
    // Repaints latch at 0.009 + k * 0.025 and are presented 0.016 later.
    presentThreeRepaints(to: &pacer, refresh: 0.016_667)
    #expect(pacer.state == .idle)
    // Input arrives 2 ms after a latch: it is drawn just before the next one, with any input
    // that follows, instead of at once.
    let now = 0.009 + 2 * 0.025 + 0.002
    let deadline = pacer.planChange(at: now)
    let margin = 2 * 0.0005 + FramePacer.safetySlack
    #expect(abs(deadline! - (0.009 + 3 * 0.025 - margin)) < 1e-9)
    #expect(pacer.state == .scheduled(deadline: deadline!))
    #expect(!pacer.mayDraw(at: now))
    // A second change meanwhile keeps the plan.
    #expect(pacer.planChange(at: now + 0.005) == nil)
    #expect(pacer.state == .scheduled(deadline: deadline!))
  }

  @Test("without timing, or after a pause, a change while idle is drawn at once")
  func changeWithoutTimingDrawsAtOnce() {
    var fresh = FramePacer()
    #expect(fresh.planChange(at: 1.0) == nil)
    #expect(fresh.mayDraw(at: 1.0))
    var paused = FramePacer()
    presentThreeRepaints(to: &paused, refresh: 0.016_667)
    #expect(paused.planChange(at: 2.0) == nil)
    #expect(paused.mayDraw(at: 2.0))
  }

  @Test("stale timing (the compositor went idle) draws at once")
  func staleTiming() {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer, refresh: 0)
    pacer.committed(drawDuration: 0.0005)
    #expect(pacer.frameDone(at: 5.0, needsDisplay: true) == nil)
    #expect(pacer.state == .idle)
  }

  @Test("a callback that never fires can be given up")
  func cancelledCallback() {
    var pacer = FramePacer()
    pacer.committed(drawDuration: 0)
    pacer.frameCallbackCancelled()
    #expect(pacer.mayDraw(at: 0))
  }

  @Test(
    "120 Hz drag against a 25 ms compositor: one commit per repaint at most, and feedback brings input to screen sooner",
    arguments: [true, false])
  func simulatedDrag(feedback: Bool) {
    let result = CompositorSimulation(feedback: feedback).run()
    #expect(result.maximumCommitsPerRepaint == 1)
    if feedback {
      let reference = CompositorSimulation(feedback: false).run()
      #expect(result.medianLatency < reference.medianLatency - 0.005)
      // Some repaints took a planned draw.
      #expect(result.plannedDraws > 20)
    } else {
      #expect(result.plannedDraws == 0)
    }
  }

  @Test("every presentation discarded: the pacer keeps drawing at the frame callback")
  func allDiscarded() {
    var simulation = CompositorSimulation(feedback: true)
    simulation.discardAll = true
    let result = simulation.run()
    #expect(result.maximumCommitsPerRepaint == 1)
    #expect(result.plannedDraws == 0)
  }
}

/// A compositor on a virtual clock like Weston's headless output: it latches commits every
/// `interval` seconds, sends the frame callback at the latch and presents `lead` later; the
/// client gets 120 Hz input and paces with a `FramePacer`.
struct CompositorSimulation {
  let feedback: Bool
  var discardAll = false
  let interval = 0.0257
  let lead = 0.016
  let drawDuration = 0.0006
  let inputInterval = 1.0 / 120

  /// What a run measured.
  struct Result {
    var maximumCommitsPerRepaint = 0
    var medianLatency = 0.0
    var plannedDraws = 0
  }

  init(feedback: Bool) {
    self.feedback = feedback
  }

  func run() -> Result {
    var pacer = FramePacer()
    var result = Result()
    var needsDisplay = false
    var callbackPending = false
    var plannedDeadline: Double?
    // Input times not yet drawn, and the commits since the last latch (each with the inputs
    // it shows).
    var undrawn: [Double] = []
    var commits: [[Double]] = []
    var latencies: [Double] = []
    var presentations: [(time: Double, inputs: [Double])] = []
    var nextInput = 0.003
    var nextLatch = 0.009

    func draw(at time: Double) {
      commits.append(undrawn)
      undrawn.removeAll()
      needsDisplay = false
      callbackPending = true
      pacer.committed(drawDuration: drawDuration)
    }
    let end = 2.0
    while nextInput < end || nextLatch < end {
      let timer = plannedDeadline ?? .infinity
      let now = min(nextInput, nextLatch, presentations.first?.time ?? .infinity, timer)
      if let first = presentations.first, first.time == now {
        presentations.removeFirst()
        latencies += first.inputs.map { now - $0 }
        if feedback && !discardAll { pacer.presented(at: now, refresh: 0.016_667, sequence: nil) }
      } else if now == timer {
        plannedDeadline = nil
        #expect(pacer.mayDraw(at: now))
        if needsDisplay {
          result.plannedDraws += 1
          draw(at: now)
        }
      } else if now == nextLatch {
        nextLatch += interval
        result.maximumCommitsPerRepaint = max(result.maximumCommitsPerRepaint, commits.count)
        guard !commits.isEmpty else { continue }
        presentations.append((now + lead, commits.flatMap { $0 }))
        commits.removeAll()
        if callbackPending {
          callbackPending = false
          plannedDeadline = pacer.frameDone(at: now, needsDisplay: needsDisplay)
          if needsDisplay, pacer.mayDraw(at: now) { draw(at: now) }
        }
      } else {
        undrawn.append(now)
        nextInput += inputInterval
        needsDisplay = true
        if pacer.mayDraw(at: now) { draw(at: now) }
      }
    }
    latencies.sort()
    result.medianLatency = latencies.isEmpty ? .infinity : latencies[latencies.count / 2]
    return result
  }
}

/// Commits, frame callbacks and presentations of three repaints that latch at
/// 0.009 + k * 0.025 s and are presented 0.016 s later (draws of 0.5 ms), as a compositor
/// repainting every 25 ms would report them.
private func presentThreeRepaints(to pacer: inout FramePacer, refresh: Double) {
  for k in 0..<3 {
    let latch = 0.009 + Double(k) * 0.025
    pacer.committed(drawDuration: 0.0005)
    _ = pacer.frameDone(at: latch, needsDisplay: false)
    pacer.presented(at: latch + 0.016, refresh: refresh, sequence: nil)
  }
}
