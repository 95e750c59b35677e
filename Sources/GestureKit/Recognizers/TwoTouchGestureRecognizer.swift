/// The base of recognizers that follow a pair of touches (pinch, rotation): it picks the
/// pair, turns the pair's movement into began/changed, ends on a lift, and lets a touchpad
/// pinch drive the subclass instead of touches.
///
/// ```
/// possible ──(pairDidMove says the hysteresis is passed)──> began ──(moves)──> changed*
/// possible ──(a touch of the pair lifts or is cancelled)──> failed
/// began/changed ──(a touch of the pair lifts)──> ended
/// began/changed ──(a touch of the pair is cancelled)──> cancelled
/// ```
///
/// - The pair is the first two touches the recognizer accepts; further touches are ignored
///   (they neither count nor move it). With one touch down it waits, possible, for the second.
/// - Ending rule: the attempt ends as soon as fewer than two touches of the pair are down
///   (UIKit ends it when the touches lift); the finger left down is not tracked further.
/// - Subclasses measure the pair in `pairDidForm(first:second:at:)` and
///   `pairDidMove(first:second:at:)`, and reset their measure in `reset()` (calling super).
/// - A touchpad pinch (`Window.sendTouchpadPinchBegin` and the following updates) drives the
///   attempt instead of touches: while it does, touches are ignored.
open class TwoTouchGestureRecognizer: GestureRecognizer {
  /// The first touch of the pair (nil until one went down).
  public private(set) var firstTouch: Touch?
  /// The second touch of the pair (nil until it went down).
  public private(set) var secondTouch: Touch?
  /// True while a touchpad pinch drives the attempt.
  private(set) var isTouchpadDriven = false

  // MARK: Subclass hooks

  /// The second touch went down: `first` and `second` now form the pair. Record the measure
  /// the attempt starts from. The default does nothing.
  open func pairDidForm(first: Touch, second: Touch, at time: Double) {}

  /// A touch of the pair moved: update the measure, and return whether the movement since the
  /// pair formed has passed the recognizer's hysteresis (only asked about while possible).
  /// The default returns false.
  open func pairDidMove(first: Touch, second: Touch, at time: Double) -> Bool { false }

  // MARK: Touches

  /// Takes the first two touches as the pair and ignores any further ones (and every touch
  /// while a touchpad pinch drives the attempt).
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    for touch in touches {
      if isTouchpadDriven {
        ignore(touch, for: event)
      } else if firstTouch == nil {
        firstTouch = touch
      } else if secondTouch == nil, let first = firstTouch {
        secondTouch = touch
        pairDidForm(first: first, second: touch, at: event.timestamp)
      } else {
        ignore(touch, for: event)
      }
    }
  }

  /// Follows the pair: begins once the subclass says the hysteresis is passed, then reports
  /// `changed` on every move.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard let first = firstTouch, let second = secondTouch else { return }
    let passed = pairDidMove(first: first, second: second, at: event.timestamp)
    switch state {
    case .possible:
      if passed { state = .began }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  /// A touch of the pair lifting ends the attempt in progress, or fails it while possible.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    finish(as: .ended)
  }

  /// A cancelled touch cancels the attempt in progress, or fails it while possible.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    finish(as: .cancelled)
  }

  /// Forgets the pair. Subclasses reset their measure and call super.
  open override func reset() {
    firstTouch = nil
    secondTouch = nil
    isTouchpadDriven = false
  }

  // MARK: Window input (touchpad)

  /// True when a touchpad pinch may drive the recognizer now: enabled and not in an attempt.
  func acceptsTouchpadGesture() -> Bool {
    isEnabled && storedState == .possible && !isRejected && heldState == nil && trackedTouches.isEmpty
  }

  /// A touchpad pinch begins driving the attempt, with the pointer at `location`.
  func beginTouchpadDrive(at location: Point) {
    isTouchpadDriven = true
    lastCentroidInWindow = location
  }

  /// A touchpad update arrived: begins, or reports `changed` (a recognizer held by a failure
  /// requirement asks to begin again). No hysteresis: the compositor recognized the pinch.
  func advanceForTouchpadUpdate() {
    switch state {
    case .possible: state = .began
    case .began, .changed: state = .changed
    default: break
    }
  }

  /// The touchpad pinch ended (or was cancelled): ends (cancels) the attempt in progress, or
  /// fails it while possible.
  func touchpadPinchEnded(cancelled: Bool) {
    finish(as: cancelled ? .cancelled : .ended)
  }

  /// Ends the attempt: `outcome` when in progress, failed when possible.
  func finish(as outcome: State) {
    if state.isActive {
      state = outcome
    } else if state == .possible {
      state = .failed
    }
  }
}
