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
    var segments: [BezierSegment] = []
    segments.reserveCapacity(points.count - 1)
    for i in 0..<(points.count - 1) {
      let p0 = points[max(i - 1, 0)]
      let p1 = points[i]
      let p2 = points[i + 1]
      let p3 = points[min(i + 2, points.count - 1)]
      segments.append(
        BezierSegment(start: p1, control1: p1 + (p2 - p0) / 6, control2: p2 - (p3 - p1) / 6, end: p2))
    }
    return segments
  }
}
