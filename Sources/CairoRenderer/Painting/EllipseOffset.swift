import CCairo
import GestureKit
import Glibc

/// The inner edge of an ellipse's border: the points a border `width` wide leaves uncovered
/// are those at least `width` from the ellipse, and their outline is the ellipse's inner
/// parallel curve, not a smaller ellipse (an ellipse inset by the width on each axis leaves
/// a band thinner than the width on the diagonals of a long ellipse).
///
/// With x = a cos t, y = b sin t (a the semi-axis along the major axis) and the inward unit
/// normal n(t) = -(b cos t, a sin t) / N(t), N(t) = sqrt(b² cos² t + a² sin² t), the curve is
/// p(t) + width n(t). While the width is under the smallest radius of curvature, b² / a, it is
/// a smooth closed curve. Beyond it (and under b, past which nothing is uncovered) the curve
/// loops back across the major axis near its ends; the edge is then the two arcs between the
/// points where it crosses the axis, at sin² t* = (width² a² / b² - b²) / (a² - b²).
enum EllipseOffset {
  /// Appends the inner edge of a border `width` wide inside the ellipse inscribed in `rect`,
  /// as a closed polyline of segments at most about one unit long, to the current path. The
  /// caller makes sure `width` is under both semi-axes.
  static func appendInnerEdge(of rect: Rect, width: Double, to cr: OpaquePointer) {
    let horizontal = rect.width >= rect.height
    // The semi-axes, the major one first.
    let a = (horizontal ? rect.width : rect.height) / 2
    let b = (horizontal ? rect.height : rect.width) / 2
    guard width > 0, width < b else { return }
    var start = 0.0
    if width > b * b / a {
      let sine = ((width * width * a * a) / (b * b) - b * b) / (a * a - b * b)
      start = asin(min(1, max(0, sine)).squareRoot())
    }
    // One arc on each side of the major axis, from t* to pi - t*, and from pi + t*.
    let perimeter = Double.pi * (3 * (a + b) - ((3 * a + b) * (a + 3 * b)).squareRoot())
    // An ellipse too large for its perimeter to be a number takes the most steps.
    let steps = perimeter.isFinite ? max(16, min(4096, Int(perimeter.rounded(.up)) / 2)) : 4096
    let span = Double.pi - 2 * start
    cairo_new_sub_path(cr)
    for half in 0..<2 {
      let from = Double(half) * Double.pi + start
      for step in 0...steps {
        let t = from + span * Double(step) / Double(steps)
        let (c, s) = (cos(t), sin(t))
        let norm = (b * b * c * c + a * a * s * s).squareRoot()
        let u = a * c - width * b * c / norm
        let v = b * s - width * a * s / norm
        let (x, y) = horizontal ? (u, v) : (v, u)
        cairo_line_to(cr, rect.midX + x, rect.midY + y)
      }
    }
    cairo_close_path(cr)
  }
}
