/// Recognizes two fingers moving apart or together and reports their scale and its velocity.
///
/// ```
/// possible ──(the distance between the two touches changed by 10 px)──> began
/// began/changed ──(either touch moves)──> changed
/// began/changed ──(one of the two touches lifts)──> ended   (a cancelled touch: cancelled)
/// possible ──(a touch lifts or is cancelled before it began)──> failed
/// ```
///
/// - The pinch uses the first two touches it accepts; further touches are ignored (they
///   neither count nor move it). With one touch down it waits, possible, for the second.
/// - `scale` is the distance between the two touches now divided by their distance when the
///   second touch went down, so a view scaled by it (about the touches' centroid) stays under
///   the fingers. Setting `scale` re-bases it, as UIKit does: later movement multiplies the
///   new value by the distance now over the distance at the time it was set.
/// - Ending rule: the pinch ends as soon as fewer than two of its touches are down (UIKit
///   ends it when the touches lift); the finger left down is not tracked further, and the
///   recognizer resets once it lifts too. `scale` keeps the value it had before the lift.
/// - Two touches going down at the same point give no scale until they separate: the base
///   distance is then the first non-zero one.
/// - `velocity` is in scale per second: the rate of change of the distance (a
///   `VelocityTracker` over it) times the current scale per pixel of distance.
/// - A touchpad pinch (`Window.sendTouchpadPinchBegin` and the rest) drives it without
///   touches: it begins on the first update, `scale` is the touchpad's (absolute since the
///   begin, re-based by setting it as above), the end ends it and a cancelled end cancels it.
///   No hysteresis applies; the compositor already recognized the pinch. A pinch driven so
///   ignores touches, and one tracking touches takes no touchpad pinch.
/// - Thresholds: `GestureConstants.pinchHysteresis`.
open class PinchGestureRecognizer: GestureRecognizer {
  /// The first touch of the pair (nil until one went down).
  private var firstTouch: Touch?
  /// The second touch of the pair (nil until it went down).
  private var secondTouch: Touch?
  /// Pixels between the touches when the second went down, for the hysteresis.
  private var startDistance = 0.0
  /// Pixels between the touches, as last seen (window coordinates).
  private var distance = 0.0
  /// The scale at the moment it was last based (1 at the start of an attempt).
  private var scaleBase = 1.0
  /// Pixels between the touches when the scale was last based (0 until the pair formed).
  private var baseDistance = 0.0
  /// The distance's path (on the x axis), for the velocity.
  private var distanceTracker = VelocityTracker()
  /// True while a touchpad pinch drives the attempt (its scale then stands in for the
  /// distance, and the base distance is 1).
  private(set) var isTouchpadDriven = false

  /// The distance between the two touches divided by their distance when the second went
  /// down (1 until the pair forms). Setting it re-bases the scale: it then follows the
  /// fingers from the value set.
  public var scale: Double {
    get { baseDistance > 0 ? scaleBase * distance / baseDistance : scaleBase }
    set {
      scaleBase = newValue
      baseDistance = distance
    }
  }

  /// The rate of change of `scale`, in scale per second, as of the window's current time
  /// (zero when the newest movement is older than 40 ms).
  public var velocity: Double {
    guard baseDistance > 0 else { return 0 }
    return distanceTracker.velocity(at: currentTime).x * scaleBase / baseDistance
  }

  // MARK: Hooks

  /// Takes the first two touches as the pair (ignoring any further ones); the second one
  /// fixes the base distance.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    for touch in touches {
      if isTouchpadDriven {
        ignore(touch, for: event)
      } else if firstTouch == nil {
        firstTouch = touch
      } else if secondTouch == nil, let first = firstTouch {
        secondTouch = touch
        distance = first.locationInWindow.distance(to: touch.locationInWindow)
        startDistance = distance
        baseDistance = distance
        distanceTracker.reset()
        distanceTracker.addSample(Point(x: distance, y: 0), at: event.timestamp)
      } else {
        ignore(touch, for: event)
      }
    }
  }

  /// Follows the distance between the pair; begins once it changed by the hysteresis, then
  /// reports `changed`.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard let first = firstTouch, let second = secondTouch else { return }
    distance = first.locationInWindow.distance(to: second.locationInWindow)
    if baseDistance == 0 { baseDistance = distance }
    distanceTracker.addSample(Point(x: distance, y: 0), at: event.timestamp)
    switch state {
    case .possible:
      if abs(distance - startDistance) >= GestureConstants.pinchHysteresis { state = .began }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  /// A touch of the pair lifting ends the pinch in progress, or fails it while possible.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    finish(as: .ended)
  }

  /// A cancelled touch cancels the pinch in progress, or fails it while possible.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    finish(as: .cancelled)
  }

  /// Forgets the pair, the scale and the velocity samples.
  open override func reset() {
    firstTouch = nil
    secondTouch = nil
    startDistance = 0
    distance = 0
    scaleBase = 1
    baseDistance = 0
    distanceTracker.reset()
    isTouchpadDriven = false
  }

  // MARK: Window input (touchpad)

  /// True when a touchpad pinch may drive the recognizer now: enabled and not in an attempt.
  func acceptsTouchpadGesture() -> Bool {
    isEnabled && storedState == .possible && !isRejected && heldState == nil && trackedTouches.isEmpty
  }

  /// A touchpad pinch began with the pointer at `location`: the scale starts at 1.
  func touchpadPinchBegan(at location: Point, time: Double) {
    isTouchpadDriven = true
    lastCentroidInWindow = location
    distance = 1
    startDistance = 1
    baseDistance = 1
    scaleBase = 1
    distanceTracker.reset()
    distanceTracker.addSample(Point(x: 1, y: 0), at: time)
  }

  /// The touchpad's scale (absolute since the begin) is now `scale`: begins, or reports
  /// `changed` (a recognizer held by a failure requirement asks to begin again).
  func touchpadPinchChanged(scale: Double, time: Double) {
    distance = scale
    distanceTracker.addSample(Point(x: scale, y: 0), at: time)
    switch state {
    case .possible: state = .began
    case .began, .changed: state = .changed
    default: break
    }
  }

  /// The touchpad pinch ended (or was cancelled): ends (cancels) the pinch in progress, or
  /// fails it while possible.
  func touchpadPinchEnded(cancelled: Bool) {
    finish(as: cancelled ? .cancelled : .ended)
  }

  // MARK: Private

  /// The window's time, or the newest sample's outside a window.
  private var currentTime: Double {
    view?.window?.currentTime ?? distanceTracker.latestSampleTime ?? 0
  }

  /// Ends the attempt: `outcome` when in progress, failed when possible.
  private func finish(as outcome: State) {
    if state.isActive {
      state = outcome
    } else if state == .possible {
      state = .failed
    }
  }
}
