import CCairo
import GestureKit

/// Builds cairo paths for a view's shape and paints its fill and stroke.
///
/// The stroke lies inside the bounds (like a `CALayer` border), so a clipping view does not
/// cut it in half. It is filled as a band, not stroked: the shape's outline and the outline
/// of the shape inset by the stroke's width, filled with the even-odd rule. Why: cairo's
/// stroker simplifies the parts of a path outside the clip, and how it rejoins them moves the
/// stroke's anti-aliased edge by several levels inside the clip, so a repair clipped to the
/// damage would not match a full repaint; a fill's edges are those of its own path. Still
/// needed on cairo 1.16 and 1.18 alike: with `cairo_stroke`, 1 pixel of the 10x renderer soak
/// (`make soak`, run 1179 at scale 1.25) comes out 3 levels off the full repaint on both.
enum ShapePainter {
  /// Fills `style.shape` over `bounds` with `style.fill`, if any.
  static func fill(_ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer) {
    guard let fill = style.fill else { return }
    addPath(style.shape, in: bounds, to: cr)
    setSource(fill, on: cr)
    cairo_fill(cr)
  }

  /// Paints the stroke of `style.shape` over `bounds`, `style.strokeWidth` wide inside the
  /// bounds, with `style.stroke`, if any.
  static func stroke(_ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer) {
    guard let stroke = style.stroke, style.strokeWidth > 0 else { return }
    let (outer, inner) = strokeBand(style.shape, in: bounds, width: style.strokeWidth)
    addPath(outer.shape, in: outer.rect, to: cr)
    // No outline (an empty band, a shape cairo cannot take): no border either.
    guard cairo_has_current_point(cr) != 0 else { return }
    if let inner {
      if case .circle = style.shape, bounds.width != bounds.height {
        // An ellipse inset on each axis is no constant-width band: the inner edge is the
        // ellipse's inner parallel curve instead.
        EllipseOffset.appendInnerEdge(of: bounds, width: style.strokeWidth, to: cr)
      } else {
        appendPath(inner.shape, in: inner.rect, to: cr)
      }
    }
    setSource(stroke, on: cr)
    cairo_save(cr)
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_fill(cr)
    cairo_restore(cr)
  }

  /// Replaces the current path with the outline of `shape` fitted to `rect`.
  /// Empty rects give an empty path.
  static func addPath(_ shape: ViewShape, in rect: Rect, to cr: OpaquePointer) {
    cairo_new_path(cr)
    appendPath(shape, in: rect, to: cr)
  }

  /// Adds the outline of `shape` fitted to `rect` to the current path, as a sub-path of its
  /// own (nothing for an empty rect).
  static func appendPath(_ shape: ViewShape, in rect: Rect, to cr: OpaquePointer) {
    guard rect.width > 0, rect.height > 0 else { return }
    switch shape {
    case .rect:
      cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    case .roundRect(let cornerRadius):
      addRoundRect(rect, radius: cornerRadius, to: cr)
    case .circle:
      // The ellipse inscribed in the rect: a unit circle scaled into place. One too large for
      // cairo's coordinates, or so flat that the scaled matrix cannot be inverted (an error
      // cairo keeps), has no outline.
      guard CairoLimits.isDrawable(rect, on: cr),
        CairoLimits.isInvertible(
          transformedBy: AffineTransform(scaleX: rect.width / 2, y: rect.height / 2), on: cr)
      else { return }
      cairo_save(cr)
      cairo_translate(cr, rect.midX, rect.midY)
      cairo_scale(cr, rect.width / 2, rect.height / 2)
      cairo_new_sub_path(cr)
      cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
      cairo_close_path(cr)
      cairo_restore(cr)
    }
  }

  /// Sets a solid colour source (cairo premultiplies it).
  static func setSource(_ color: Color, on cr: OpaquePointer) {
    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
  }

  /// A rounded rect with the radius clamped to half the shorter side.
  private static func addRoundRect(_ rect: Rect, radius: Double, to cr: OpaquePointer) {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    guard r > 0 else {
      cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
      return
    }
    let half = Double.pi / 2
    cairo_new_sub_path(cr)
    cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -half, 0)
    cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, half)
    cairo_arc(cr, rect.minX + r, rect.maxY - r, r, half, 2 * half)
    cairo_arc(cr, rect.minX + r, rect.minY + r, r, 2 * half, 3 * half)
    cairo_close_path(cr)
  }

  /// The band a stroke of `width` covers for `shape` over `bounds`: inside the outline of
  /// `outer`, outside that of `inner` (nil when the stroke fills the shape). A rounded rect's
  /// inner corners are its radius less the width (square once the width reaches it).
  static func strokeBand(_ shape: ViewShape, in bounds: Rect, width: Double) -> (
    outer: (shape: ViewShape, rect: Rect), inner: (shape: ViewShape, rect: Rect)?
  ) {
    let inside = bounds.insetBy(dx: width, dy: width)
    let outer = (shape: shape, rect: bounds)
    guard inside.width > 0, inside.height > 0 else { return (outer, nil) }
    if case .roundRect(let radius) = shape {
      return (outer, (.roundRect(cornerRadius: max(0, radius - width)), inside))
    }
    return (outer, (shape, inside))
  }

  /// Clips `cr` to `bounds` (user space); when the matrix keeps them axis-aligned, to the
  /// whole device pixels they touch, which cairo clips to without a mask (as damage is rounded
  /// out to them: nothing reaches past the view's pixels). A clip with fractional edges would
  /// be applied differently when a repair's band cuts it than in a full repaint (a level or
  /// three off along a stroke in the clipped view); whole pixels are cut exactly. Needed on
  /// cairo 1.16 and 1.18 alike: with the plain rectangle clip the 10x renderer soak fails on
  /// both (runs 433, 762 and 1076; 3 to 7 levels).
  static func clip(_ cr: OpaquePointer, to bounds: Rect) {
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy == 0, m.yx == 0 else {
      cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
      cairo_clip(cr)
      return
    }
    let xs = (m.xx * bounds.minX + m.x0, m.xx * bounds.maxX + m.x0)
    let ys = (m.yy * bounds.minY + m.y0, m.yy * bounds.maxY + m.y0)
    // An edge within a hair of a pixel boundary is on it: the same bounds reached through
    // another matrix (a layer's, a band's) must clip to the same pixels.
    func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Double {
      let nearest = value.rounded()
      return abs(value - nearest) < 1e-6 ? nearest : value.rounded(rule)
    }
    let left = whole(min(xs.0, xs.1), .down)
    let top = whole(min(ys.0, ys.1), .down)
    let right = whole(max(xs.0, xs.1), .up)
    let bottom = whole(max(ys.0, ys.1), .up)
    // The rectangle in device space; the path keeps it there when the matrix comes back.
    // Geometry too large for a pixel box (a run-time transform) shows nothing.
    cairo_identity_matrix(cr)
    if left.isFinite && top.isFinite && right.isFinite && bottom.isFinite {
      cairo_rectangle(cr, left, top, right - left, bottom - top)
    } else {
      cairo_rectangle(cr, 0, 0, 0, 0)
    }
    cairo_set_matrix(cr, &m)
    cairo_clip(cr)
  }
}
