/// Every threshold GestureKit uses, with its unit and where the number comes from.
///
/// Lengths are logical pixels (surface-local, before buffer scale), times are seconds,
/// velocities are logical pixels per second. The sources are named so that each number can be
/// revisited; the recognizers that use them describe the behaviour around them.
public enum GestureConstants {
  // MARK: Hit testing

  /// Views with an alpha below this are skipped by hit testing, with their subtrees (UIKit's
  /// documented rule).
  public static let minimumHitTestAlpha = 0.01

  // MARK: Pan

  /// Pixels the touches' centroid must move from where they went down before a pan begins
  /// (UIKit's observed behaviour).
  public static let panHysteresis = 10.0

  // MARK: Velocity

  /// Seconds of samples the velocity fit looks back from the newest sample (Flutter and
  /// Android use 100 ms).
  public static let velocityHorizon = 0.100
  /// Most samples the velocity fit uses (Flutter's history size).
  public static let velocityMaximumSamples = 20
  /// A finger whose newest sample is older than this many seconds when velocity is asked has
  /// stopped: velocity is zero (Flutter's "assume pointer stopped" of 40 ms).
  public static let velocityStopTimeout = 0.040
  /// Largest gap, in seconds, between two consecutive samples that the velocity fit spans:
  /// walking back from the newest sample, it stops at the first longer one, so a finger that
  /// held still and then flicked is measured from where it moved again (Flutter's
  /// `_assumePointerMoveStoppedMilliseconds` and Android's `ASSUME_POINTER_STOPPED_TIME`,
  /// both 40 ms).
  public static let velocityMaximumGap = 0.040
  /// Largest velocity magnitude reported, in pixels per second (Flutter's
  /// `kMaxFlingVelocity`, also Android's default maximum fling velocity).
  public static let maximumVelocity = 8000.0
  /// Seconds by which two input times may differ from a limit above and still count as at
  /// it, in the velocity's comparisons of its samples' times (0.1 µs, under the microseconds
  /// Flutter's times have). Input is stamped in whole milliseconds; on a live clock (seconds
  /// since boot) a difference of exactly 40 ms comes out up to a few nanoseconds either side
  /// of 0.040 after months of uptime, and on a replay's clock (seconds from the trace's start)
  /// to within 1e-15: without it a sample exactly 40 ms old stopped the velocity live and not
  /// in the replay of the recording.
  public static let inputTimeTolerance = 1e-7

  // MARK: Issue 3 recognizers (tap, long press, swipe, pinch, rotation, screen edge)

  /// A tap fails when a touch moves more than this many pixels (UIKit's observed threshold).
  public static let tapAllowableMovement = 45.0
  /// A tap fails when a touch is held longer than this many seconds (UIKit's observed value).
  public static let tapMaximumPressDuration = 0.75
  /// The next tap of a multi-tap must start within this many seconds (UIKit's observed value).
  public static let tapMaximumInterval = 0.35
  /// Seconds a long press must be held (Apple docs: `minimumPressDuration`).
  public static let longPressMinimumDuration = 0.5
  /// Pixels a long press may move before it begins (Apple docs: `allowableMovement`).
  public static let longPressAllowableMovement = 10.0
  /// Pixels a swipe must travel along its direction (UIKit's observed threshold).
  public static let swipeMinimumDistance = 50.0
  /// Pixels a swipe may drift across its direction (UIKit's observed threshold).
  public static let swipeMaximumDeviation = 200.0
  /// Seconds within which a swipe must cover its distance (UIKit's observed threshold).
  public static let swipeMaximumDuration = 0.5
  /// Pixels the distance between two pinching touches must change before a pinch begins
  /// (chosen here).
  public static let pinchHysteresis = 10.0
  /// Pixels two rotating touches must move along their arc before a rotation begins
  /// (chosen here).
  public static let rotationHysteresis = 10.0
  /// A screen-edge pan starts only from touches within this many pixels of the window's edge
  /// (chosen here).
  public static let screenEdgeMargin = 20.0

  // MARK: Scrolling

  /// A scroll sequence whose source promises no `axis_stop` (a wheel, a tilted wheel, a
  /// continuous source other than fingers, or a compositor that names no source) ends when no
  /// scroll event arrived for this many seconds. Chosen here: longer than the gap between
  /// the notches of a wheel spun by hand, short enough that the pan ends as the wheel rests;
  /// it also exceeds `velocityStopTimeout`, so nothing would fling anyway.
  public static let scrollIdleInterval = 0.100
}
