/// What presentation feedback taught about the compositor's repaints: the time of the last
/// presentation, the repaint interval, and how late after a presentation a commit may still
/// be to make the next repaint (the commit target).
///
/// - Interval: the shortest gap between consecutive presentations among the last few (divided
///   by the number of refreshes between them when the output counts them). Gaps, not the
///   `refresh` the compositor reports: Weston's headless output reports 60 Hz but repaints
///   about every 25 ms. The shortest gap skips repaints the window was not part of.
/// - Latch bound: the compositor takes in commits until it starts a repaint (its "latch") and
///   sends the frame callback after that, so a callback arriving between two presentations,
///   `u` seconds after the first, bounds that repaint's latch from above (`u` = latch + the
///   repaint's own duration). The earliest such `u` among the last few is the bound. Only
///   the callback a commit asked for counts, when it fired between the previous presentation
///   and that commit's own (at start-up callbacks and presentations do not pair up that
///   simply). Compositors that send the callback after the presentation give no bound, and
///   nothing is planned.
/// - Latch lead: the longest recent gap between a frame callback and the presentation that
///   follows it (diagnostics; the bound above replaced it for planning).
/// - Commit target: the offset after a presentation the pacer aims its commit at. It starts
///   ``initialGuard`` below the latch bound and is learned from which commits made the next
///   repaint: each commit records its time relative to the presentation before it, and its
///   own frame callback (at that repaint's latch, near the bound: made) or else its own
///   presentation (one refresh or interval later: made; more: missed) says whether it made
///   the repaint right after that one. A planned commit that made it moves the target
///   ``probeStep`` later (while no miss is remembered: a quarter of its distance to the bound,
///   ``probeFraction``, so a new process closes the initial guard within a few repaints; half
///   for an empty commit, ``emptyProbeFraction``), up to ``boundGap`` below the bound; a
///   miss puts it ``missBackoff`` before the missed commit's offset and keeps it there for
///   the next ``missMemory`` presentations. So the target converges just before the latch,
///   with at most one miss per ``missMemory`` repaints. A commit shown more than one repaint
///   late was held up by a stall of the compositor, not by its latch, and teaches nothing.
/// - Another rate: when the interval moves more than ``rateChange`` from the one the bound
///   was learned at, the bound and the misses are forgotten and the target probes quickly
///   again (`forgetLatchOnRateChange`).
/// - Stale: with no presentation in the last ``staleAfter`` seconds (the compositor went idle
///   and will restart its repaint loop at a new phase), nothing is predicted.
struct PresentationTiming {
  /// A commit waiting for its presentation: when it was made and what was known then.
  struct Commit {
    /// The commit's number (the app's count of commits).
    var id: UInt32
    /// When the commit was sent (seconds).
    var time: Double
    /// The last presentation known at that time.
    var reference: Double?
    /// The refresh counter of that presentation, if the output has one.
    var referenceSequence: UInt64?
    /// Whether the commit was drawn at a planned time (a test of the target).
    var planned: Bool
    /// Whether the commit asked for a new frame callback (none was pending).
    var ownsCallback = false
    /// When that callback fired, once it has.
    var callbackDone: Double?
    /// Whether it carried no new buffer (`TimingCalibration`'s): a miss costs nothing on
    /// screen, so it probes by ``emptyProbeFraction``.
    var empty = false
    /// Whether its own frame callback already told whether it made its repaint
    /// (``callbackFired(for:)``): its presentation teaches the target nothing more.
    var judged = false
  }

  /// The last presentation time, nil before the first.
  private(set) var lastPresentation: Double?
  /// The refresh counter of the last presentation, nil when the output has none.
  private(set) var lastSequence: UInt64?
  private var intervals: [Double] = []
  private var leads: [Double] = []
  private var callbackOffsets: [Double] = []
  /// Missed commits' offsets and how many presentations each still bounds the target.
  private var misses: [(offset: Double, remaining: Int)] = []
  /// The repaint interval when the latch bound and the misses were last learned from (nil
  /// before): another rate makes them stale (`forgetLatchOnRateChange`).
  private var latchInterval: Double?
  /// The learned commit target (seconds after a presentation), nil until a bound is known.
  private(set) var commitOffset: Double?
  /// Commits that made the repaint after their reference presentation, and that missed it.
  private(set) var madeCount = 0
  /// See `madeCount`.
  private(set) var missedCount = 0
  /// Planned commits judged against the target (made it, or missed it below the latch
  /// bound): how well the target has been tested.
  private(set) var plannedTestCount = 0

