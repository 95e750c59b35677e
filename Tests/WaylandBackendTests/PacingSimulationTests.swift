import Testing

@testable import WaylandBackend

@Suite("Frame pacer against simulated compositors")
struct PacingSimulationTests {
  @Test(
    "120 Hz drag against a 25.7 ms repaint grid: one commit per repaint at most, and feedback brings input to screen sooner",
    arguments: [true, false])
  func fixedGrid(feedback: Bool) {
    var simulation = PacingSimulation(compositor: .fixedGrid)
    simulation.feedback = feedback
    let result = simulation.run()
    #expect(result.maximumCommitsPerRepaint == 1)
    if feedback {
      var reference = PacingSimulation(compositor: .fixedGrid)
      reference.feedback = false
      #expect(result.medianLatency < reference.run().medianLatency - 0.005)
      #expect(result.plannedDraws > 20)
    } else {
      #expect(result.plannedDraws == 0)
    }
  }

  @Test("120 Hz drag against Weston's headless repaint loop: as soon on screen as committing every input")
  func westonHeadless() {
    let result = PacingSimulation(compositor: .weston).run()
    #expect(result.maximumCommitsPerRepaint == 1)
    #expect(result.plannedDraws > 40)
    // The target converged just before the latch, missing it at most a few times.
    #expect(result.misses <= 3)
    var everyInput = PacingSimulation(compositor: .weston)
    everyInput.pacing = false
    let ideal = everyInput.run()
    #expect(ideal.maximumCommitsPerRepaint > 1)
    #expect(result.medianLatency <= ideal.medianLatency + 0.0015)
  }

  @Test("every presentation discarded: the pacer keeps drawing at the frame callback")
  func allDiscarded() {
    var simulation = PacingSimulation(compositor: .fixedGrid)
    simulation.discardAll = true
    let result = simulation.run()
    #expect(result.maximumCommitsPerRepaint == 1)
    #expect(result.plannedDraws == 0)
  }
}

/// A compositor and a client on a virtual clock: 120 Hz input, the client paced by a
/// `FramePacer` (or committing every input, as weston-simple-touch does), drawing in
/// `drawDuration` and waking `wakeLateness` behind its timers.
///
/// - `fixedGrid`: latches every `interval` whether or not anything changed; the frame
///   callback comes `renderTime` after the latch, the presentation `presentDelay` after it.
/// - `weston`: Weston 10's headless output. After a presentation the next repaint starts
///   `repaintDelay` later if a commit is waiting, otherwise the loop stops; a commit while it
///   is stopped restarts it `restartDelay` later.
struct PacingSimulation {
  enum Compositor { case fixedGrid, weston }

  let compositor: Compositor
  var feedback = true
  var discardAll = false
  var pacing = true
  var interval = 0.0257
  var repaintDelay = 0.00905
  var restartDelay = 0.0097
  var renderTime = 0.0003
  var presentDelay = 0.016
  var drawDuration = 0.0002
  var wakeLateness = 0.000_05
  var inputInterval = 1.0 / 120
  var end = 2.0

  /// What a run measured.
  struct Result {
    var maximumCommitsPerRepaint = 0
    var medianLatency = 0.0
    var plannedDraws = 0
    var misses = 0
  }

  private enum Loop {
    case idle
    case scheduled(Double)
    case awaitingPresentation
  }

  init(compositor: Compositor) {
    self.compositor = compositor
  }

  func run() -> Result {
    var pacer = FramePacer()
    var result = Result()
    var needsDisplay = false
    var undrawn: [Double] = []
    var timer: Double?
    // A draw in flight: when it commits, its number and inputs.
    var inFlight: (commitAt: Double, drawStart: Double, id: UInt32, inputs: [Double])?
    var nextID: UInt32 = 0
    // Compositor side.
    var loop = compositor == .fixedGrid ? Loop.scheduled(0.009) : .idle
    var waiting: (ids: [UInt32], inputs: [Double])?
    var callbackRequested = false
    var callbackAt: Double?
    var presentations: [(time: Double, id: UInt32)] = []
    var latencies: [Double] = []
    var nextInput = 0.003

    func clientLoop(_ now: Double) {
      guard inFlight == nil, needsDisplay else { return }
      if pacing, let deadline = pacer.planChange(at: now) {
        timer = deadline
        return
      }
      guard !pacing || pacer.mayDraw(at: now) else { return }
      if case .scheduled = pacer.state { result.plannedDraws += 1 }
      nextID += 1
      inFlight = (now + drawDuration, now, nextID, undrawn)
      undrawn.removeAll()
      needsDisplay = false
    }
    while nextInput < end {
      var candidates = [nextInput, callbackAt ?? .infinity, presentations.first?.time ?? .infinity]
      candidates.append(inFlight?.commitAt ?? .infinity)
      candidates.append(timer.map { $0 + wakeLateness } ?? .infinity)
      if case .scheduled(let latch) = loop { candidates.append(latch) }
      let now = candidates.min()!
      if let flight = inFlight, flight.commitAt == now {
        inFlight = nil
        timer = nil
        let id = flight.id
        pacer.committed(at: now, drawStart: flight.drawStart, feedbackID: feedback ? id : nil)
        callbackRequested = true
        waiting = ((waiting?.ids ?? []) + [id], (waiting?.inputs ?? []) + flight.inputs)
        if case .idle = loop { loop = .scheduled(now + restartDelay) }
        clientLoop(now)
      } else if case .scheduled(let latch) = loop, latch == now {
        if let content = waiting {
          result.maximumCommitsPerRepaint = max(result.maximumCommitsPerRepaint, content.ids.count)
          latencies += content.inputs.map { now - $0 }
          for discarded in content.ids.dropLast() where feedback { pacer.discarded(feedbackID: discarded) }
          presentations.append((now + renderTime + presentDelay, content.ids.last!))
          if callbackRequested { callbackAt = now + renderTime }
          callbackRequested = false
          waiting = nil
          loop = compositor == .fixedGrid ? .scheduled(latch + interval) : .awaitingPresentation
        } else {
          loop = compositor == .fixedGrid ? .scheduled(latch + interval) : .idle
        }
      } else if callbackAt == now {
        callbackAt = nil
        if pacing, let deadline = pacer.frameDone(at: now, needsDisplay: needsDisplay) { timer = deadline }
        clientLoop(now)
      } else if let first = presentations.first, first.time == now {
        presentations.removeFirst()
        if compositor == .weston { loop = .scheduled(now + repaintDelay) }
        if feedback, discardAll {
          pacer.discarded(feedbackID: first.id)
        } else if feedback,
          let deadline = pacer.presented(
            at: now, refresh: 0.016_667, sequence: nil, feedbackID: first.id, now: now)
        {
          timer = deadline
        }
        clientLoop(now)
      } else if let deadline = timer, deadline + wakeLateness == now {
        timer = nil
        clientLoop(now)
      } else {
        undrawn.append(now)
        nextInput += inputInterval
        needsDisplay = true
        clientLoop(now)
      }
    }
    latencies.sort()
    result.medianLatency = latencies.isEmpty ? .infinity : latencies[latencies.count / 2]
    result.misses = pacer.timing.missedCount
    return result
  }
}
