/// Decides when the window is drawn and committed: at once, when the frame callback fires,
/// or at a planned time just before the compositor's next repaint.
///
/// It knows nothing of Wayland: the event loop reports what happened (a change, a commit, a
/// frame callback, a presentation) with times on one clock (`CLOCK_MONOTONIC` seconds in the
/// app, a virtual clock in tests), asks `mayDraw(at:)` before drawing, and arms a timer for
/// every deadline `planChange`, `frameDone` or `presented` returns.
///
/// States and transitions:
///
/// | state | event | next state |
/// | --- | --- | --- |
/// | `idle` | a change, no commit target known, stale, or past (`planChange` nil) | (draws at once: `mayDraw` is true) |
/// | `idle` | a change, a commit target ahead (`planChange`) | `scheduled(deadline)` |
/// | `idle` | a change, a commit target ahead but its deadline less than ``drawAtOnceWithin`` ahead or passed | `scheduled(now)` (draws at once, planned: `mayDraw` is true) |
/// | `scheduled` (an empty commit) | a change (`planChange` with `.draw`) | `scheduled(deadline for a draw)`, at the latest now |
/// | `scheduled` (an empty commit) | `cancelEmptyCommit` (the calibration is over) | `idle` |
/// | any | `committed` (a frame callback, or the presentation standing in for it, is awaited) | `waitingForFrame` |
/// | `waitingForFrame` | a change | `waitingForFrame` (coalesced: `mayDraw` is false) |
/// | `waitingForFrame` (an empty commit's callback) | ``emptyCommitPatience`` passes | (draws: `mayDraw` is true), then `committed` |
/// | `waitingForFrame` (a commit without a callback) | its presentation or discard | `idle` (a change is planned from that presentation) |
/// | `waitingForFrame` (a commit without a callback) | ``emptyCommitPatience`` passes | (draws: `mayDraw` is true), then `committed` |
/// | `waitingForFrame` | `frameDone`, nothing to draw | `idle` |
/// | `waitingForFrame` | `frameDone`, something to draw, no target ahead | `idle` (draws at once) |
/// | `waitingForFrame` | `frameDone`, something to draw, a target ahead | `scheduled(deadline)` |
/// | `scheduled` | a change before the deadline | `scheduled` (coalesced) |
/// | `scheduled` | `presented` (the target after this presentation is known) | `scheduled(new deadline)`, now when less than ``drawAtOnceWithin`` ahead |
/// | `scheduled` (sooner than the latest start) | `planChange` at the deadline, the input expected unread | `scheduled(latest start)` |
/// | `scheduled` | the deadline passes | (draws: `mayDraw` is true), then `committed` |
///
/// Every commit but a configure's asks for a frame callback, or for presentation feedback
/// that stands in for it (``wantsFrameCallback(feedback:)``), and nothing is drawn until it
/// comes, so while dragging there is at most one commit per compositor repaint. The
/// exception is the callback of an empty commit after ``emptyCommitPatience``: some
/// compositors repaint nothing for a commit without damage, and send its callback only when
/// something else is drawn (a commit standing on its presentation has the same patience).
///
/// The deadline: ``PresentationTiming`` learns when, after a presentation, a commit still
/// makes the next repaint (the commit target, converging just before the compositor's
/// latch). The planned draw is at the target minus the margin: the longest recent planned
/// draw (draw to commit; ``expectedDrawDuration``) plus the latest recent wake-up of a
/// planned draw behind its deadline (timer lateness and the loop's work before the draw),
/// both measured, plus ``minimumSlack``. With no recent wake-up (after a pause) the
/// allowance is the last one measured, at most ``initialWakeAllowance``. While the input
/// moves at a steady rate, the draw starts after the last input expected by then, when
/// sooner (``drawStart(by:now:)``). A frame callback comes before the presentation of the
/// repaint it starts, so the draw after it is first planned an interval after the last
/// presentation, then re-planned when that presentation arrives.
///
/// Between frames the event loop asks ``quietUntil(now:)`` how long it may leave the
/// connection unread (FramePacer+Quiet.swift).
///
/// What is planned (``Work``) is a draw, or an empty commit (``TimingCalibration``'s, which
/// attaches nothing): its margin leaves out the draw durations, so that it reaches the
/// compositor when a planned draw's commit would, and tests the target the same way.
struct FramePacer {
  /// Where the pacer is between frames.
  enum State: Equatable {
    /// No frame callback pending and no draw planned: a change is drawn at once.
    case idle
    /// A commit's frame callback is pending: changes wait for it.
    case waitingForFrame
    /// The next draw is planned at `deadline` (seconds).
    case scheduled(deadline: Double)
  }

