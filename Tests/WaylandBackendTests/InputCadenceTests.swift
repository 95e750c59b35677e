import GestureKit
import Testing

@testable import WaylandBackend

@Suite("Input cadence")
struct InputCadenceTests {
  /// A 120 Hz stream arriving from `start`, stamped in whole milliseconds and turned into
  /// app-clock times as the app does (`EventTimeConverter`, read as each event arrives).
  static func stream(count: Int, start: Double = 10.000_3, period: Double = 1.0 / 120) -> (
    cadence: InputCadence, arrivals: [Double]
  ) {
    var cadence = InputCadence()
    var converter = EventTimeConverter()
    var arrivals: [Double] = []
    for k in 0..<count {
      let arrival = start + Double(k) * period
      arrivals.append(arrival)
      let stamp = UInt32((arrival * 1000).rounded(.down))
      cadence.record(converter.seconds(milliseconds: stamp, now: arrival))
    }
    return (cadence, arrivals)
  }

  @Test(
    "a steady 120 Hz stream stamped in whole milliseconds: the next events are expected within a millisecond")
  func steadyStream() {
    let (cadence, arrivals) = Self.stream(count: 12)
    let period = 1.0 / 120
    let last = arrivals.last!
    for ahead in 1...3 {
      let due = last + Double(ahead) * period
      // Asked 1 ms after the event is due, and 1 ms before the next one is.
      for time in [due + 0.001, due + period - 0.001] {
        let expected = cadence.lastExpected(atOrBefore: time)
        #expect(expected != nil)
        #expect(
          abs((expected ?? 0) - due) < 0.001, "event \(ahead) expected at \(expected ?? 0), due at \(due)")
      }
    }
  }

  @Test("too few events, or events of one frame, give no cadence")
  func tooFew() {
    let (three, arrivals) = Self.stream(count: 3)
    #expect(three.lastExpected(atOrBefore: arrivals.last! + 0.01) == nil)
    // Two fingers' motions share their frame's stamp: one event of the stream each frame.
    var fingers = InputCadence()
    for k in 0..<3 {
      fingers.record(1 + Double(k) * 0.008)
      fingers.record(1 + Double(k) * 0.008)
    }
    #expect(fingers.lastExpected(atOrBefore: 1.03) == nil)
    fingers.record(1.024)
    #expect(abs((fingers.lastExpected(atOrBefore: 1.035) ?? 0) - 1.032) < 1e-9)
  }

  @Test("an unsteady stream, a pause, a reset or a long silence give no cadence")
  func unsteady() {
    // Events 4 and 14 ms apart in turn: no rate to expect the next one by.
    var uneven = InputCadence()
    var time = 2.0
    for k in 0..<8 {
      uneven.record(time)
      time += k % 2 == 0 ? 0.004 : 0.014
    }
    #expect(uneven.lastExpected(atOrBefore: time + 0.005) == nil)
    // A pause longer than the longest period starts the stream again.
    var (paused, arrivals) = Self.stream(count: 8)
    let resumed = arrivals.last! + InputCadence.longestPeriod + 0.01
    paused.record(resumed)
    #expect(paused.lastExpected(atOrBefore: resumed + 0.01) == nil)
    // A lift ends it.
    var (lifted, liftedArrivals) = Self.stream(count: 8)
    #expect(lifted.lastExpected(atOrBefore: liftedArrivals.last! + 0.01) != nil)
    lifted.reset()
    #expect(lifted.lastExpected(atOrBefore: liftedArrivals.last! + 0.01) == nil)
    // Long after the newest event the stream has most likely stopped.
    let (stopped, stoppedArrivals) = Self.stream(count: 8)
    #expect(
      stopped.lastExpected(atOrBefore: stoppedArrivals.last! + InputCadence.longestPeriod + 0.001) == nil)
  }
}

