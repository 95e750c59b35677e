import GestureKit

/// One cubic Bézier segment of a smoothed stroke.
struct BezierSegment: Equatable {
  /// Where the segment starts (a sample of the stroke).
  var start: Point
  /// The first control point.
  var control1: Point
  /// The second control point.
  var control2: Point
  /// Where the segment ends (the next sample).
  var end: Point

  /// The box of the four points, which holds the whole curve (a Bézier curve stays inside
  /// the hull of its points).
  var bounds: Rect {
    let x0 = min(start.x, control1.x, control2.x, end.x)
    let y0 = min(start.y, control1.y, control2.y, end.y)
    let x1 = max(start.x, control1.x, control2.x, end.x)
    let y1 = max(start.y, control1.y, control2.y, end.y)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

/// Smoothing of a finger's sampled path (the cookbook's "Smoothing Drawings" recipe): a
/// uniform Catmull-Rom spline through every sample, written as cubic Bézier segments.
enum StrokeSmoothing {
  /// The Bézier segments of the Catmull-Rom spline through `points`, one per consecutive
  /// pair. The curve passes through every point; the ends use the end point itself as the
  /// missing neighbour. Fewer than two points give no segments.
  ///
  /// For samples p0 p1 p2 p3 the segment p1 → p2 has controls p1 + (p2 − p0) / 6 and
  /// p2 − (p3 − p1) / 6.
  static func segments(through points: [Point]) -> [BezierSegment] {
    guard points.count >= 2 else { return [] }
    return (0..<(points.count - 1)).map { segment(at: $0, through: points) }
  }

  /// The segment from `points[index]` to `points[index + 1]` of the spline
  /// ``segments(through:)`` gives (it depends on the points from `index - 1` to `index + 2`).
  static func segment(at index: Int, through points: [Point]) -> BezierSegment {
    let p0 = points[max(index - 1, 0)]
    let p1 = points[index]
    let p2 = points[index + 1]
    let p3 = points[min(index + 2, points.count - 1)]
    return BezierSegment(start: p1, control1: p1 + (p2 - p0) / 6, control2: p2 - (p3 - p1) / 6, end: p2)
  }
}
