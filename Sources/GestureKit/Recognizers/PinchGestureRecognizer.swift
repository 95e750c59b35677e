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
open class PinchGestureRecognizer: TwoTouchGestureRecognizer {
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

  /// The pair formed: its distance is where the scale and the hysteresis start from.
  open override func pairDidForm(first: Touch, second: Touch, at time: Double) {
    distance = first.locationInWindow.distance(to: second.locationInWindow)
    startDistance = distance
    baseDistance = distance
    distanceTracker.reset()
    distanceTracker.addSample(Point(x: distance, y: 0), at: time)
  }

  /// Follows the distance between the pair; the hysteresis is passed once it changed by
  /// `GestureConstants.pinchHysteresis`.
  open override func pairDidMove(first: Touch, second: Touch, at time: Double) -> Bool {
    distance = first.locationInWindow.distance(to: second.locationInWindow)
    if baseDistance == 0 { baseDistance = distance }
    distanceTracker.addSample(Point(x: distance, y: 0), at: time)
    return abs(distance - startDistance) >= GestureConstants.pinchHysteresis
  }

  /// Forgets the pair, the scale and the velocity samples.
  open override func reset() {
    super.reset()
    startDistance = 0
    distance = 0
    scaleBase = 1
    baseDistance = 0
    distanceTracker.reset()
  }

  // MARK: Window input (touchpad)

  /// A touchpad pinch began with the pointer at `location`: the scale starts at 1.
  func touchpadPinchBegan(at location: Point, time: Double) {
    beginTouchpadDrive(at: location)
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
    advanceForTouchpadUpdate()
  }

  // MARK: Private

  /// The window's time, or the newest sample's outside a window.
  private var currentTime: Double {
    view?.window?.currentTime ?? distanceTracker.latestSampleTime ?? 0
  }
}
