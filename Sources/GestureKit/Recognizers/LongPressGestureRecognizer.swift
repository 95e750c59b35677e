/// Recognizes fingers held still for a while, then follows them (continuous).
///
/// ```
/// possible ──(numberOfTouchesRequired fingers held minimumPressDuration, each within
///             allowableMovement of where it went down)──> began
/// began/changed ──(a finger moves)──> changed
/// began/changed ──(a finger lifts)──> ended          (a cancelled touch: cancelled)
/// possible ──(a finger moves too far, lifts early, too many fingers, a tap too slow or
///             too late, a touch is cancelled)──> failed
/// ```
///
/// - With `numberOfTapsRequired` above 0, that many quick taps (each lifted within
///   `GestureConstants.tapMaximumPressDuration`, the next starting within
///   `tapMaximumInterval`) must come before the press.
/// - `allowableMovement` applies before the press begins only; afterwards any movement
///   sends `changed`.
/// - The press begins on a timer of the window's clock; an event arriving after the
///   deadline before the timer ran begins it first.
/// - Thresholds: `GestureConstants.longPressMinimumDuration`,
///   `longPressAllowableMovement`, and the tap ones for the preceding taps.
open class LongPressGestureRecognizer: GestureRecognizer {
  /// Seconds the fingers must be held before the press begins (0.5); with 0 it begins as the
  /// last required finger goes down.
  public var minimumPressDuration = GestureConstants.longPressMinimumDuration
  /// Pixels each finger may move from where it went down before the press begins (10).
  public var allowableMovement = GestureConstants.longPressAllowableMovement
  /// Quick taps required before the press (0).
  public var numberOfTapsRequired = 0
  /// Fingers that must be held (1).
  public var numberOfTouchesRequired = 1
  /// The pointer button the press must be made with: ``ButtonMask/primary`` by default,
  /// ``ButtonMask/secondary`` for a press of the right button (with `minimumPressDuration` 0,
  /// it begins as the button goes down, as a desktop's context menu opens), both for either. A
  /// pointer touch of another button is never given to this recognizer; fingers and pencils are
  /// not affected. UIKit has this on taps only (``TapGestureRecognizer/buttonMaskRequired``).
  public var buttonMaskRequired: ButtonMask = .primary

  override var acceptedButtons: ButtonMask { buttonMaskRequired }

  /// Taps complete before the press, in this attempt.
  private var completedTaps = 0
  /// Touches of the current tap or press still down.
  private var touchesDown = 0
  /// When the current tap started, and when the last one ended.
  private var tapStartTime = 0.0
  private var lastTapEndTime = 0.0
  /// When the press is due once every required finger is down; nil until then.
  private var pressDeadline: Double?
  /// True once the press duration elapsed (the recognizer asked to begin).
  private var isPressed = false
  private var timer = RecognizerTimer()

  // MARK: Hooks

  /// Counts the fingers; starts the press timer once all required fingers are down (or the
  /// tap timer while taps are still needed).
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard state == .possible, !isPressed else {
      // Fingers joining a press that is due or in progress are not part of it.
      for touch in touches { ignore(touch, for: event) }
      return
    }
    if touchesDown == 0 && completedTaps > 0
      && event.timestamp - lastTapEndTime > GestureConstants.tapMaximumInterval
    {
      fail()
      return
    }
    if touchesDown == 0 { tapStartTime = event.timestamp }
    touchesDown += touches.count
    if touchesDown > numberOfTouchesRequired {
      fail()
    } else if completedTaps < numberOfTapsRequired {
      if touchesDown == touches.count {
        startTimer(at: tapStartTime + GestureConstants.tapMaximumPressDuration)
      }
    } else if touchesDown == numberOfTouchesRequired {
      guard minimumPressDuration > 0 else {
        // No duration: it begins with the last finger (or button) down, with no timer.
        press()
        return
      }
      let deadline = event.timestamp + minimumPressDuration
      pressDeadline = deadline
      startTimer(at: deadline)
    }
  }

  /// Before the press: fails on movement beyond `allowableMovement`. After: `changed`.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    // A press that was due begins where the fingers are now; the next move changes it.
    if isDue(at: event.timestamp) {
      press()
      return
    }
    switch state {
    case .possible where !isPressed:
      for touch in touches
      where (touch.locationInWindow - touch.startLocationInWindow).length > allowableMovement {
        fail()
        return
      }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  /// Ends the press in progress; before it, counts a tap or fails. A press that was due
  /// begins and ends at once.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    if isDue(at: event.timestamp) { press() }
    touchesDown -= touches.count
    if state.isActive {
      state = .ended
      return
    }
    guard state == .possible else { return }
    guard completedTaps < numberOfTapsRequired, !isPressed else {
      // Lifted before the press began (or while its start is held): it never began.
      fail()
      return
    }
    guard touchesDown == 0 else { return }
    guard event.timestamp - tapStartTime <= GestureConstants.tapMaximumPressDuration else {
      fail()
      return
    }
    completedTaps += 1
    lastTapEndTime = event.timestamp
    startTimer(at: lastTapEndTime + GestureConstants.tapMaximumInterval)
  }

  /// A cancelled touch cancels the press in progress, or fails it while possible.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    timer.cancel()
    if state.isActive {
      state = .cancelled
    } else if state == .possible {
      state = .failed
    }
  }

  /// Forgets the taps, the fingers and the timer.
  open override func reset() {
    timer.cancel()
    completedTaps = 0
    touchesDown = 0
    pressDeadline = nil
    isPressed = false
  }

  // MARK: Private

  /// True when the press deadline has passed but its timer has not run yet.
  private func isDue(at time: Double) -> Bool {
    guard let deadline = pressDeadline else { return false }
    return time >= deadline
  }

  /// The press duration elapsed: asks to begin.
  private func press() {
    timer.cancel()
    pressDeadline = nil
    isPressed = true
    if state == .possible { state = .began }
  }

  private func fail() {
    timer.cancel()
    pressDeadline = nil
    if state == .possible { state = .failed }
  }

  /// At `deadline`: the press begins if it is due, otherwise (a tap held too long, or a next
  /// tap that did not come) the recognizer fails.
  private func startTimer(at deadline: Double) {
    timer.schedule(at: deadline, for: self) { [weak self] in
      guard let self else { return }
      if pressDeadline != nil { press() } else { fail() }
    }
  }
}
