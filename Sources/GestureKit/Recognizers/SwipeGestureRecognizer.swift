/// Recognizes a quick straight stroke in one of the allowed directions (discrete).
///
/// ```
/// possible ──(centroid 50 px along an allowed direction, at most 200 px across it,
///             within 0.5 s of touch-down)──> recognized
/// possible ──(0.5 s elapse, it drifts more than 200 px across every allowed direction,
///             a finger lifts first, too many fingers, a touch is cancelled)──> failed
/// ```
///
/// - Distances are those of the centroid of the fingers down from the centroid of where
///   they went down, once `numberOfTouchesRequired` fingers are down.
/// - `location(in:)` is where the swipe started (the centroid of where its fingers went
///   down).
/// - Thresholds: `GestureConstants.swipeMinimumDistance`, `swipeMaximumDeviation` and
///   `swipeMaximumDuration`; the duration runs on a timer of the window's clock too, so a
///   finger that stops fails it.
open class SwipeGestureRecognizer: GestureRecognizer {
  /// Directions a swipe may go; several may be allowed at once.
  public struct Direction: OptionSet, Hashable, Sendable {
    /// The bits: right 1, left 2, up 4, down 8.
    public let rawValue: UInt

    /// A set of directions from its bits.
    public init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    /// Towards +x.
    public static let right = Direction(rawValue: 1 << 0)
    /// Towards -x.
    public static let left = Direction(rawValue: 1 << 1)
    /// Towards -y (up the screen; y points down).
    public static let up = Direction(rawValue: 1 << 2)
    /// Towards +y (down the screen).
    public static let down = Direction(rawValue: 1 << 3)
  }

  /// Allowed directions (right).
  public var direction: Direction = .right
  /// Fingers the swipe needs (1).
  public var numberOfTouchesRequired = 1

  /// Tracked touches still down.
  private var touchesDown = 0
  /// When the first finger went down.
  private var startTime = 0.0
  /// The centroid of where the fingers went down, in window coordinates; nil before.
  private var startCentroidInWindow: Point?
  /// True once the swipe asked to recognize in this attempt (it may be held by a failure
  /// requirement meanwhile).
  private var isRecognizing = false
  private var timer = RecognizerTimer()

  /// True: a swipe is a one-shot gesture.
  open override var isDiscrete: Bool { true }

  /// Where the swipe started, in `view`'s coordinates (window coordinates for nil).
  open override func location(in view: View?) -> Point {
    guard let point = startCentroidInWindow else { return super.location(in: view) }
    guard let view else { return point }
    return view.convert(point, from: nil)
  }

  // MARK: Hooks

  /// Counts the fingers and remembers where they went down; starts the duration timer.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard state == .possible, !isRecognizing else {
      for touch in touches { ignore(touch, for: event) }
      return
    }
    if touchesDown == 0 && startCentroidInWindow == nil {
      startTime = event.timestamp
      timer.schedule(at: startTime + GestureConstants.swipeMaximumDuration, for: self) { [weak self] in
        self?.fail()
      }
    }
    touchesDown += touches.count
    guard touchesDown <= numberOfTouchesRequired else {
      fail()
      return
    }
    var sum = Point.zero
    for touch in trackedTouches { sum += touch.startLocationInWindow }
    startCentroidInWindow = sum / Double(trackedTouches.count)
  }

  /// Recognizes once the centroid went far enough along an allowed direction; fails when
  /// too slow or too far across every allowed direction.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard state == .possible, !isRecognizing, let start = startCentroidInWindow else { return }
    guard event.timestamp - startTime <= GestureConstants.swipeMaximumDuration else {
      fail()
      return
    }
    guard touchesDown == numberOfTouchesRequired else { return }
    var sum = Point.zero
    for touch in trackedTouches where !touch.phase.isFinal { sum += touch.locationInWindow }
    let offset = sum / Double(touchesDown) - start
    var withinDeviation = false
    for (candidate, axis) in Self.axes where direction.contains(candidate) {
      let along = offset.x * axis.x + offset.y * axis.y
      let across = abs(offset.x * axis.y - offset.y * axis.x)
      guard across <= GestureConstants.swipeMaximumDeviation else { continue }
      withinDeviation = true
      if along >= GestureConstants.swipeMinimumDistance {
        timer.cancel()
        isRecognizing = true
        state = .recognized
        return
      }
    }
    if !withinDeviation { fail() }
  }

  /// A finger lifting before the swipe was recognized fails it.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    touchesDown -= touches.count
    if !isRecognizing { fail() }
  }

  /// A cancelled touch fails the swipe (unless it was already recognized).
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    if !isRecognizing { fail() }
  }

  /// Forgets the start and the fingers, and cancels the timer.
  open override func reset() {
    timer.cancel()
    touchesDown = 0
    startCentroidInWindow = nil
    isRecognizing = false
  }

  // MARK: Private

  /// The unit vector of each direction, in window coordinates (y points down).
  private static let axes: [(Direction, Point)] = [
    (.right, Point(x: 1, y: 0)), (.left, Point(x: -1, y: 0)), (.up, Point(x: 0, y: -1)),
    (.down, Point(x: 0, y: 1)),
  ]

  private func fail() {
    timer.cancel()
    if state == .possible { state = .failed }
  }
}
