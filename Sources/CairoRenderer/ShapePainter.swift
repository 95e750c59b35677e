import CCairo
import GestureKit

/// Builds cairo paths for a view's shape and paints its fill and stroke.
///
/// The stroke lies inside the bounds (like a `CALayer` border): the outline is
/// inset by half the stroke width, so a clipping view does not cut it in half.
enum ShapePainter {
  /// Fills `style.shape` over `bounds` with `style.fill`, if any.
  static func fill(_ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer) {
    guard let fill = style.fill else { return }
    addPath(style.shape, in: bounds, to: cr)
    setSource(fill, on: cr)
    cairo_fill(cr)
  }

  /// Strokes the outline of `style.shape`, inset by half `style.strokeWidth`, with
  /// `style.stroke`, if any.
  ///
  /// Under a rotation or shear, a curved outline is stroked as the polyline cairo would
  /// flatten it to. With its curves, cairo's stroker would make pixels that depend on the
  /// target's extents:
  /// - the stroker replaces a curve lying wholly outside the target (grown by the miter's
  ///   reach) with a straight line;
  /// - that line meets the next straight side at an angle, and the miter join there
  ///   computes a corner point in doubles and rounds it to 1/256 px;
  /// - the side's slanted outer edge then starts at that rounded corner instead of its own
  ///   offset point, so the side rasterizes a level off here and there.
  ///
  /// A band repaired in a scratch image whose top cut off such a corner came out different
  /// from the full repaint. Lines are never dropped, and an axis-aligned side keeps its exact
  /// x whatever its miter corner's rounding.
  static func stroke(_ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer) {
    guard let stroke = style.stroke, style.strokeWidth > 0 else { return }
    let (shape, outline) = strokeOutline(style.shape, in: bounds, width: style.strokeWidth)
    guard outline.width > 0, outline.height > 0 else { return }
    addPath(shape, in: outline, to: cr)
    if !isRectilinear(shape, in: outline) { flattenUnlessAxisAligned(cr) }
    setSource(stroke, on: cr)
    cairo_set_line_width(cr, style.strokeWidth)
    cairo_stroke(cr)
  }

  /// Replaces the current path with the outline of `shape` fitted to `rect`.
  /// Empty rects give an empty path.
  static func addPath(_ shape: ViewShape, in rect: Rect, to cr: OpaquePointer) {
    cairo_new_path(cr)
    guard rect.width > 0, rect.height > 0 else { return }
    switch shape {
    case .rect:
      cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    case .roundRect(let cornerRadius):
      addRoundRect(rect, radius: cornerRadius, to: cr)
    case .circle:
      // The ellipse inscribed in the rect: a unit circle scaled into place.
      cairo_save(cr)
      cairo_translate(cr, rect.midX, rect.midY)
      cairo_scale(cr, rect.width / 2, rect.height / 2)
      cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
      cairo_close_path(cr)
      cairo_restore(cr)
    }
  }

  /// Whether the path of `shape` over `rect` is a plain rectangle (cairo fills and strokes it
  /// as boxes): a rect, or a rounded rect whose clamped radius is zero; false when empty.
  static func isRectilinear(_ shape: ViewShape, in rect: Rect) -> Bool {
    guard rect.width > 0, rect.height > 0 else { return false }
    switch shape {
    case .rect: return true
    case .roundRect(let radius): return max(0, min(radius, rect.width / 2, rect.height / 2)) <= 0
    case .circle: return false
    }
  }

  /// Replaces the current path with its flattened copy when the current matrix rotates or
  /// shears (see `stroke`).
  private static func flattenUnlessAxisAligned(_ cr: OpaquePointer) {
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy != 0 || m.yx != 0, let flat = cairo_copy_path_flat(cr) else { return }
    defer { cairo_path_destroy(flat) }
    guard flat.pointee.status == CAIRO_STATUS_SUCCESS else { return }
    cairo_new_path(cr)
    cairo_append_path(cr, flat)
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

  /// The path a stroke of `width` follows for `shape` over `bounds`: the outline inset by
  /// half the width (so the stroke stays inside the bounds), corners following the fill's.
  static func strokeOutline(_ shape: ViewShape, in bounds: Rect, width: Double) -> (ViewShape, Rect) {
    let inset = width / 2
    return (insetShape(shape, by: inset), bounds.insetBy(dx: inset, dy: inset))
  }

  /// The stroke outline of a rounded rect follows the fill's corners.
  private static func insetShape(_ shape: ViewShape, by inset: Double) -> ViewShape {
    if case .roundRect(let radius) = shape { return .roundRect(cornerRadius: max(0, radius - inset)) }
    return shape
  }
}
