import CCairo
import GestureKit

/// Keeping a label's glyphs on the same device pixels wherever the device space's origin is.
///
/// cairo (1.16's image backend) draws each glyph at its device position rounded to a whole
/// pixel (`_cairo_lround`: halves round up). `cairo_show_text`, and `LabelPainter.show` with
/// it, puts a line's first glyph at the current point, which `cairo_move_to` stores in 24.8
/// fixed point and `cairo_get_current_point` maps back to user space: mapped to device space
/// again, the glyph lands within a few ulps of that fixed point. When the fixed point is a
/// half pixel (one line in 256 on each axis), those ulps decide the rounding, and they depend
/// on the matrix's last bits: a damage repair's scratch image, whose matrix starts with a
/// translation by the band's origin, sums the same translations at other magnitudes, so a
/// glyph could land a whole device pixel off the full repaint's (the label looks lighter or
/// darker there). At a fractional scale (1.5: user to device and back is inexact) this is
/// common.
///
/// So the renderer has `LabelPainter.paint` draw a label whose line starts on a half device
/// pixel, in either axis, `tieNudge` device pixels right or down of it (the next fixed-point
/// step; its clip and its culling stay where they were): the rounding goes up, as it does for
/// an exact half, in every repair and in the full repaint. The current point it leaves moves
/// with it.
extension LabelPainter {
  /// How far, in device pixels, a line starting on a half pixel is moved: one fixed-point step
  /// of cairo (1/256 px), far enough that no rounding error brings it back to the half.
  static let tieNudge = 1.0 / 256

  /// How close, in device pixels, to a half pixel a line's start (in fixed point) counts as on
  /// it (rounding errors are ulps; the fixed-point steps around the half are 1/256 px away).
  static let tieTolerance = 1.0 / 1024

  /// The device-space move (each axis 0 or `tieNudge`) that takes every line of `layout`,
  /// drawn in `bounds` on `cr` (its font set up), off a half pixel; (0, 0) when none starts on
  /// one.
  static func tieNudge(for layout: Cache.Layout, in bounds: Rect, on cr: OpaquePointer) -> (
    x: Double, y: Double
  ) {
    var nudge = (x: 0.0, y: 0.0)
    for (index, line) in layout.lines.enumerated() where !line.text.isEmpty {
      var (x, y) = layout.origin(ofLine: index, in: bounds)
      cairo_user_to_device(cr, &x, &y)
      if isHalf(x) { nudge.x = tieNudge }
      if isHalf(y) { nudge.y = tieNudge }
    }
    return nudge
  }

  /// Moves `cr`'s device space by `tieNudge(for:in:on:)` of `layout` (the caller restores the
  /// matrix).
  static func settleHalfPixels(of layout: Cache.Layout, in bounds: Rect, on cr: OpaquePointer) {
    let nudge = tieNudge(for: layout, in: bounds, on: cr)
    guard nudge != (0, 0) else { return }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    matrix.x0 += nudge.x
    matrix.y0 += nudge.y
    cairo_set_matrix(cr, &matrix)
  }

  /// Whether device coordinate `value`, stored in cairo's fixed point, is within
  /// `tieTolerance` of a half pixel.
  private static func isHalf(_ value: Double) -> Bool {
    let fixed = Renderer.onFixedGrid(value)
    return abs(fixed - fixed.rounded(.down) - 0.5) < tieTolerance
  }
}

extension LabelPainter.Cache {
  /// The layout `LabelPainter.paint` draws `label` with in a view `width` wide (`cr`'s font set
  /// up as it does): the label's own, or truncated to `width` when it is wider.
  func layout(_ label: String, fontSize: Double, fitting width: Double, on cr: OpaquePointer) -> Layout {
    let layout = self.layout(label, fontSize: fontSize, width: .infinity, on: cr)
    guard layout.widestAdvance > width else { return layout }
    return self.layout(label, fontSize: fontSize, width: max(0, width), on: cr)
  }
}

extension LabelPainter.Cache.Layout {
  /// Where line `index` starts (`cairo_move_to`'s point) in `bounds`, in user space: centred
  /// across, the lines stacked about the bounds' centre.
  func origin(ofLine index: Int, in bounds: Rect) -> (x: Double, y: Double) {
    let top = bounds.midY - lineHeight * Double(lines.count) / 2
    return (bounds.midX - lines[index].centre, top + Double(index) * lineHeight + baselineOffset)
  }
}
