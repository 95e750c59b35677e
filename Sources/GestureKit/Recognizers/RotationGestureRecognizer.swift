/// Recognizes two fingers turning about each other and reports the rotation and its velocity.
///
/// ```
/// possible ──(the touches moved 10 px along the arc)──> began
/// began/changed ──(either touch moves)──> changed
/// began/changed ──(one of the two touches lifts)──> ended   (a cancelled touch: cancelled)
/// possible ──(a touch lifts or is cancelled before it began)──> failed
/// ```
///
/// - The rotation uses the first two touches it accepts; further touches are ignored. With
///   one touch down it waits, possible, for the second.
/// - `rotation` is in radians from the angle of the line from the first touch to the second
///   when the second went down; positive is clockwise on screen (y points down), the
///   convention of `AffineTransform(rotationAngle:)`, so a view rotated by it turns with the
///   fingers. It accumulates continuously: turning past half a turn gives more than pi,
///   never a jump of 2 pi. Setting `rotation` re-bases it, as UIKit does.
/// - The arc moved is the angle changed times half the distance between the touches now;
///   while the touches are at the same point the angle is undefined and does not change.
/// - Ending rule: the rotation ends as soon as fewer than two of its touches are down; the
///   finger left down is not tracked further. `rotation` keeps its value from before the
///   lift.
/// - `velocity` is in radians per second, from a `VelocityTracker` over the accumulated angle.
/// - A touchpad pinch (`Window.sendTouchpadPinchBegin` and the rest) drives it without
///   touches: it begins on the first update, each update's clockwise rotation in degrees is
///   added (in radians) to `rotation`, the end ends it and a cancelled end cancels it. No
///   hysteresis applies. A rotation driven so ignores touches, and one tracking touches takes
///   no touchpad pinch.
/// - Thresholds: `GestureConstants.rotationHysteresis`.
open class RotationGestureRecognizer: TwoTouchGestureRecognizer {
  /// The line's angle, unwrapped (it may leave [-pi, pi]), as last seen.
  private var angle = 0.0
  /// The line's angle when the second touch went down, for the hysteresis.
  private var startAngle = 0.0
  /// The rotation at the moment it was last based (0 at the start of an attempt).
  private var rotationBase = 0.0
  /// The line's angle when the rotation was last based.
  private var baseAngle = 0.0
  /// The accumulated angle's path (on the x axis), for the velocity.
  private var angleTracker = VelocityTracker()

  /// Radians turned since the second touch went down, clockwise positive (0 until the pair
  /// forms). Setting it re-bases the rotation: it then follows the fingers from the value set.
  public var rotation: Double {
    get { rotationBase + (angle - baseAngle) }
    set {
      rotationBase = newValue
      baseAngle = angle
    }
  }

  /// The rate of change of `rotation`, in radians per second (clockwise positive), as of the
  /// window's current time (zero when the newest movement is older than 40 ms).
  public var velocity: Double {
    angleTracker.velocity(at: currentTime).x
  }

  // MARK: Hooks

  /// The pair formed: the angle of the line from the first touch to the second is where the
  /// rotation and the hysteresis start from.
  open override func pairDidForm(first: Touch, second: Touch, at time: Double) {
    let line = second.locationInWindow - first.locationInWindow
    angle = Trigonometry.atan2(line.y, line.x)
    startAngle = angle
    baseAngle = angle
    angleTracker.reset()
    angleTracker.addSample(Point(x: angle, y: 0), at: time)
  }

  /// Follows the line's angle; the hysteresis is passed once the touches moved
  /// `GestureConstants.rotationHysteresis` along the arc.
  open override func pairDidMove(first: Touch, second: Touch, at time: Double) -> Bool {
    let line = second.locationInWindow - first.locationInWindow
    if line != .zero {
      // The step from the last angle, taken the short way round, keeps the angle continuous.
      let step = (Trigonometry.atan2(line.y, line.x) - angle).remainder(dividingBy: 2 * Double.pi)
      angle += step
    }
    angleTracker.addSample(Point(x: angle, y: 0), at: time)
    return abs(angle - startAngle) * line.length / 2 >= GestureConstants.rotationHysteresis
  }

  /// Forgets the pair, the rotation and the velocity samples.
  open override func reset() {
    super.reset()
    angle = 0
    startAngle = 0
    rotationBase = 0
    baseAngle = 0
    angleTracker.reset()
  }

  // MARK: Window input (touchpad)

  /// A touchpad pinch began with the pointer at `location`: the rotation starts at 0.
  func touchpadPinchBegan(at location: Point, time: Double) {
    beginTouchpadDrive(at: location)
    angle = 0
    startAngle = 0
    rotationBase = 0
    baseAngle = 0
    angleTracker.reset()
    angleTracker.addSample(Point(x: 0, y: 0), at: time)
  }

  /// The touchpad turned by `degrees` clockwise since its last update: adds them (in
  /// radians) to the angle, then begins or reports `changed` (a recognizer held by a failure
  /// requirement asks to begin again).
  func touchpadPinchChanged(rotationDegrees degrees: Double, time: Double) {
    angle += degrees * Double.pi / 180
    angleTracker.addSample(Point(x: angle, y: 0), at: time)
    advanceForTouchpadUpdate()
  }

  // MARK: Private

  /// The window's time, or the newest sample's outside a window.
  private var currentTime: Double {
    view?.window?.currentTime ?? angleTracker.latestSampleTime ?? 0
  }
}