  /// The estimated repaint interval (seconds), nil until two presentations were seen.
  var interval: Double? { intervals.min() }
  /// The estimated latch lead (seconds), nil until a presentation followed a frame callback.
  var latchLead: Double? { leads.max() }
  /// The latch bound (seconds after a presentation), nil until known.
  var latchBound: Double? { callbackOffsets.min() }
  /// Whether a draw can be planned: the interval, the latch bound and a commit target are
  /// known (however well the target was tested: see `plannedTestCount`).
  var knowsTarget: Bool { interval != nil && latchBound != nil && commitOffset != nil }

  /// Records a presentation; `lastFrameDone` is the time of the latest frame callback and
  /// `commit` the commit presented (nil when unknown).
  mutating func presented(
    at time: Double, refresh: Double, sequence: UInt64?, lastFrameDone: Double?, commit: Commit? = nil
  ) {
    let previous = lastPresentation
    if let previous, time > previous {
      var gap = time - previous
      if let sequence, let lastSequence, sequence > lastSequence { gap /= Double(sequence - lastSequence) }
      // A gap longer than any refresh period is the compositor idling between frames (no
      // commits, no repaints), not its repaint interval: taking it for one would plan the
      // next draw that far ahead (a drag starting after a pause stalled for ~0.5 s).
      if gap >= 0.001, gap <= Self.maximumInterval { Self.push(gap, into: &intervals) }
    }
    if let done = lastFrameDone, time >= done {
      let lead = time - done
      // Only a callback of the repaint presented here: less than one interval before it.
      if lead < (interval ?? (refresh > 0 ? refresh : 0.1)) { Self.push(lead, into: &leads) }
    }
    for index in misses.indices { misses[index].remaining -= 1 }
    misses.removeAll { $0.remaining <= 0 }
    if let commit, !commit.judged, let made = madeNextRepaint(commit, presentedAt: time, sequence: sequence) {
      learn(commit, made: made)
    }
    forgetLatchOnRateChange()
    // The commit's callback came between the previous presentation and its own, and the two
    // repaints were consecutive (not a loop restarted after idling): the repaint that took it
    // latched before the callback, a bound on the first latch after `previous`.
    if let previous, let interval, time - previous < Self.madeWithin * interval,
      let done = commit?.callbackDone, done > previous, done < time
    {
      Self.push(done - previous, into: &callbackOffsets)
      latchInterval = interval
    }
    lastPresentation = time
    lastSequence = sequence
    clampTarget()
  }

  /// The next commit target at `now`, nil when unknown or stale:
  /// - the last presentation is recent: `commitOffset` after it, or an `interval` later when
  ///   a frame callback came after it, near the latch bound (the callback's repaint, the
  ///   one right after that presentation, has latched and will be presented next);
  /// - only the last frame callback is recent (the first repaints after a pause, whose
  ///   presentation has not come yet), or a callback came after the last presentation but
  ///   much later than the latch bound, or the target the last presentation gives has
  ///   passed (the compositor went idle in between and restarted its repaint loop on a
  ///   commit, at a new phase): an `interval` after the latch that callback followed, which
  ///   was about `latchBound - commitOffset` before it.
  func nextTarget(now: Double, lastFrameDone: Double?) -> Double? {
    guard let offset = commitOffset, let interval else { return nil }
    if let last = lastPresentation, now - last <= Self.staleAfter {
      guard let done = lastFrameDone, done > last else { return last + offset }
      // A restarted loop's callback can come before the target the last presentation gives
      // has passed (a short pause): it belongs to a later repaint than the one after `last`.
      let prompt = latchBound.map { done - last < $0 + Self.promptCallback * interval } ?? true
      if prompt, last + interval + offset > now { return last + interval + offset }
    }
    guard let done = lastFrameDone, now - done <= Self.staleAfter, let bound = latchBound else { return nil }
    return done + interval - (bound - offset)
  }

  /// The frame callback `commit` asked for fired (its `callbackDone` is set): when that tells
  /// whether it made the repaint after its reference presentation, the target learns it now
  /// rather than at its presentation, in time to plan the next draw (a planned draw after a
  /// miss would otherwise start from the target that missed, and miss again). Returns
  /// whether it was judged.
  mutating func callbackFired(for commit: Commit) -> Bool {
    guard let reference = commit.reference, let interval, let bound = latchBound,
      let done = commit.callbackDone, done >= commit.time, commit.time >= reference,
      commit.time - reference < interval
    else { return false }
    if let made = Self.madeRepaint(callbackAt: done - reference, bound: bound, interval: interval) {
      learn(commit, made: made)
    }
    return true
  }

