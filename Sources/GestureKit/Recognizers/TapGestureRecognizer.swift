/// Recognizes one or more taps by a set number of fingers (discrete).
///
/// ```
/// possible ──(the last of numberOfTapsRequired taps lifts)──> recognized
/// possible ──(a touch moves > 45 px, is held > 0.75 s, the next tap does not start
///             within 0.35 s, too many or too few fingers, a touch is cancelled)──> failed
/// ```
///
/// - A tap is `numberOfTouchesRequired` fingers down together, then all lifted; it counts
///   when the last of them lifts.
/// - Once recognized it never fails: touches that go down while its recognition is held by a
///   failure requirement are ignored.
/// - A tap recognizer never prevents a tap recognizer that needs more taps, so a single tap
///   does not fail a double tap on the same view (make the single tap `require(toFail:)` the
///   double tap to recognize only one of them).
/// - `location(in:)` is where the last tap happened (the centroid of its touches when they
///   lifted), or the centroid of the touches down during a tap.
/// - Thresholds: `GestureConstants.tapAllowableMovement`, `tapMaximumPressDuration` and
///   `tapMaximumInterval`; timers run on the window's clock.
open class TapGestureRecognizer: GestureRecognizer {
  /// Taps needed to recognize (1).
  public var numberOfTapsRequired = 1
  /// Fingers each tap needs, down together (1).
  public var numberOfTouchesRequired = 1
  /// The pointer button a click must be made with to count as a tap (UIKit's, iPadOS 13.4):
  /// ``ButtonMask/primary`` by default, ``ButtonMask/secondary`` for a right click, both for
  /// either. A pointer touch of another button is never given to this recognizer. Fingers and
  /// pencils are not affected; `allowedTouchTypes` keeps them out.
  public var buttonMaskRequired: ButtonMask = .primary

  override var acceptedButtons: ButtonMask { buttonMaskRequired }

  /// Taps complete so far in this attempt.
  private var completedTaps = 0
  /// Touches of the current tap still down, and the most that were down at once.
  private var touchesDown = 0
  private var peakTouchesDown = 0
  /// The sum of the current tap's touches' locations as they lifted, in window coordinates.
  private var liftedLocationSum = Point.zero
  private var liftedCount = 0
  /// Where the last complete tap happened, in window coordinates.
  private var tapLocationInWindow: Point?
  /// When the current tap's first touch went down, and when the last tap ended.
  private var tapStartTime = 0.0
  private var lastTapEndTime = 0.0
  /// True once the recognizer asked to recognize in this attempt.
  private var isComplete = false
  private var timer = RecognizerTimer()

  /// True: taps are one-shot gestures.
  open override var isDiscrete: Bool { true }

  /// Where the last tap happened (while a tap is in progress: the centroid of its touches),
  /// in `view`'s coordinates (window coordinates for nil).
  open override func location(in view: View?) -> Point {
    guard touchesDown == 0 || isComplete, let point = tapLocationInWindow else {
      return super.location(in: view)
    }
    guard let view else { return point }
    return view.convert(point, from: nil)
  }

  // MARK: Hooks

  /// Starts a tap (or adds fingers to it); fails on too many fingers or a late next tap.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard !isComplete else {
      for touch in touches { ignore(touch, for: event) }
      return
    }
    guard state == .possible else { return }
    if touchesDown == 0 {
      if completedTaps > 0 && event.timestamp - lastTapEndTime > GestureConstants.tapMaximumInterval {
        fail()
        return
      }
      tapStartTime = event.timestamp
      liftedLocationSum = .zero
      liftedCount = 0
      peakTouchesDown = 0
      startTimer(at: tapStartTime + GestureConstants.tapMaximumPressDuration)
    }
    touchesDown += touches.count
    peakTouchesDown = max(peakTouchesDown, touchesDown)
    if touchesDown > numberOfTouchesRequired { fail() }
  }

  /// Fails when a touch moved more than the allowable movement from where it went down.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard state == .possible, !isComplete else { return }
    for touch in touches
    where (touch.locationInWindow - touch.startLocationInWindow).length
      > GestureConstants.tapAllowableMovement
    {
      fail()
      return
    }
  }

  /// Counts the tap when its last finger lifts; recognizes after the last tap, or waits for
  /// the next one.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard state == .possible, !isComplete else { return }
    for touch in touches {
      liftedLocationSum += touch.locationInWindow
      liftedCount += 1
    }
    touchesDown -= touches.count
    guard touchesDown == 0 else { return }
    let heldTooLong = event.timestamp - tapStartTime > GestureConstants.tapMaximumPressDuration
    guard peakTouchesDown == numberOfTouchesRequired, !heldTooLong else {
      fail()
      return
    }
    tapLocationInWindow = liftedLocationSum / Double(liftedCount)
    completedTaps += 1
    lastTapEndTime = event.timestamp
    if completedTaps >= numberOfTapsRequired {
      cancelTimer()
      isComplete = true
      state = .recognized
    } else {
      startTimer(at: lastTapEndTime + GestureConstants.tapMaximumInterval)
    }
  }

  /// A cancelled touch fails the tap (unless it was already recognized).
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    guard state == .possible, !isComplete else { return }
    fail()
  }

  /// Forgets the taps and cancels the timer.
  open override func reset() {
    cancelTimer()
    completedTaps = 0
    touchesDown = 0
    peakTouchesDown = 0
    liftedLocationSum = .zero
    liftedCount = 0
    isComplete = false
  }

  /// False for a tap recognizer that needs more taps than this one: a single tap never
  /// prevents a double tap.
  open override func canPrevent(_ other: GestureRecognizer) -> Bool {
    guard let tap = other as? TapGestureRecognizer else { return true }
    return tap.numberOfTapsRequired <= numberOfTapsRequired
  }

  /// False when `other` is a tap recognizer needing fewer taps than this one.
  open override func canBePrevented(by other: GestureRecognizer) -> Bool {
    guard let tap = other as? TapGestureRecognizer else { return true }
    return tap.numberOfTapsRequired >= numberOfTapsRequired
  }

  // MARK: Private

  private func fail() {
    cancelTimer()
    if state == .possible { state = .failed }
  }

  /// Fails the recognizer at `deadline` unless the timer is cancelled first (a press held
  /// too long, or a next tap that did not come).
  private func startTimer(at deadline: Double) {
    timer.schedule(at: deadline, for: self) { [weak self] in self?.fail() }
  }

  private func cancelTimer() {
    timer.cancel()
  }
}
