import CCairo
import GestureKit

/// The numbers cairo can take. Beyond them a call puts a cairo context in an error state for
/// good (nothing drawn after it shows), or keeps cairo busy for minutes (an arc of radius
/// 1e300); what is drawn is checked in device pixels, under the context's matrix.
enum CairoLimits {
  /// The largest device coordinate cairo's 24.8 fixed-point numbers hold: 2^23 pixels.
  static let device = 8_388_608.0
  /// The largest text size on the device, in pixels: FreeType refuses sizes over 65,535
  /// pixels, and cairo keeps its error.
  static let textSize = 32_768.0

  /// Whether `point` (user coordinates of `cr`) is finite and within ``device``.
  static func isDrawable(_ point: Point, on cr: OpaquePointer) -> Bool {
    guard point.x.isFinite, point.y.isFinite else { return false }
    var (x, y) = (point.x, point.y)
    cairo_user_to_device(cr, &x, &y)
    return abs(x) <= device && abs(y) <= device
  }

  /// Whether `rect`'s four corners (user coordinates of `cr`, which may be turned) are
  /// drawable points.
  static func isDrawable(_ rect: Rect, on cr: OpaquePointer) -> Bool {
    isDrawable(Point(x: rect.minX, y: rect.minY), on: cr)
      && isDrawable(Point(x: rect.maxX, y: rect.maxY), on: cr)
      && isDrawable(Point(x: rect.minX, y: rect.maxY), on: cr)
      && isDrawable(Point(x: rect.maxX, y: rect.minY), on: cr)
  }

  /// Whether a length of `distance` (user units of `cr`) is finite and within ``device``
  /// along both axes.
  static func isDrawable(distance: Double, on cr: OpaquePointer) -> Bool {
    guard distance.isFinite else { return false }
    var (x, y) = (distance, distance)
    cairo_user_to_device_distance(cr, &x, &y)
    return abs(x) <= device && abs(y) <= device
  }

  /// Whether text of `size` (user units of `cr`) is above zero and at most ``textSize`` on
  /// the device.
  static func isDrawable(textSize size: Double, on cr: OpaquePointer) -> Bool {
    guard size > 0, size.isFinite else { return false }
    var (x, y) = (size, size)
    cairo_user_to_device_distance(cr, &x, &y)
    return abs(x) <= textSize && abs(y) <= textSize
  }

  /// Whether `cr`'s matrix, transformed by `t` (`cairo_transform`, `cairo_scale`), can be
  /// inverted: cairo's own test, a determinant that is neither 0 nor infinite. A view scaled
  /// by 0, or an ellipse too flat, would otherwise put the context in an error state.
  static func isInvertible(transformedBy t: AffineTransform, on cr: OpaquePointer) -> Bool {
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    let determinant = (m.xx * m.yy - m.xy * m.yx) * (t.a * t.d - t.b * t.c)
    return determinant != 0 && determinant.isFinite
  }
}