  /// Whether a commit whose own frame callback fired `offset` seconds after its reference
  /// presentation made the repaint right after it: the callback came near the latch bound.
  /// Nil when it came later than the repaint after that one: the compositor stalled, which
  /// says nothing of its latch (and a miss would hold the target back for ``missMemory``).
  private static func madeRepaint(callbackAt offset: Double, bound: Double, interval: Double) -> Bool? {
    let late = offset - bound
    guard late < (1 + promptCallback) * interval else { return nil }
    return late < promptCallback * interval
  }

  /// Whether `commit` made the repaint right after its reference presentation; nil when
  /// that cannot be told (no reference, or the reference was not the latest repaint then).
  private func madeNextRepaint(_ commit: Commit, presentedAt time: Double, sequence: UInt64?) -> Bool? {
    guard let reference = commit.reference, let interval, time > reference,
      commit.time >= reference, commit.time - reference < interval
    else { return nil }
    // Its own frame callback at the first latch after the reference (near the latch bound):
    // that repaint took it. Robust to a compositor presenting late under load, which the
    // presentation gap below is not.
    if let done = commit.callbackDone, done >= commit.time, let bound = latchBound {
      return Self.madeRepaint(callbackAt: done - reference, bound: bound, interval: interval)
    }
    // Presented more than one repaint late: a stall, not a miss (see `madeRepaint`).
    if let sequence, let referenceSequence = commit.referenceSequence, sequence > referenceSequence {
      let repaints = sequence - referenceSequence
      return repaints <= 2 ? repaints == 1 : nil
    }
    let gap = time - reference
    return gap < (Self.madeWithin + 1) * interval ? gap < Self.madeWithin * interval : nil
  }

  private mutating func learn(_ commit: Commit, made: Bool) {
    guard let reference = commit.reference else { return }
    let offset = commit.time - reference
    if made {
      madeCount += 1
      if commit.planned, let target = commitOffset {
        plannedTestCount += 1
        // Quickly while no miss is remembered (a new process closes the initial guard within
        // a few repaints, as after a rate change), else slowly: each probe past the latch
        // costs a miss.
        let room = (latchBound ?? target) - Self.boundGap - target
        let fast = misses.isEmpty ? (commit.empty ? Self.emptyProbeFraction : Self.probeFraction) * room : 0
        commitOffset = target + max(Self.probeStep, fast)
      }
    } else {
      // Past the latch bound the commit could not have made it: no test of the target.
      if let bound = latchBound, offset > bound { return }
      missedCount += 1
      if commit.planned { plannedTestCount += 1 }
      misses.append((offset, Self.missMemory))
      if let target = commitOffset { commitOffset = min(target, offset - Self.missBackoff) }
    }
  }

  /// Forgets the latch bound and the misses when the repaint interval is more than
  /// ``rateChange`` away from the one they were learned at (the window went to another
  /// output, or the output changed its mode): the latch is elsewhere in the new cycle. The
  /// bound is learned again from the next callback, the target probed quickly from where it
  /// is (below the new bound) or started below it (above).
  private mutating func forgetLatchOnRateChange() {
    guard let interval, let learned = latchInterval, abs(interval - learned) > Self.rateChange * learned
    else { return }
    callbackOffsets.removeAll(keepingCapacity: true)
    misses.removeAll(keepingCapacity: true)
    latchInterval = nil
  }

  /// Starts the target below the latch bound once known, and keeps it under the bound and
  /// the remembered misses.
  private mutating func clampTarget() {
    guard let bound = latchBound else { return }
    // A target past the bound was never tested against it (the first bounds at start-up can
    // be far off): start again below it.
    var target = commitOffset.flatMap { $0 < bound ? $0 : nil } ?? (bound - Self.initialGuard)
    target = min(target, bound - Self.boundGap)
    if let miss = misses.lazy.map(\.offset).min() { target = min(target, miss - Self.missBackoff) }
    commitOffset = max(0, target)
  }

  private static func push(_ value: Double, into values: inout [Double]) {
    if values.count == historyCount { values.removeFirst() }
    values.append(value)
  }
}
