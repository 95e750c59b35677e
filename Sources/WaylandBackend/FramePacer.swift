/// Decides when the window is drawn and committed: at once, when the frame callback fires,
/// or at a planned time just before the compositor's next repaint.
///
/// It knows nothing of Wayland: the event loop reports what happened (a change, a commit, a
/// frame callback, a presentation) with times on one clock (`CLOCK_MONOTONIC` seconds in the
/// app, a virtual clock in tests), asks `mayDraw(at:)` before drawing, and arms a timer for
/// every deadline `frameDone(at:needsDisplay:)` returns.
///
/// States and transitions:
///
/// | state | event | next state |
/// | --- | --- | --- |
/// | `idle` | a change, timing unknown or stale | (draws at once: `mayDraw` is true) |
/// | `idle` | a change, timing fresh (`planChange`) | `scheduled(deadline)` |
/// | any | `committed` (a frame callback is pending after it) | `waitingForFrame` |
/// | `waitingForFrame` | a change | `waitingForFrame` (coalesced: `mayDraw` is false) |
/// | `waitingForFrame` | `frameDone`, nothing to draw | `idle` |
/// | `waitingForFrame` | `frameDone`, something to draw, timing unknown or stale | `idle` (draws at once) |
/// | `waitingForFrame` | `frameDone`, something to draw, timing known | `scheduled(deadline)` |
/// | `scheduled` | a change before the deadline | `scheduled` (coalesced) |
/// | `scheduled` | the deadline passes | (draws: `mayDraw` is true), then `committed` |
///
/// Every commit but a configure's asks for a frame callback, and nothing is drawn while one
/// is pending, so while dragging there is at most one commit per compositor repaint.
///
/// The deadline, from ``PresentationTiming``: the compositor takes in commits until it
/// starts a repaint (its "latch"), which comes `latchLead` before that repaint is presented.
/// The planned draw is at the predicted next latch minus a safety margin, so that input
/// arriving after the frame callback still makes that repaint instead of waiting one more
/// repaint interval. The margin is `2 x` the longest of the last few draws (draw and commit)
/// plus ``safetySlack`` for scheduling jitter (a shared machine can wake the loop late).
struct FramePacer {
  /// Where the pacer is between frames.
  enum State: Equatable {
    /// No frame callback pending and no draw planned: a change is drawn at once.
    case idle
    /// A commit's frame callback is pending: changes wait for it.
    case waitingForFrame
    /// The frame callback fired; the next draw is planned at `deadline` (seconds).
    case scheduled(deadline: Double)
  }

  /// Seconds added to the margin for wake-up and scheduling jitter.
  static let safetySlack = 0.003
  /// How many recent draw durations the margin looks at.
  static let drawHistoryCount = 8

  /// The current state.
  private(set) var state = State.idle
  /// The compositor's repaint timing learned from presentation feedback.
  private(set) var timing = PresentationTiming()
  /// The last few draw durations (seconds), newest last.
  private var drawDurations: [Double] = []
  /// When the last frame callback fired, for the latch lead.
  private var lastFrameDone: Double?

  /// A pacer in `idle`, knowing no timing.
  init() {
    drawDurations.reserveCapacity(Self.drawHistoryCount)
  }

  /// Seconds between the planned draw and the predicted latch.
  var margin: Double {
    2 * (drawDurations.max() ?? 0) + Self.safetySlack
  }

  /// Whether the window may be drawn and committed now (when it needs to be).
  func mayDraw(at now: Double) -> Bool {
    switch state {
    case .idle: true
    case .waitingForFrame: false
    case .scheduled(let deadline): now >= deadline
    }
  }

  /// A frame was drawn in `drawDuration` seconds and committed with a frame callback
  /// requested (or one still pending).
  mutating func committed(drawDuration: Double) {
    if drawDurations.count == Self.drawHistoryCount { drawDurations.removeFirst() }
    drawDurations.append(max(0, drawDuration))
    state = .waitingForFrame
  }

