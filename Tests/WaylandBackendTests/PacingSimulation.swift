import GestureKit
import TestSupport

@testable import WaylandBackend

/// A compositor and a client on a virtual clock: 120 Hz input, the client paced by a
/// `FramePacer` (or committing every input, as weston-simple-touch does), drawing in
/// `drawDuration` and waking `wakeLateness` behind its timers (plus up to `wakeJitter`, and
/// `lateWake` more with the chance `lateWakeChance`,
/// drawn afresh for every wake-up from a generator seeded with `seed`).
///
/// - `fixedGrid`: latches every `interval` whether or not anything changed; the frame
///   callback comes `renderTime` after the latch, the presentation `presentDelay` after it.
/// - `weston`: Weston 10's headless output. After a presentation the next repaint starts
///   `repaintDelay` later (plus up to `latchJitter`: its timer waking late) if a commit is
///   waiting, otherwise the loop stops; a commit while it is stopped restarts it
///   `restartDelay` later.
///
/// With `firstFrame` set, the client draws its first frame then (as after a configure) and
/// the input starts at `inputStart`; with `calibrate`, a `TimingCalibration` makes empty
/// commits after that first frame, as the app does. With `quietReading`, the client leaves
/// its connection unread while ``FramePacer/quietUntil(now:)`` allows (as the app's event
/// loop does, except while calibrating): what arrives meanwhile is read when it wakes.
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
  /// The most a timer wake-up comes later than `wakeLateness` (uniformly spread).
  var wakeJitter = 0.0
  /// How often a timer wake-up comes `lateWake` later still (a virtual machine's tail).
  var lateWakeChance = 0.0
  var lateWake = 0.0
  /// The most Weston's repaint starts later than `repaintDelay` (uniformly spread).
  var latchJitter = 0.0
  /// The seed of the jitters' generator.
  var seed: UInt64 = 1
  var inputInterval = 1.0 / 120
  var end = 2.0
  /// When the first frame is drawn (nil: none, the input starts at once).
  var firstFrame: Double?
  /// When the first input arrives.
  var inputStart = 0.003
  /// Whether the client calibrates after its first frame (needs `firstFrame`).
  var calibrate = false
  /// How long an empty commit takes from its wake-up to the compositor.
  var emptyCommitDuration = 0.000_02
  /// Whether the client leaves its connection unread while the pacer allows.
  var quietReading = false
  /// Whether the client lets presentation feedback stand in for most frame callbacks while a
  /// drag is paced (`FramePacer.wantsFrameCallback`), as the app does; false: a callback on
  /// every commit.
  var skipsCallbacks = true
  /// Whether the client tells the pacer the input's cadence (`FramePacer.inputCadence`), as
  /// the app does: each input a finger's motion stamped in whole milliseconds, turned into the
  /// client's clock by an `EventTimeConverter` when read, handed to `InputCadence.observe`.
  var recordsCadence = true

  /// What a run measured.
  struct Result {
    var maximumCommitsPerRepaint = 0
    var medianLatency = 0.0
    var plannedDraws = 0
    var misses = 0
    /// Every input's time and latency (input to latch), in input order.
    var inputLatencies: [(input: Double, latency: Double)] = []
    /// Every drawn commit (not an empty one): when, and the latch that took it.
    var drawnCommits: [(time: Double, latch: Double)] = []
    /// Empty commits made by the calibration.
    var emptyCommits = 0
    /// Where the calibration ended up.
    var calibration = TimingCalibration.State.waitingForFirstFrame
    /// The pacer's timing at the end.
    var timing = PresentationTiming()
    /// How often the client woke up: for an event it read, a timer, or the end of a quiet
    /// time (a draw's commit is part of the wake-up that drew).
    var wakeUps = 0
    /// Drawn commits made without a frame callback.
    var commitsWithoutCallback = 0

    /// The mean of `inputLatencies`.
    var meanLatency: Double {
      inputLatencies.lazy.map(\.latency).reduce(0, +) / Double(max(1, inputLatencies.count))
    }
  }

  /// Something the compositor sent, read by the client when it arrives or, while quiet,
  /// when the quiet time ends.
  private enum Arrival {
    case input(Double)
    case callback
    case presentation(time: Double, id: UInt32)
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
    var calibration = TimingCalibration()
    var result = Result()
    var needsDisplay = false
    var undrawn: [Double] = []
    var timer: Double?
    // A draw or empty commit in flight: when it commits, its number and inputs.
    var inFlight: (commitAt: Double, drawStart: Double?, id: UInt32, inputs: [Double])?
    var firstFrame = self.firstFrame
    var nextID: UInt32 = 0
    // Compositor side.
    var loop = compositor == .fixedGrid ? Loop.scheduled(0.009) : .idle
    var waiting: (ids: [UInt32], inputs: [Double], drawn: [Double])?
    var callbackRequested = false
    var callbackAt: Double?
    var presentations: [(time: Double, id: UInt32)] = []
    var latencies: [Double] = []
    var nextInput = inputStart
    var quietEnd: Double?
    var unread: [Arrival] = []
    var random = SplitMix64(seed: seed)
    var converter = EventTimeConverter()
    func drawWake() -> Double {
      let tail =
        lateWakeChance > 0 && Double.random(in: 0..<1, using: &random) < lateWakeChance ? lateWake : 0
      return wakeLateness + Double.random(in: 0...wakeJitter, using: &random) + tail
    }
    // How late the next timer or quiet end wakes the client, drawn again after each.
    var wake = drawWake()

    func clientLoop(_ now: Double) {
      guard inFlight == nil else { return }
      guard needsDisplay else {
        guard calibrate, calibration.commitDue(at: now) else {
          if pacer.cancelEmptyCommit() { timer = nil }
          return
        }
        if let deadline = pacer.planChange(at: now, work: .emptyCommit), deadline > now {
          timer = deadline
          return
        }
        guard pacer.mayDraw(at: now) else { return }
        nextID += 1
        inFlight = (now + emptyCommitDuration, nil, nextID, [])
        return
      }
      if pacing, let deadline = pacer.planChange(at: now), deadline > now {
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
    // `late`: read at the end of a quiet time, not when it arrived.
    func read(_ arrival: Arrival, at now: Double, late: Bool = false) {
      switch arrival {
      case .input(let time):
        if recordsCadence {
          let stamp = UInt32((time * 1000).rounded(.down))
          pacer.inputCadence.observe(
            .touchMotion(id: 0, location: .zero), at: converter.seconds(milliseconds: stamp, now: now))
        }
        undrawn.append(time)
        needsDisplay = true
        calibration.interrupted(by: .input)
      case .callback:
        if calibrate {
          calibration.firstFrameShown(at: now, feedbackAvailable: feedback, timing: pacer.timing)
        }
        let empty = !needsDisplay && calibrate && calibration.commitDue(at: now)
        if pacing,
          let deadline = pacer.frameDone(
            at: now, needsDisplay: needsDisplay || empty, work: empty ? .emptyCommit : .draw)
        {
          timer = deadline
        }
      case .presentation(let time, let id):
        if feedback, discardAll {
          pacer.discarded(feedbackID: id)
        } else if feedback,
          let deadline = pacer.presented(
            at: time, refresh: 0.016_667, sequence: nil, feedbackID: id, now: now, readLate: late)
        {
          timer = deadline
        }
        calibration.presented(timing: pacer.timing)
      }
    }
    // An arrival is read at once (a wake-up), or left for the end of the quiet time.
    func arrive(_ arrival: Arrival, at now: Double) {
      if let quiet = quietEnd, now < quiet + wake {
        unread.append(arrival)
        return
      }
      // At the end of a quiet time: the same wake-up as that end.
      quietEnd = nil
      for arrived in unread { read(arrived, at: now, late: true) }
      unread.removeAll()
      result.wakeUps += 1
      read(arrival, at: now)
      clientLoop(now)
    }
    while nextInput < end {
      var candidates = [nextInput, callbackAt ?? .infinity, presentations.first?.time ?? .infinity]
      candidates.append(firstFrame ?? .infinity)
      candidates.append(inFlight?.commitAt ?? .infinity)
      candidates.append(timer.map { $0 + wake } ?? .infinity)
      candidates.append(quietEnd.map { $0 + wake } ?? .infinity)
      if case .scheduled(let latch) = loop { candidates.append(latch) }
      let now = candidates.min()!
      // Whether the client acted, after which it goes to sleep, maybe quiet.
      var sleeps = true
      if firstFrame == now {
        firstFrame = nil
        result.wakeUps += 1
        needsDisplay = true
        clientLoop(now)
      } else if let flight = inFlight, flight.commitAt == now {
        inFlight = nil
        timer = nil
        let id = flight.id
        let callback =
          !skipsCallbacks || flight.drawStart == nil || pacer.wantsFrameCallback(feedback: feedback)
        if flight.drawStart != nil, !callback { result.commitsWithoutCallback += 1 }
        pacer.committed(
          at: now, drawStart: flight.drawStart, feedbackID: feedback ? id : nil, callback: callback)
        if flight.drawStart == nil {
          calibration.committed()
          result.emptyCommits += 1
        }
        callbackRequested = callbackRequested || callback
        waiting = (
          (waiting?.ids ?? []) + [id], (waiting?.inputs ?? []) + flight.inputs,
          (waiting?.drawn ?? []) + (flight.drawStart == nil ? [] : [now])
        )
        if case .idle = loop { loop = .scheduled(now + restartDelay) }
        clientLoop(now)
      } else if case .scheduled(let latch) = loop, latch == now {
        sleeps = false
        if let content = waiting {
          result.maximumCommitsPerRepaint = max(result.maximumCommitsPerRepaint, content.ids.count)
          latencies += content.inputs.map { now - $0 }
          result.inputLatencies += content.inputs.map { ($0, now - $0) }
          result.drawnCommits += content.drawn.map { ($0, now) }
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
        arrive(.callback, at: now)
      } else if let first = presentations.first, first.time == now {
        presentations.removeFirst()
        if compositor == .weston {
          loop = .scheduled(now + repaintDelay + Double.random(in: 0...latchJitter, using: &random))
        }
        arrive(.presentation(time: now, id: first.id), at: now)
      } else if let quiet = quietEnd, quiet + wake == now {
        // The quiet time is over: what arrived meanwhile is read first, then timers fire.
        quietEnd = nil
        result.wakeUps += 1
        for arrival in unread { read(arrival, at: now, late: true) }
        unread.removeAll()
        if let deadline = timer, deadline + wake <= now { timer = nil }
        wake = drawWake()
        clientLoop(now)
      } else if let deadline = timer, deadline + wake == now {
        timer = nil
        result.wakeUps += 1
        wake = drawWake()
        clientLoop(now)
      } else {
        nextInput += inputInterval
        arrive(.input(now), at: now)
      }
      // Asleep again: quiet when the pacer allows (not while drawing, nor calibrating).
      if sleeps, quietReading, quietEnd == nil, inFlight == nil, !calibration.isCalibrating {
        quietEnd = pacer.quietUntil(now: now)
      }
    }
    latencies.sort()
    result.medianLatency = latencies.isEmpty ? .infinity : latencies[latencies.count / 2]
    result.misses = pacer.timing.missedCount
    result.inputLatencies.sort { $0.input < $1.input }
    result.calibration = calibration.state
    result.timing = pacer.timing
    return result
  }
}