@Suite("Input cadence: stamps a compositor should not send")
struct InputCadenceStampTests {
  @Test("stamps that never move or go back give no cadence; a wrap expects the next event when it comes")
  func badStamps() {
    func cadence(stamps: [UInt32]) -> InputCadence {
      var cadence = InputCadence()
      var converter = EventTimeConverter()
      for (k, stamp) in stamps.enumerated() {
        cadence.record(converter.seconds(milliseconds: stamp, now: 100 + Double(k) / 120))
      }
      return cadence
    }
    // Every event stamped 0, as some virtual devices do.
    #expect(cadence(stamps: Array(repeating: 0, count: 12)).lastExpected(atOrBefore: 100.2) == nil)
    // Stamps going back by two frames every other event.
    var backwards: [UInt32] = []
    for k in 0..<12 { backwards.append(UInt32(5_000 + 8 * k - (k % 2) * 16)) }
    #expect(cadence(stamps: backwards).lastExpected(atOrBefore: 100.2) == nil)
    // The 32-bit wrap after 49.7 days in the middle of a steady stream: the converter learns
    // the new base, and what is expected next (if anything) is the next event's arrival.
    var wrapping: [UInt32] = []
    for k in 0..<12 { wrapping.append((UInt32.max - 40) &+ UInt32((Double(k) * 1000 / 120).rounded(.down))) }
    if let next = cadence(stamps: wrapping).lastExpected(atOrBefore: 100 + 12.0 / 120 + 0.001) {
      #expect(abs(next - (100 + 12.0 / 120)) < 0.002)
    }
  }
}

@Suite("Input cadence: the seat's events")
struct InputCadenceSeatEventTests {
  static let period = 1.0 / 120

  @Test("a pen's frames that move it give the cadence (its motions carry no stamp); a lift ends it")
  func pen() {
    var pen = InputCadence()
    for k in 0..<6 {
      // The motion and pressure come with the last event's time; the frame has the stamp.
      pen.observe(.tabletMotion(tool: 1, location: Point(x: Double(k), y: 0)), at: 0.5)
      pen.observe(.tabletPressure(tool: 1, pressure: 0.5), at: 0.5)
      pen.observe(.tabletFrame(tool: 1), at: 1 + Double(k) * Self.period)
    }
    let next = 1 + 6 * Self.period
    #expect(abs((pen.lastExpected(atOrBefore: next + 0.001) ?? 0) - next) < 1e-6)
    pen.observe(.tabletUp(tool: 1), at: next)
    #expect(pen.lastExpected(atOrBefore: next + 0.001) == nil, "the lift ends the stream")
    // Frames of a pen held still (pressure only) are not the moving input's.
    var still = InputCadence()
    for k in 0..<6 {
      still.observe(.tabletPressure(tool: 1, pressure: 0.5), at: 0.5)
      still.observe(.tabletFrame(tool: 1), at: 1 + Double(k) * Self.period)
    }
    #expect(still.lastExpected(atOrBefore: next + 0.001) == nil)
  }

  @Test("every moving device gives the cadence, and its end or loss ends it")
  func devices() {
    let moving: [SeatEvent] = [
      .touchMotion(id: 0, location: .zero), .pointerMotion(location: .zero),
      .pinchUpdate(delta: .zero, scale: 1, rotation: 0), .swipeUpdate(delta: .zero),
    ]
    let ends: [SeatEvent] = [
      .touchUp(id: 0), .touchCancel, .touchCapabilityLost, .pointerLeave, .pointerCapabilityLost,
      .pinchEnd(cancelled: false), .swipeEnd(cancelled: true), .tabletProximityOut(tool: 1),
      .tabletToolRemoved(tool: 1),
    ]
    let next = 1 + 6 * Self.period
    for event in moving {
      for end in ends {
        var cadence = InputCadence()
        for k in 0..<6 { cadence.observe(event, at: 1 + Double(k) * Self.period) }
        #expect(cadence.lastExpected(atOrBefore: next + 0.001) != nil, "\(event)")
        cadence.observe(end, at: next)
        #expect(cadence.lastExpected(atOrBefore: next + 0.001) == nil, "\(event), then \(end)")
      }
    }
  }
}

@Suite("Frame pacer: the input's cadence")
struct FramePacerCadenceTests {
  /// A pacer whose commit at 0.082 made the repaint latching at 0.084, its callback at
  /// 0.0843, with 120 Hz input up to `lastInput` (nil: none) read by then, and the latest
  /// start of the next draw (0.1067: the target after the presentation due at 0.100 less
  /// the margin).
  static func pacer(lastInput: Double?) -> (pacer: FramePacer, latest: Double) {
    var pacer = FramePacer()
    presentThreeRepaints(to: &pacer)
    let latest = 0.075 + 0.025 + pacer.timing.commitOffset! - pacer.margin
    pacer.committed(at: 0.082, drawStart: 0.0815, feedbackID: 3)
    if let lastInput { for k in 0..<8 { pacer.inputCadence.record(lastInput - Double(7 - k) / 120) } }
    return (pacer, latest)
  }