  /// The pending frame callback fired at `now`. Returns the deadline of the planned draw
  /// (arm a timer for it), or nil when the window is drawn at once or not at all.
  mutating func frameDone(at now: Double, needsDisplay: Bool) -> Double? {
    lastFrameDone = now
    guard needsDisplay, let latch = timing.nextLatch(after: now + margin) else {
      state = .idle
      return nil
    }
    state = .scheduled(deadline: latch - margin)
    return latch - margin
  }

  /// Something changed at `now` while `idle`. With fresh timing (the compositor is
  /// repainting, e.g. during a drag) the draw is planned at the next latch minus the margin,
  /// like after a frame callback: drawing at once would make that repaint too, but every
  /// input arriving after it and before the latch would then wait one more repaint. Returns
  /// the deadline (arm a timer for it), or nil to draw at once (timing unknown or stale, as
  /// after a pause: the first input after it is drawn with no delay).
  mutating func planChange(at now: Double) -> Double? {
    guard state == .idle, let latch = timing.nextLatch(after: now + margin) else { return nil }
    let deadline = latch - margin
    guard deadline > now else { return nil }
    state = .scheduled(deadline: deadline)
    return deadline
  }

  /// The frame callback was dropped without firing (the surface went away): back to `idle`.
  mutating func frameCallbackCancelled() {
    state = .idle
  }

  /// A commit was presented at `time` (same clock as `now`); `refresh` is the compositor's
  /// predicted refresh interval in seconds (0 when unknown), `sequence` the output's refresh
  /// counter (nil when the output has none).
  mutating func presented(at time: Double, refresh: Double, sequence: UInt64?) {
    timing.presented(at: time, refresh: refresh, sequence: sequence, lastFrameDone: lastFrameDone)
  }
}

/// What presentation feedback taught about the compositor's repaints: the time of the last
/// presentation, the repaint interval, and how long before a presentation the compositor
/// stops taking commits for it (the latch lead).
///
/// - Interval: the shortest gap between consecutive presentations among the last few (divided
///   by the number of refreshes between them when the output counts them). Gaps, not the
///   `refresh` the compositor reports: Weston's headless output reports 60 Hz but repaints
///   about every 25 ms. The shortest gap skips repaints the window was not part of.
/// - Latch lead: the longest recent gap between a frame callback and the presentation that
///   follows it (the callback fires when the compositor starts the repaint that took the
///   commit in). The longest errs towards drawing early, which only costs coalescing.
/// - Stale: with no presentation in the last ``staleAfter`` seconds (the compositor went idle
///   and will restart its repaint loop at a new phase), nothing is predicted.
struct PresentationTiming {
  /// Presentations older than this (seconds) say nothing about the next repaint.
  static let staleAfter = 0.25
  /// The longest gap between presentations taken for a repaint interval, in seconds (10 Hz);
  /// longer gaps are idle time.
  static let maximumInterval = 0.1
  /// How many recent samples the interval and the latch lead look at.
  static let historyCount = 8

  /// The last presentation time, nil before the first.
  private(set) var lastPresentation: Double?
  private var lastSequence: UInt64?
  private var intervals: [Double] = []
  private var leads: [Double] = []

  /// The estimated repaint interval (seconds), nil until two presentations were seen.
  var interval: Double? { intervals.min() }
  /// The estimated latch lead (seconds), nil until a presentation followed a frame callback.
  var latchLead: Double? { leads.max() }

  /// Records a presentation (see `FramePacer.presented`); `lastFrameDone` is the time of the
  /// latest frame callback.
  mutating func presented(at time: Double, refresh: Double, sequence: UInt64?, lastFrameDone: Double?) {
    if let previous = lastPresentation, time > previous {
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
    lastPresentation = time
    lastSequence = sequence
  }

  /// The predicted next latch at or after `earliest`, or nil when the timing is unknown or
  /// stale.
  func nextLatch(after earliest: Double) -> Double? {
    guard let last = lastPresentation, let interval, let lead = latchLead,
      earliest - last <= Self.staleAfter
    else { return nil }
    // Latches are at last + k * interval - lead; the first one not before `earliest`.
    let k = max(1, ((earliest - last + lead) / interval).rounded(.up))
    return last + k * interval - lead
  }

  private static func push(_ value: Double, into values: inout [Double]) {
    if values.count == historyCount { values.removeFirst() }
    values.append(value)
  }
}