  /// What a planned commit carries, which sets how long before the target it starts.
  enum Work: Equatable {
    /// A frame drawn into a buffer: the margin holds the recent draw durations.
    case draw
    /// A commit without a new buffer (a frame callback and presentation feedback only):
    /// nothing to draw, so the margin is the wake-up allowance and ``minimumSlack``.
    case emptyCommit
  }

  /// The current state.
  private(set) var state = State.idle
  /// The compositor's repaint timing learned from presentation feedback.
  private(set) var timing = PresentationTiming()
  /// The last few draw durations (seconds), when they ended and whether each was scheduled
  /// (drawn at a deadline, not at once), newest last.
  private(set) var drawDurations: [(time: Double, value: Double, scheduled: Bool)] = []
  /// The last few wake-ups of planned draws behind their deadline (seconds) and when they
  /// happened, newest last. Samples older than ``historyAge`` are dropped: one stall (the
  /// machine busy for a moment) must not inflate the margin past every later deadline, which
  /// would stop planning (and with it new samples) for good.
  private(set) var wakeLateness: [(time: Double, value: Double)] = []
  /// The largest wake-up lateness of the last samples, once all were forgotten for their
  /// age: the allowance after a pause when below ``initialWakeAllowance`` (a fresh process's
  /// calibration measured its wake-ups before the first drag; a stall stays capped).
  private(set) var forgottenWakeLateness: Double?
  /// When the last frame callback fired.
  private(set) var lastFrameDone: Double?
  /// Commits with presentation feedback requested, oldest first.
  private(set) var pending: [PresentationTiming.Commit] = []
  /// When the last commit was made.
  private(set) var lastCommit: Double?
  /// What the current plan (`scheduled`) is for.
  private(set) var plannedWork = Work.draw
  /// When the last commit, if empty, was made: its frame callback (or the one pending
  /// before it) holds back draws only for ``emptyCommitPatience``. Nil after a drawn commit.
  private(set) var emptyCommitAwaitingCallback: Double?
  /// The last commit, when made without a frame callback: its presentation (or discard)
  /// ends `waitingForFrame` instead (FramePacer+Waiting.swift).
  private(set) var presentationAsCallback: (id: UInt32, since: Double)?
  /// Drawn commits made without a frame callback since the last one that asked for one.
  private(set) var commitsWithoutCallback = 0
  /// When the event loop, quiet between frames of a drag, wakes up to draw the next one
  /// though no draw is `scheduled` (``quietUntil(now:)`` sets it, a commit clears it): the
  /// deadline of the draw planned at that wake-up.
  var quietDrawDeadline: Double?
  /// How long before the deadline it planned the last presentation was read (seconds; nil
  /// when none was planned): presentations must come well before it to stand in for callbacks.
  private(set) var presentationLead: Double?
  /// The moving input's cadence (``drawStart(by:now:)``).
  var inputCadence = InputCadence()
  /// Whether the draw last planned starts sooner than the latest start for the target
  /// (``drawStart(by:now:)``): its commit is then no test of the target.
  var startsBeforeLatest = false

  /// A pacer in `idle`, knowing no timing.
  init() {
    drawDurations.reserveCapacity(Self.historyCount)
    wakeLateness.reserveCapacity(Self.historyCount)
    pending.reserveCapacity(Self.pendingLimit)
  }

