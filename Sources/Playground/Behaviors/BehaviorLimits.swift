import GestureKit

/// How far the behaviours let a person take a view, so that nothing a finger moves is lost:
/// a pinched view stays big enough to grab, a dragged one keeps a part inside its superview.
enum BehaviorLimits {
  /// The least of a view a finger must be able to reach, in window points: 44, Apple's
  /// smallest target for a finger (Human Interface Guidelines, "Buttons"). A pinch keeps the
  /// view's shorter side at least this long; a drag keeps this much of it (all of a smaller
  /// view) inside its superview.
  static let fingerTarget = 44.0
  /// The most a pinch makes a view's longer side, in its superview's longer sides.
  static let maximumSpan = 2.0

  /// `length` window points in the coordinates of `view` (its scale in the window, whatever
  /// the scene's fit; a view with no usable scale counts as unscaled).
  static func length(_ length: Double, in view: View?) -> Double {
    let scale = view?.transformToWindow.scale ?? 1
    return scale.isFinite && scale > 0 ? length / scale : length
  }

  /// The center nearest `center` at which ``fingerTarget`` window points of `view` (all of it
  /// along an axis where it is shorter) lie inside its superview along each axis: where a
  /// drag leaves a view that the finger took off the scene, into the window's surround or off
  /// the window, so that it can be grabbed again. `center` itself for a view with no
  /// superview.
  static func reachableCenter(_ center: Point, of view: View) -> Point {
    guard let parent = view.superview else { return center }
    return self.center(center, of: view, inside: parent.bounds, keeping: length(fingerTarget, in: parent))
  }

  /// The center nearest `center` at which at least `kept` of `view`'s frame (all of it along
  /// an axis where it is shorter; all of it when `kept` is nil) lies inside `area`, centred in
  /// `area` along an axis where that cannot be.
  static func center(_ center: Point, of view: View, inside area: Rect, keeping kept: Double?) -> Point {
    let frame = view.frame
    func limit(_ value: Double, half: Double, _ low: Double, _ high: Double) -> Double {
      // The far edge at least `inside` past the area's start, the near edge at least that
      // before its end.
      let inside = kept.map { min($0, 2 * half) } ?? 2 * half
      let least = low + inside - half
      let most = high - inside + half
      return least > most ? (low + high) / 2 : min(max(value, least), most)
    }
    return Point(
      x: limit(center.x, half: frame.width / 2, area.minX, area.maxX),
      y: limit(center.y, half: frame.height / 2, area.minY, area.maxY))
  }
}
