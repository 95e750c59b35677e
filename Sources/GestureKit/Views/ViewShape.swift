/// The outline a view draws (and may hit-test against) inside its bounds.
public enum ViewShape: Hashable, Sendable {
  /// The bounds rectangle.
  case rect
  /// The bounds rectangle with rounded corners (radius in pixels, clamped to half the
  /// shorter side).
  case roundRect(cornerRadius: Double)
  /// The ellipse inscribed in the bounds (a circle for square bounds).
  case circle

  /// True when `point` (in the same coordinates as `rect`) lies inside this shape fitted to
  /// `rect`. Useful to refine `View.point(inside:)` for shaped hit testing.
  public func contains(_ point: Point, in rect: Rect) -> Bool {
    guard rect.contains(point) else { return false }
    switch self {
    case .rect:
      return true
    case .circle:
      let rx = rect.width / 2
      let ry = rect.height / 2
      let dx = (point.x - rect.midX) / rx
      let dy = (point.y - rect.midY) / ry
      return dx * dx + dy * dy <= 1
    case .roundRect(let cornerRadius):
      let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
      guard r > 0 else { return true }
      // Only the corner squares need a distance check against their arc's centre.
      let cx = min(max(point.x, rect.minX + r), rect.maxX - r)
      let cy = min(max(point.y, rect.minY + r), rect.maxY - r)
      return point.distance(to: Point(x: cx, y: cy)) <= r
    }
  }
}