  @Test("a draw planned at a frame callback starts just after the last input expected before its deadline")
  func drawAfterLastExpectedInput() {
    // The last input read at 0.084: the next are due at 0.0923, 0.1007 and 0.1090, and the
    // second is the last before the draw's latest start (0.1067).
    var (pacer, latest) = Self.pacer(lastInput: 0.084)
    let deadline = pacer.frameDone(at: 0.0843, needsDisplay: true)
    #expect(abs(deadline! - (0.084 + 2.0 / 120 + FramePacer.arrivalAllowance)) < 1e-9)
    #expect(deadline! < latest - 0.004)
    #expect(pacer.state == .scheduled(deadline: deadline!))
    // Without the input's cadence, at the latest start (as in `plansDraw`).
    var (plain, _) = Self.pacer(lastInput: nil)
    #expect(abs(plain.frameDone(at: 0.0843, needsDisplay: true)! - latest) < 1e-9)
  }

  @Test("an input expected too near the latest start to be read by it leaves the draw there")
  func expectedTooLate() {
    // The last input expected by then is due 1 ms before it: drawn at the latest start.
    let latest = Self.pacer(lastInput: nil).latest
    var (pacer, _) = Self.pacer(lastInput: latest - 0.001 - 1.0 / 120)
    #expect(abs(pacer.frameDone(at: 0.0843, needsDisplay: true)! - latest) < 1e-9)
  }

  @Test(
    "a commit drawn sooner than the latest start, after the input's last expected event, does not probe the target"
  )
  func earlyCommitTestsNothing() {
    func targetAfterCommit(cadence: Bool) -> (before: Double, after: Double, early: Bool) {
      var (pacer, _) = Self.pacer(lastInput: cadence ? 0.084 : nil)
      let deadline = pacer.frameDone(at: 0.0843, needsDisplay: true)!
      let early = pacer.startsBeforeLatest
      _ = pacer.presented(at: 0.1, refresh: 0.016_667, sequence: nil, feedbackID: 3, now: 0.1)
      let before = pacer.timing.commitOffset!
      pacer.committed(at: deadline + 0.0003, drawStart: deadline, feedbackID: 4)
      // Its callback at the latch after the presentation at 0.100: it made that repaint.
      _ = pacer.frameDone(at: 0.1093, needsDisplay: false)
      return (before, pacer.timing.commitOffset!, early)
    }
    let latest = targetAfterCommit(cadence: false)
    #expect(!latest.early)
    #expect(latest.after > latest.before)
    let sooner = targetAfterCommit(cadence: true)
    #expect(sooner.early)
    #expect(sooner.after == sooner.before)
  }

  @Test("a draw planned after an input that has not come when due waits for it until the latest start")
  func lateInputWaits() {
    // The event expected at 0.1007 came (read by the deadline): drawn then.
    var (arrived, _) = Self.pacer(lastInput: 0.084)
    let deadline = arrived.frameDone(at: 0.0843, needsDisplay: true)!
    arrived.inputCadence.record(0.084 + 1.0 / 120)
    arrived.inputCadence.record(0.084 + 2.0 / 120)
    #expect(arrived.planChange(at: deadline) == nil)
    #expect(arrived.mayDraw(at: deadline))
    // It did not: the draw waits for it until the latest start.
    var (late, latest) = Self.pacer(lastInput: 0.084)
    _ = late.frameDone(at: 0.0843, needsDisplay: true)
    late.inputCadence.record(0.084 + 1.0 / 120)
    let replanned = late.planChange(at: deadline)
    #expect(abs((replanned ?? 0) - latest) < 1e-9)
    #expect(!late.mayDraw(at: deadline))
    #expect(!late.startsBeforeLatest)
    #expect(late.planChange(at: latest) == nil)
    #expect(late.mayDraw(at: latest))
  }
}
