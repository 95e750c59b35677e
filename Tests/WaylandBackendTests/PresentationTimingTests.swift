import Testing

@testable import WaylandBackend

@Suite("Presentation timing: misses, stalls and another refresh rate")
struct PresentationTimingTests {
  /// Repaints of a compositor that latches `latch` after each presentation, presents one
  /// `interval` after the last, and sends a commit's frame callback ``render`` after the
  /// latch that took it; commits are planned at the target.
  struct Repaints {
    /// The repaint's own rendering, between its latch and its frame callback (seconds):
    /// less than ``PresentationTiming/boundGap``, so the target settles before the latch,
    /// and close enough to it that a miss 0.1 ms after the latch backs the target off
    /// further (by ``PresentationTiming/missBackoff``).
    static let render = 0.000_45
    var timing = PresentationTiming()
    var presentation = 1.0
    var id: UInt32 = 0

    /// One repaint: a planned commit at `offset` after the last presentation (the target
    /// when nil); after the latch it makes the repaint after (presented an interval later).
    /// `stall`: the compositor stalls that long before the repaint that takes it.
    /// `callback` false: the commit asks for no frame callback, so only its presentation
    /// says whether it made its repaint.
    mutating func repaint(
      interval: Double, latch: Double, offset: Double? = nil, stall: Double = 0, callback: Bool = true
    ) {
      id += 1
      let at = offset ?? timing.commitOffset ?? 0.001
      let late = (at >= latch ? interval : 0) + stall
      let done = presentation + late + latch + Self.render
      let commit = PresentationTiming.Commit(
        id: id, time: presentation + at, reference: presentation, referenceSequence: nil, planned: true,
        ownsCallback: callback, callbackDone: callback ? done : nil)
      presentation += interval + late
      timing.presented(at: presentation, refresh: 0, sequence: nil, lastFrameDone: done, commit: commit)
    }
  }

  @Test("another refresh rate: the latch bound and the misses of the old one are forgotten")
  func rateChange() {
    var repaints = Repaints()
    // 144 Hz, latching 4 ms after a presentation: the target settles `boundGap` below the bound.
    for _ in 0..<30 { repaints.repaint(interval: 1.0 / 144, latch: 0.004) }
    #expect(abs(repaints.timing.latchBound! - (0.004 + Repaints.render)) < 1e-9)
    #expect(repaints.timing.missedCount == 0)
    // One commit after the latch: missed, and the target held below it.
    repaints.repaint(interval: 1.0 / 144, latch: 0.004, offset: 0.004_1)
    #expect(repaints.timing.missedCount == 1)
    let held = 0.004_1 - PresentationTiming.missBackoff
    #expect(abs(repaints.timing.commitOffset! - held) < 1e-9)
    // The window goes to a 60 Hz output latching 12 ms after a presentation. Until the
    // interval is the new one, its callbacks are judged against the old latch and its commits
    // count as misses; then the old bound and misses are forgotten, and the target probes up
    // to the new bound within a few repaints and misses nothing more.
    for _ in 0..<10 { repaints.repaint(interval: 1.0 / 60, latch: 0.012) }
    #expect(abs(repaints.timing.interval! - 1.0 / 60) < 1e-9)
    #expect(abs(repaints.timing.latchBound! - (0.012 + Repaints.render)) < 1e-9)
    let misses = repaints.timing.missedCount
    for _ in 0..<30 { repaints.repaint(interval: 1.0 / 60, latch: 0.012) }
    #expect(repaints.timing.commitOffset! > 0.011_5)
    #expect(repaints.timing.commitOffset! <= 0.012 + Repaints.render - PresentationTiming.boundGap + 1e-9)
    #expect(repaints.timing.missedCount == misses)
  }

  @Test("the same rate with jitter keeps the misses")
  func sameRate() {
    var repaints = Repaints()
    for _ in 0..<30 { repaints.repaint(interval: 1.0 / 144, latch: 0.004) }
    repaints.repaint(interval: 1.0 / 144, latch: 0.004, offset: 0.004_1)
    let held = repaints.timing.commitOffset!
    // Repaints 5 % longer now and then (a compositor's timer waking late) are not another
    // rate: the miss keeps the target where it is.
    for index in 0..<40 { repaints.repaint(interval: (index % 3 == 0 ? 1.05 : 1.0) / 144, latch: 0.004) }
    #expect(abs(repaints.timing.commitOffset! - held) < 1e-9)
  }

  @Test("a commit shown more than one repaint late was held up by a stall: no miss, the target stays")
  func stallIsNoMiss() {
    var repaints = Repaints()
    for _ in 0..<30 { repaints.repaint(interval: 0.025, latch: 0.009) }
    let target = repaints.timing.commitOffset!
    #expect(repaints.timing.missedCount == 0)
    // The compositor stalls for 80 ms (3 repaints): neither the callback nor, without one,
    // the presentation says the latch was missed.
    repaints.repaint(interval: 0.025, latch: 0.009, stall: 0.080)
    repaints.repaint(interval: 0.025, latch: 0.009, stall: 0.080, callback: false)
    #expect(repaints.timing.missedCount == 0)
    #expect(repaints.timing.commitOffset! >= target)
    // One repaint late is a miss.
    repaints.repaint(interval: 0.025, latch: 0.009, offset: 0.009_1)
    #expect(repaints.timing.missedCount == 1)
    #expect(abs(repaints.timing.commitOffset! - (0.009_1 - PresentationTiming.missBackoff)) < 1e-9)
  }
}