  /// Seconds between the planned draw and the commit target.
  var margin: Double { margin(for: .draw) }

  /// A frame whose drawing started at `drawStart` (nil: an empty commit, nothing drawn) was
  /// committed at `now`, with a frame callback requested (or one still pending) unless
  /// `callback` is false, and, when `feedbackID` is given, presentation feedback under that
  /// number (which then ends the wait when no callback was requested).
  mutating func committed(at now: Double, drawStart: Double?, feedbackID: UInt32?, callback: Bool = true) {
    var planned = false
    var scheduled = false
    let start = drawStart ?? now
    if case .scheduled(let deadline) = state {
      Self.push((start, max(0, start - deadline)), into: &wakeLateness)
      planned = !startsBeforeLatest
      scheduled = true
    }
    forgetOldSamples(now: now)
    lastCommit = now
    quietDrawDeadline = nil
    // A draw after an unanswered empty commit waits for that callback without patience.
    emptyCommitAwaitingCallback = drawStart == nil ? now : nil
    if let drawStart { Self.push((now, max(0, now - drawStart), scheduled), into: &drawDurations) }
    if let feedbackID {
      if pending.count == Self.pendingLimit { pending.removeFirst() }
      pending.append(
        PresentationTiming.Commit(
          id: feedbackID, time: now, reference: timing.lastPresentation,
          referenceSequence: timing.lastSequence, planned: planned,
          ownsCallback: callback && state != .waitingForFrame, empty: drawStart == nil))
    }
    presentationAsCallback = callback ? nil : feedbackID.map { ($0, now) }
    if drawStart != nil {
      commitsWithoutCallback = presentationAsCallback == nil ? 0 : commitsWithoutCallback + 1
    }
    state = .waitingForFrame
  }

  /// The pending frame callback fired at `now`; `needsDisplay` says whether `work` is to be
  /// committed next. Returns the deadline of the planned commit (arm a timer for it), or nil
  /// when it is made at once or not at all.
  mutating func frameDone(at now: Double, needsDisplay: Bool, work: Work = .draw) -> Double? {
    lastFrameDone = now
    presentationAsCallback = nil
    if let index = pending.lastIndex(where: \.ownsCallback), pending[index].callbackDone == nil {
      pending[index].callbackDone = now
      pending[index].judged = timing.callbackFired(for: pending[index])
    }
    guard needsDisplay, let deadline = pacedDeadline(now: now, work: work) else {
      state = .idle
      return nil
    }
    plannedWork = work
    state = .scheduled(deadline: deadline)
    return deadline
  }

  /// Something changed at `now` while `idle`. With a commit target ahead (the compositor is
  /// repainting, e.g. during a drag) the draw is planned just before it, like after a frame
  /// callback: drawing at once would make that repaint too, but every input arriving after
  /// it and before the latch would then wait one more repaint. Returns the deadline (arm a
  /// timer for it; when not after `now`, draw at once: `mayDraw` is true), or nil to draw at
  /// once unplanned (timing unknown, stale as after a pause, or the target passed: the
  /// compositor is idle or latches the next commit anyway).
  ///
  /// A draw wanted while an empty commit is planned takes its place, planned again with the
  /// draw's margin (at the latest now). A draw planned sooner than its latest start, due with
  /// its input event unread, is planned again: at that latest start (`drawStart(by:now:)`).
  mutating func planChange(at now: Double, work: Work = .draw) -> Double? {
    if case .scheduled(let old) = state, plannedWork == .emptyCommit, work == .draw {
      plannedWork = .draw
      let deadline = min(old, pacedDeadline(now: now, work: .draw) ?? now)
      state = .scheduled(deadline: deadline)
      return deadline
    }
    if case .scheduled(let old) = state, plannedWork == .draw, startsBeforeLatest, old <= now,
      let deadline = pacedDeadline(now: now, work: .draw), deadline > now
    {
      state = .scheduled(deadline: deadline)
      return deadline
    }
    guard state == .idle, let deadline = pacedDeadline(now: now, work: work) else { return nil }
    plannedWork = work
    state = .scheduled(deadline: deadline)
    return deadline
  }

