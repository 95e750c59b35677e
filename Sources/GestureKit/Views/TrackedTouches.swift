/// The touches views are tracking during one pass of `Window.deliverToViews`, counted so
/// that the `isMultipleTouchEnabled` and `isExclusiveTouch` rules cost the same for each
/// new touch however many are down (a search of every pending touch for each new one made
/// 10,000 simultaneous touches quadratic).
///
/// A touch is tracked when its view got its `began`, has not heard the last of it, and it is
/// not ended or cancelled (lifted touches whose end is withheld no longer count: the second
/// tap of a double tap reaches a single-touch view). The pass keeps the counts in step as it
/// gives touches their `began` (``add(_:)``) and finishes them (``remove(_:)``).
struct TrackedTouches {
  /// How many touches are tracked.
  private var total = 0
  /// How many are tracked per view.
  private var perView: [ObjectIdentifier: Int] = [:]
  /// How many are tracked by exclusive-touch views.
  private var onExclusiveViews = 0

  /// The tracked touches among `touches`.
  init(_ touches: [Touch]) {
    for touch in touches where Self.isTracked(touch) { add(touch) }
  }

  /// Whether `touch` counts as tracked by its view.
  static func isTracked(_ touch: Touch) -> Bool {
    touch.viewDelivery.gotBegan && !touch.viewDelivery.isFinished && touch.view != nil && !touch.phase.isFinal
  }

  /// Counts `touch`, which just became tracked.
  mutating func add(_ touch: Touch) {
    guard let view = touch.view else { return }
    total += 1
    perView[ObjectIdentifier(view), default: 0] += 1
    if view.isExclusiveTouch { onExclusiveViews += 1 }
  }

  /// Stops counting `touch`, which was tracked until now.
  mutating func remove(_ touch: Touch) {
    guard let view = touch.view else { return }
    total -= 1
    perView[ObjectIdentifier(view), default: 0] -= 1
    if view.isExclusiveTouch { onExclusiveViews -= 1 }
  }

  /// Whether a touch about to begin on `view` is kept from it: the view is not multiple-touch
  /// enabled and already tracks a touch, or it is exclusive-touch and another view tracks
  /// one, or another exclusive-touch view tracks one.
  func excludes(_ view: View) -> Bool {
    let here = perView[ObjectIdentifier(view)] ?? 0
    if !view.isMultipleTouchEnabled && here > 0 { return true }
    if view.isExclusiveTouch && total - here > 0 { return true }
    return onExclusiveViews - (view.isExclusiveTouch ? here : 0) > 0
  }
}
