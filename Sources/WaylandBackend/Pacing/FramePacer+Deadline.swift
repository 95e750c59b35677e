// When a planned draw starts: the commit target less the margin, or at once when that is
// too near to be worth a wake-up.
extension FramePacer {
  /// Seconds between the planned start of `work` and the commit target.
  func margin(for work: Work) -> Double {
    let drawing = work == .draw ? expectedDrawDuration : 0
    let wake =
      wakeLateness.lazy.map(\.value).max()
      ?? min(Self.initialWakeAllowance, forgottenWakeLateness ?? Self.initialWakeAllowance)
    return drawing + wake + Self.minimumSlack
  }

  /// How long a planned draw is expected to take: the longest recent draw made at a deadline
  /// (scheduled), or the longest recent draw before one was timed. A draw made at once, while idle, starts a
  /// gesture (a touch's first frame, a card lifted onto its layer: 0.5 to 2.5 ms in `make
  /// bench`, against 0.06 ms for the layer's moves that follow) and says little about the
  /// planned draws after it; counted for the quarter of a second it is remembered, it put
  /// those draws 1 to 5 ms before their target and held back the inputs that came between,
  /// 44 % of the inputs shown a repaint late (BENCHMARKS.md, session 32).
  var expectedDrawDuration: Double {
    var scheduled: Double?
    var any = 0.0
    for sample in drawDurations {
      any = max(any, sample.value)
      if sample.scheduled { scheduled = max(scheduled ?? 0, sample.value) }
    }
    return scheduled ?? any
  }

  /// When to start `work` for the next commit target, if one is known and still ahead: the
  /// target minus the margin (a draw maybe sooner, ``drawStart(by:now:)``), or `now` when that
  /// is less than ``drawAtOnceWithin`` ahead or has passed (a wake-up for it would cost more
  /// than drawing a little early, and drawing now may still make the target). At a wake-up
  /// for the draw (``quietDrawDeadline``), that wake-up's planned time stands in for `now`,
  /// so that its lateness is measured. Sets ``startsBeforeLatest``.
  mutating func pacedDeadline(now: Double, work: Work) -> Double? {
    forgetOldSamples(now: now)
    guard let target = commitTarget(now: now), target > now else { return nil }
    let latest = target - margin(for: work)
    let deadline = work == .draw ? drawStart(by: latest, now: now) : latest
    let start: Double
    if deadline > now + Self.drawAtOnceWithin {
      start = deadline
    } else if let woken = quietDrawDeadline, woken <= now, now - woken <= margin(for: work) {
      start = woken
    } else {
      start = now
    }
    startsBeforeLatest = latest - start > Self.drawAtOnceWithin
    return start
  }

  /// When a draw that must start by `latest` starts: ``arrivalAllowance`` after the last
  /// input event expected by then (``InputCadence``), when that is sooner, else at `latest`.
  /// Nothing more was expected before the latch, and the commit gains that much slack
  /// against a late wake-up: on a virtual machine whose timer wake-ups came more than 0.5
  /// ms late once in a hundred, such late commits had set the p99 (BENCHMARKS.md, session
  /// 30). The events' own stamps (whole milliseconds) place them to within about a
  /// millisecond of their arrival, hence the allowance.
  ///
  /// At `now`, an event whose allowance has passed unread came late (the compositor was
  /// busy): the draw waits for it until `latest`, as without a cadence.
  func drawStart(by latest: Double, now: Double) -> Double {
    guard let expected = inputCadence.lastExpected(atOrBefore: latest) else { return latest }
    let start = expected + Self.arrivalAllowance
    guard start < latest else { return latest }
    if now + Self.drawAtOnceWithin >= start, !inputCadence.hasEvent(near: expected) { return latest }
    return start
  }

  /// The next commit target (`PresentationTiming.nextTarget`), if known.
  private func commitTarget(now: Double) -> Double? {
    // A callback long after its commit (a hidden window, say) says nothing about repaints.
    let callback = lastFrameDone.flatMap { done in
      lastCommit.map { done - $0 <= PresentationTiming.staleAfter } == true ? done : nil
    }
    return timing.nextTarget(now: now, lastFrameDone: callback)
  }
}
