/// A fresh process's lesson in the compositor's repaint timing, taken before the first
/// gesture.
///
/// `FramePacer` learns when to commit from the presentation feedback of its own commits. A
/// long-running app learned it during earlier gestures; a fresh one knows nothing when its
/// first drag begins, so the frame after that drag's first frame callback is drawn at once,
/// just after a latch, and the inputs that follow it wait a whole repaint more. So once the
/// window's first frame is on screen (its first frame callback), while the pacer knows no
/// commit target, the app makes a few empty commits (no buffer, no damage: a frame callback
/// and presentation feedback only; `FramePacer.Work.emptyCommit`), each when the pacer would
/// make a planned draw. The compositor repaints for each and says when, and the pacer learns
/// the repaint interval, the latch bound and a commit target, tested by planned commits as
/// during a drag, until one misses its repaint: then the latch is found and the target put
/// back below it (`PresentationTiming`), where a drag's first frames find it. Empty commits
/// probe faster than drawn ones (`PresentationTiming.emptyProbeFraction`): their misses cost
/// nothing on screen, a drag's do.
///
/// It is pure: the app reports what happened and asks `commitDue(at:)` whether to make the
/// next empty commit (which the pacer then times).
///
/// States and transitions (any other event leaves the state as it is):
///
/// | state | event | next state |
/// | --- | --- | --- |
/// | `waitingForFirstFrame` | `firstFrameShown`, feedback available, no target known | `calibrating(since: now, commits: 0)` |
/// | `waitingForFirstFrame` | `firstFrameShown`, no feedback or a target known | `finished(.notNeeded)` |
/// | `waitingForFirstFrame` | `interrupted(by: .configure)` | `waitingForFirstFrame` (the first frame is still to come) |
/// | `waitingForFirstFrame` | `interrupted(by: .input or .closed)` | `finished(.interrupted)` |
/// | `calibrating` | `committed`, fewer than ``commitCap`` commits made | `calibrating(commits + 1)` |
/// | `calibrating` | `committed`, the ``commitCap``th | `finished(.commitCap)` |
/// | `calibrating` | `presented`: a target known, and a commit missed its repaint | `finished(.learned)` |
/// | `calibrating` | `commitDue` ``timeLimit`` or more after the start | `finished(.timeLimit)` |
/// | `calibrating` | `interrupted` (input, configure, closed) | `finished(.interrupted)` |
/// | `finished` | any | `finished` |
///
/// A hidden window gets no frame callbacks, so the pacer makes no more commits; the time
/// limit ends the calibration at the next wake-up.
struct TimingCalibration {
  /// The most empty commits made (one per repaint: about 0.2 s at Weston's 25 ms).
  static let commitCap = 8
  /// Seconds after the first frame after which no empty commit is made (a compositor slower
  /// than 8 repaints in this time is not worth waiting for; a drag teaches it later).
  static let timeLimit = 0.3
  /// Why the calibration ended.
  enum Outcome: Equatable {
    /// No presentation feedback, or the timing was already known.
    case notNeeded
    /// The target is known, and a commit missed its repaint (the latch was found).
    case learned
    /// ``commitCap`` empty commits were made.
    case commitCap
    /// ``timeLimit`` passed.
    case timeLimit
    /// Input, a configure or a close request came first.
    case interrupted
  }

  /// Where the calibration is.
  enum State: Equatable {
    /// The window's first frame is not on screen yet.
    case waitingForFirstFrame
    /// Empty commits are being made: since when (seconds) and how many so far.
    case calibrating(since: Double, commits: Int)
    /// Over, for good.
    case finished(Outcome)
  }

  /// What stops the calibration from outside.
  enum Interruption: Equatable {
    /// Any seat input (the user is here: the gestures teach the pacer from now on).
    case input
    /// A configure (applied and drawn at once).
    case configure
    /// The window is being closed.
    case closed
  }

  /// The current state.
  private(set) var state = State.waitingForFirstFrame

  /// Whether empty commits are being made.
  var isCalibrating: Bool {
    if case .calibrating = state { true } else { false }
  }

  /// Whether it has not finished yet (waiting for the first frame, or calibrating).
  var isActive: Bool {
    if case .finished = state { false } else { true }
  }

  /// The window's first frame is on screen (its frame callback fired) at `now`;
  /// `feedbackAvailable` says whether the compositor offers presentation feedback.
  mutating func firstFrameShown(at now: Double, feedbackAvailable: Bool, timing: PresentationTiming) {
    guard state == .waitingForFirstFrame else { return }
    state =
      feedbackAvailable && !timing.knowsTarget ? .calibrating(since: now, commits: 0) : .finished(.notNeeded)
  }

  /// Whether an empty commit is wanted at `now` (the pacer decides when it is made). Ends
  /// the calibration once ``timeLimit`` has passed.
  mutating func commitDue(at now: Double) -> Bool {
    guard case .calibrating(let since, _) = state else { return false }
    guard now - since < Self.timeLimit else {
      state = .finished(.timeLimit)
      return false
    }
    return true
  }

  /// An empty commit was made.
  mutating func committed() {
    guard case .calibrating(let since, let commits) = state else { return }
    state =
      commits + 1 >= Self.commitCap ? .finished(.commitCap) : .calibrating(since: since, commits: commits + 1)
  }

  /// A presentation was reported and the pacer's `timing` updated from it.
  mutating func presented(timing: PresentationTiming) {
    guard isCalibrating, timing.knowsTarget, timing.missedCount > 0 else { return }
    state = .finished(.learned)
  }

  /// Something else happened first (see ``Interruption``).
  mutating func interrupted(by interruption: Interruption) {
    switch state {
    case .waitingForFirstFrame where interruption == .configure: return
    case .waitingForFirstFrame, .calibrating: state = .finished(.interrupted)
    case .finished: return
    }
  }
}
