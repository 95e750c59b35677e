import CCairo
import GestureKit

/// An exact shortcut for labels: a label's glyph coverage, rendered by cairo once per
/// position less whole device pixels, replayed with the arithmetic cairo's glyph path ends in.
///
/// `cairo_show_glyphs` (cairo 1.16, image backend) places each glyph's A8 image on the whole
/// device pixel its position rounds to, and composites it with pixman's `OVER` of the solid
/// colour (`over_n_8_8888`): glyph after glyph, or, when the glyphs' boxes overlap, once
/// through the sum of their images cut to the run's box. Where no two glyph images share a
/// pixel both are one `OVER` per pixel through that pixel's coverage, which the alpha of the
/// same line drawn in opaque white onto an empty colour image gives
/// (LabelMasks+Make.swift). That image is made with the view's matrix less whole device
/// pixels, so glyph positions, their rounding and the tie nudge (LabelPainter+Ties.swift) see
/// the same fractions, and it holds the line's whole reach, so cairo cuts nothing
/// (Renderer+Labels.swift). It is replayed as pixman computes `OVER` (`PixelMath.over`,
/// run by run as `CoverageMask` replays shapes).
///
/// Used only where cairo would draw the label straight into the image drawn (not in a
/// translucent group), under a matrix without rotation, for one line in an opaque colour
/// that needs no clip (`inside` its view), whose layout is cached already, and whose reach
/// the frame and the clip do not cut (a full repaint then clips the glyphs to their box).
/// A label two of whose glyph images share a pixel is left to cairo: two `OVER`s in a row
/// do not round as one. The current point is left where `cairo_show_text` leaves it, as
/// `LabelPainter.paint` does.
final class LabelMasks {
  /// What a label's coverage depends on: its layout (text, font size, width and the
  /// matrix's scale), its view's bounds, and the matrix's translation less whole device
  /// pixels.
  struct Key: Hashable {
    var layout: LabelPainter.Cache.Key
    var bounds: Rect
    var x0: Double
    var y0: Double
  }

  /// One label's coverage, whose top-left pixel is device pixel (`left`, `top`) relative to
  /// the whole device pixels of the matrix's translation; nil coverage when the label is left
  /// to cairo.
  struct Mask {
    var left: Int
    var top: Int
    var coverage: CoverageMask?
  }

  /// A cache of masks, taking opaque colours' pixels from `colors`.
  init(colors: FastFill) {
    self.colors = colors
  }

  /// Masks kept at most; the cache is emptied when it is full.
  static let maximumMasks = 256
  /// Empty device pixels kept around a label's reach.
  static let padding = 1
  /// The largest mask, in pixels (a bigger label is left to cairo).
  static let largestMask = 1 << 20

  private var masks: [Key: Mask] = [:]
  /// The pixels cairo stores for opaque colours (the shape shortcuts' cache).
  private let colors: FastFill

  /// Whether the shortcut is used (tests turn it off to get cairo's own pixels).
  var isEnabled = true
  /// Masks made so far, and of those left to cairo (for tests).
  private(set) var masksMade = 0
  private(set) var masksRefused = 0
  /// Labels drawn from a mask so far (for tests).
  private(set) var replays = 0

  /// Draws `style`'s label in `bounds` into `buffer` as `LabelPainter.paint` would on `cr`
  /// (whose target is `buffer`, device pixel (0, 0) at its pixel `offset`; `clip` and `frame`
  /// in device pixels); false, drawing nothing, when the shortcut does not apply.
  func paint(
    _ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer, cache: LabelPainter.Cache, buffer: PixelBuffer,
    offset: (x: Int, y: Int), clip: PixelBox, frame: PixelBox
  ) -> Bool {
    guard isEnabled, let label = style.label, !label.isEmpty, style.fontSize > 0, style.labelColor.alpha >= 1,
      cairo_get_group_target(cr) == cairo_get_target(cr)
    else { return false }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0, m.x0.isFinite, m.y0.isFinite, abs(m.x0) < 1e6,
      abs(m.y0) < 1e6,
      let layout = cache.cachedLayout(label, fontSize: style.fontSize, fitting: bounds.width, matrix: m),
      layout.lines.count == 1, layout.fits(in: bounds)  // one line: no "\n" in the label
    else { return false }
    // Out of the clip, `LabelPainter.paint` draws nothing and leaves the current point
    // unsettled: left to it.
    guard let box = layout.drawBox(in: bounds), LabelPainter.reaches(box, cr),
      let device = PixelBox.enclosing(box, on: cr)
    else { return false }
    let left = device.minX - Self.padding
    let top = device.minY - Self.padding
    let right = device.maxX + Self.padding
    let bottom = device.maxY + Self.padding
    // Cut by the frame or the clip, cairo would clip the glyphs to their box.
    let uncut = frame.intersection(clip)
    guard left >= uncut.minX, top >= uncut.minY, right <= uncut.maxX, bottom <= uncut.maxY,
      (right - left) * (bottom - top) <= Self.largestMask
    else { return false }
    let whole = (x: m.x0.rounded(.down), y: m.y0.rounded(.down))
    let key = Key(
      layout: LabelPainter.Cache.Key(
        label: label, fontSize: style.fontSize, width: bounds.width, xx: m.xx, yx: 0, xy: 0, yy: m.yy),
      bounds: bounds, x0: m.x0 - whole.x, y0: m.y0 - whole.y)
    let mask: Mask
    if let cached = masks[key] {
      mask = cached
    } else {
      var white = style
      white.labelColor = .white
      mask = Self.make(
        white, in: bounds, layout: layout, matrix: m, origin: (left, top),
        whole: (Int(whole.x), Int(whole.y)),
        width: right - left, height: bottom - top, cache: cache)
      masksMade += 1
      if mask.coverage == nil { masksRefused += 1 }
      if masks.count >= Self.maximumMasks { masks.removeAll(keepingCapacity: true) }
      masks[key] = mask
    }
    guard let coverage = mask.coverage else { return false }
    coverage.composite(
      colors.pixel(for: style.labelColor), into: buffer, x: Int(whole.x) + mask.left + offset.x,
      y: Int(whole.y) + mask.top + offset.y, blend: .pixmanOver)
    cairo_surface_mark_dirty(cairo_get_target(cr))
    replays += 1
    Self.leaveCurrentPoint(of: layout, in: bounds, on: cr, cache: cache)
    return true
  }
}