  /// The planned empty commit is no longer wanted (the calibration is over): back to
  /// `idle`. Returns whether there was one (cancel its timer); a planned draw stays.
  mutating func cancelEmptyCommit() -> Bool {
    guard case .scheduled = state, plannedWork == .emptyCommit else { return false }
    state = .idle
    return true
  }

  /// The frame callback was dropped without firing (the surface went away): back to `idle`.
  mutating func frameCallbackCancelled() {
    state = .idle
  }

  /// Commit `feedbackID` was presented at `time` (same clock as `now`); `refresh` is the
  /// compositor's predicted refresh interval in seconds (0 when unknown), `sequence` the
  /// output's refresh counter (nil when the output has none). While a draw is planned, it is
  /// planned again from this presentation: returns the new deadline (arm a timer for it; at
  /// the latest `now`, which defaults to `time`), or nil when nothing changed. `readLate`:
  /// the event was read after a quiet poll (FramePacer+Quiet.swift), some time after it came,
  /// so its own `time` stands in for the read's in `presentationLead`.
  mutating func presented(
    at time: Double, refresh: Double, sequence: UInt64?, feedbackID: UInt32? = nil, now: Double? = nil,
    readLate: Bool = false
  ) -> Double? {
    let now = now ?? time
    let commit = feedbackID.flatMap { takePending($0) }
    timing.presented(
      at: time, refresh: refresh, sequence: sequence, lastFrameDone: lastFrameDone, commit: commit)
    notePresentation(at: time, now: readLate ? time : now, feedbackID: feedbackID)
    guard case .scheduled(let old) = state else { return nil }
    var deadline = pacedDeadline(now: now, work: plannedWork) ?? now
    // Woken for the old deadline: the wake-up's lateness is measured against it.
    if deadline <= now, old <= now { deadline = old }
    guard abs(deadline - old) > 0.000_01 else { return nil }
    state = .scheduled(deadline: deadline)
    return deadline
  }

  /// Commit `feedbackID` never reached the screen (a later commit replaced it first).
  mutating func discarded(feedbackID: UInt32) {
    _ = takePending(feedbackID)
    endWaitIfAwaited(feedbackID)
  }

  /// Notes the presentation of commit `feedbackID` (nil: unknown), taken at `time` and read
  /// at `now`: how far ahead of the deadline it plans it came, and the end of the wait when
  /// the commit had no frame callback.
  private mutating func notePresentation(at time: Double, now: Double, feedbackID: UInt32?) {
    if let offset = timing.commitOffset, timing.interval != nil {
      presentationLead = drawStart(by: time + offset - margin(for: .draw), now: now) - now
    }
    if let feedbackID { endWaitIfAwaited(feedbackID) }
  }

  /// Commit `feedbackID` was presented or discarded: when it stood in for a frame callback,
  /// the wait is over (`idle`: a change is planned from here).
  private mutating func endWaitIfAwaited(_ feedbackID: UInt32) {
    guard let awaited = presentationAsCallback, awaited.id == feedbackID else { return }
    presentationAsCallback = nil
    if state == .waitingForFrame { state = .idle }
  }

  private mutating func takePending(_ id: UInt32) -> PresentationTiming.Commit? {
    guard let index = pending.firstIndex(where: { $0.id == id }) else { return nil }
    return pending.remove(at: index)
  }

  /// Drops draw and wake-up samples older than ``historyAge``.
  mutating func forgetOldSamples(now: Double) {
    drawDurations.removeAll { now - $0.time > Self.historyAge }
    let latest = wakeLateness.lazy.map(\.value).max()
    wakeLateness.removeAll { now - $0.time > Self.historyAge }
    if wakeLateness.isEmpty, let latest { forgottenWakeLateness = latest }
  }

  private static func push<Sample>(_ value: Sample, into values: inout [Sample]) {
    if values.count == historyCount { values.removeFirst() }
    values.append(value)
  }
}
