import CCairo
import GestureKit

/// Quarter-pixel positions: a view whose layer is axis-aligned (no rotation or shear in its
/// transform to the device) is drawn with its device-space position rounded to the nearest
/// `positionQuantum` of a device pixel. Views keep their exact geometry (`center`, `frame`, a
/// pan's `translation(in:)`: the model); only where the renderer puts the layer's pixels
/// moves, by at most an eighth of a pixel (and a 512th at a tie: see `snapped`).
///
/// - Rounding is of the device translation of the view's coordinate space,
///   `floor(4x + 0.5) / 4` with `x` on cairo's fixed-point grid: invariant under shifts by
///   quarters, so a subview placed a multiple of a quarter pixel from its superview keeps
///   that exact offset, and a damaged band's scratch image (a whole-pixel shift of the frame)
///   rounds as the full frame does.
/// - A view is moved only when the pixels it can touch (its bounds' device box, rounded out
///   to whole pixels) stay inside those of its exact box, so that the damage recorded from
///   exact geometry still covers everything drawn. (Inside, not equal: a box rounded onto
///   whole pixels touches fewer pixels, which the damage still covers.) A view that does not
///   qualify (a fractional size at some positions), or is rotated, is drawn at its exact
///   position, its subviews then rounded on their own.
///
/// Why: a card dragged by fractions of a pixel takes at most 16 sub-pixel phases, whose
/// coverage masks `FastFill` keeps, so each frame replays a cached mask instead of
/// rasterizing the card again, while its motion stays anti-aliased at a quarter pixel.
extension Renderer {
  /// The step positions are rounded to, in device pixels.
  static let positionQuantum = 0.25

  /// Rounds the device translation of the current matrix of `cr` (a view's coordinate space,
  /// whose bounds are `bounds`) to the nearest `positionQuantum` when the view qualifies (see
  /// above), and records in `snapOffset` how far its subviews' spaces were moved. On entry,
  /// `snapOffset` is how far the superview's space was moved (its subviews inherit the move).
  func snapPosition(of bounds: Rect, on cr: OpaquePointer) {
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    // Where the view's space would be without any rounding (the superview's move undone).
    let exactX = m.x0 - snapOffset.x
    let exactY = m.y0 - snapOffset.y
    var x = exactX
    var y = exactY
    if snapsPositions, m.xy == 0, m.yx == 0 {
      x = Self.snapped(exactX, scale: m.xx, from: bounds.minX, to: bounds.maxX)
      y = Self.snapped(exactY, scale: m.yy, from: bounds.minY, to: bounds.maxY)
    }
    snapOffset = (x - exactX, y - exactY)
    guard x != m.x0 || y != m.y0 else { return }
    m.x0 = x
    m.y0 = y
    cairo_set_matrix(cr, &m)
  }

  /// The device translation `exact` rounded to the nearest `positionQuantum`, for a view
  /// spanning user coordinates `low...high` at `scale` device pixels per unit along this
  /// axis; `exact` itself when rounding would move the view's rounded-out box past that of
  /// its exact position (or the numbers are not finite).
  ///
  /// Decided on positions in cairo's fixed point (`onFixedGrid`), where cairo rasterizes: a
  /// band repaired a whole number of pixels from the frame's origin reaches the same view
  /// through other floating-point roundings (-6.375000000000001 there for 65.625 in the full
  /// frame, at scale 1.5), and a position on a tie (an odd eighth of a pixel) rounded up in
  /// one and down in the other: a column of pixels the repair drew off by a quarter pixel.
  static func snapped(_ exact: Double, scale: Double, from low: Double, to high: Double) -> Double {
    guard exact.isFinite else { return exact }
    let steps = 1 / positionQuantum
    let rounded = (onFixedGrid(exact) * steps + 0.5).rounded(.down) / steps
    guard rounded != exact, rounded.isFinite else { return exact }
    let (near, far) = scale >= 0 ? (scale * low, scale * high) : (scale * high, scale * low)
    guard onFixedGrid(near + rounded).rounded(.down) >= onFixedGrid(near + exact).rounded(.down),
      onFixedGrid(far + rounded).rounded(.up) <= onFixedGrid(far + exact).rounded(.up)
    else { return exact }
    return rounded
  }

  /// `value` (device pixels) on cairo's fixed-point grid: the nearest 256th of a pixel.
  static func onFixedGrid(_ value: Double) -> Double {
    (value * Double(fixedOne)).rounded() / Double(fixedOne)
  }
}
