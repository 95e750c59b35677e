import GestureKit

/// Recognizes a closed, roughly round stroke drawn with one finger (discrete): the
/// cookbook's "Detecting Circles" recipe as a custom recognizer ("Creating a Custom Gesture
/// Recognizer"), written outside GestureKit against its public subclassing API only.
///
/// ```
/// possible ──(the finger lifts after a closed, round stroke going once around)──> recognized
/// possible ──(the finger lifts after any other stroke, a second finger goes down,
///             a touch is cancelled, the stroke passes maximumPointCount)──> failed
/// ```
///
/// The stroke's points (window coordinates, one per delivery) are judged when the finger
/// lifts, against the centroid of the points and their mean distance from it (the radius):
/// - enough points: at least `minimumPointCount`;
/// - big enough: a radius of at least `minimumRadius` pixels;
/// - round: the standard deviation of the points' distances from the centroid at most
///   `maximumRadiusDeviation` times the radius (a line or a zigzag is far from round);
/// - closed: the last point within `closureTolerance` times the radius of the first (a half
///   circle is not closed);
/// - once around: the angle swept about the centroid, summed point to point, within
///   `sweepTolerance` radians of a full turn, either way round (a figure eight sweeps about
///   zero, a double loop about two turns).
///
/// After recognition `location(in:)` is the circle's center and `radius` its radius.
open class CircleGestureRecognizer: GestureRecognizer {
  /// Points the stroke needs, at least (8).
  public var minimumPointCount = 8
  /// Points the stroke may have, at most (2,400: 20 seconds of a 120 Hz touch screen,
  /// slower than anyone draws a circle). A stroke that goes on past it fails at once, so a
  /// finger kept moving for hours (or a trace of endless motion) holds no growing list.
  public var maximumPointCount = 2400
  /// The smallest radius recognized, in pixels (20).
  public var minimumRadius = 20.0
  /// The largest standard deviation of the points' distances from the centroid, as a
  /// fraction of the radius (0.25).
  public var maximumRadiusDeviation = 0.25
  /// How far the stroke may end from where it started, as a fraction of the radius (0.6).
  public var closureTolerance = 0.6
  /// How far the angle swept about the centroid may be from a full turn, in radians (1.2,
  /// about 70 degrees: a stroke ending 0.6 radii short of its start sweeps about 0.6 less).
  public var sweepTolerance = 1.2

  /// The stroke so far, in window coordinates.
  private var points: [Point] = []
  /// The circle found when the stroke was recognized, in window coordinates.
  private var circle: (center: Point, radius: Double)?

  /// True: a circle is a one-shot gesture.
  open override var isDiscrete: Bool { true }

  /// A circle recognizer with no action.
  public override init() {
    super.init()
  }

  /// A circle recognizer calling `action` when a circle is recognized.
  public override init(action: @escaping (GestureRecognizer) -> Void) {
    super.init(action: action)
  }

  /// The radius of the recognized circle in pixels (window coordinates); 0 before.
  public var radius: Double { circle?.radius ?? 0 }

  /// The center of the recognized circle, or (before) the centroid of the touch, in `view`'s
  /// coordinates (window coordinates for nil).
  open override func location(in view: View?) -> Point {
    guard let center = circle?.center else { return super.location(in: view) }
    guard let view else { return center }
    return view.convert(center, from: nil)
  }

  // MARK: Hooks

  /// Starts the stroke; a second finger fails the recognizer.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard state == .possible else { return }
    guard points.isEmpty, touches.count == 1, numberOfTouches == 1 else {
      state = .failed
      return
    }
    points.append(touches[0].location(in: nil))
  }

  /// Adds the finger's new location to the stroke.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard state == .possible, let touch = touches.first else { return }
    guard points.count < maximumPointCount else {
      state = .failed
      return
    }
    points.append(touch.location(in: nil))
  }

  /// Judges the stroke: recognized when it is a circle, failed otherwise.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard state == .possible else { return }
    if let touch = touches.first, touch.location(in: nil) != points.last {
      points.append(touch.location(in: nil))
    }
    if let found = fitCircle(points) {
      circle = found
      state = .recognized
    } else {
      state = .failed
    }
  }

  /// A cancelled touch fails the recognizer.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    if state == .possible { state = .failed }
  }

  /// Forgets the stroke and the circle.
  open override func reset() {
    points.removeAll()
    circle = nil
  }

  // MARK: Judging

  /// The circle `points` draw (center and radius), or nil when they do not draw one.
  func fitCircle(_ points: [Point]) -> (center: Point, radius: Double)? {
    guard points.count >= max(minimumPointCount, 3), let first = points.first, let last = points.last else {
      return nil
    }
    let center = points.reduce(Point.zero, +) / Double(points.count)
    let distances = points.map { $0.distance(to: center) }
    let radius = distances.reduce(0, +) / Double(distances.count)
    guard radius >= minimumRadius else { return nil }
    let variance = distances.reduce(0) { $0 + ($1 - radius) * ($1 - radius) } / Double(distances.count)
    guard variance.squareRoot() <= maximumRadiusDeviation * radius else { return nil }
    guard first.distance(to: last) <= closureTolerance * radius else { return nil }
    let fullTurn = 2 * Double.pi
    guard abs(abs(sweptAngle(points, about: center)) - fullTurn) <= sweepTolerance else { return nil }
    return (center, radius)
  }

  /// The signed angle `points` sweep about `center`, point to point, in radians.
  private func sweptAngle(_ points: [Point], about center: Point) -> Double {
    var total = 0.0
    var previous: Double?
    for point in points {
      let offset = point - center
      let angle = Trigonometry.atan2(offset.y, offset.x)
      if let previous {
        var step = angle - previous
        if step > Double.pi { step -= 2 * Double.pi }
        if step < -Double.pi { step += 2 * Double.pi }
        total += step
      }
      previous = angle
    }
    return total
  }
}
