import CCairo
import GestureKit

/// Labels drawn once into alpha masks and composited from them (`cairo_mask_surface`), the
/// way a toolkit keeps rendered text runs.
///
/// Why: a label shown with `cairo_show_glyphs` straight into the frame comes out differently
/// when a repair's clip cuts its run of glyphs (cairo 1.16 dropped a hinted row of an accent),
/// and filling the glyphs' outlines instead costs about 35 µs for a short word. A mask is
/// rendered by cairo with the label's own sub-pixel phase, unclipped, so it holds what cairo
/// would draw there in any version; a full repaint and every repair then composite the same
/// mask at the same whole device pixel, which a clip cuts exactly. Needed on cairo 1.16 and
/// 1.18 alike: with the glyphs shown straight into the frame, `RendererWindowDamageTests`
/// fails in its first runs on both (up to 153 levels on 1.16, 49 on 1.18).
///
/// A mask depends on the label's text, font size, the width it is truncated to, the linear
/// part of the device matrix and the fractional part of the device position of its view's
/// centre; its colour is the source it is composited with (but for a label with glyphs in their
/// own colours, whose mask is drawn in its colour: ``Mask``). The cache holds at most
/// `maximumMasks` masks and `maximumBytes` of pixels, and is emptied when either would be
/// passed (a label dragged to a new sub-pixel phase every frame makes one each frame). Only
/// masks made under a steady matrix are kept (`LabelPainter.Cache.isSteady`): a label on a
/// view being pinched or turned gets a mask for the frame, destroyed once composited.
final class LabelMasks {
  /// What a mask depends on: what its layout does (with the width of the view it is fitted
  /// to), and the sub-pixel phase of its view's centre.
  struct Key: Hashable {
    var layout: LabelPainter.Cache.Key
    var phaseX: Double
    var phaseY: Double
    /// The label's colour, for a mask that keeps colours (``Mask/colored``); nil otherwise.
    var color: Color?
  }

  /// A rendered label: an A8 surface, and where its top-left pixel lies relative to the whole
  /// device pixel under its view's centre. A label with glyphs in their own colours (an emoji
  /// font) is rendered instead in colour, its other glyphs in the label's colour, into an
  /// ARGB32 surface painted as it is (`colored`).
  struct Mask {
    let surface: OpaquePointer
    let x: Int
    let y: Int
    let bytes: Int
    var colored = false
  }

  /// Masks kept at most.
  static let maximumMasks = 512
  /// Pixel bytes kept at most (4 MiB).
  static let maximumBytes = 4 << 20

  private var masks: [Key: Mask] = [:]
  private var bytes = 0

  /// How many masks are kept (for tests).
  var count: Int { masks.count }

  deinit {
    removeAll()
  }

  /// Composites `layout` (of `style`'s label, laid out in `cache`'s font) centred in `bounds`
  /// on `cr`, whose font is set up as `LabelPainter.paint` sets it, in `style.labelColor`.
  func paint(
    _ layout: LabelPainter.Cache.Layout, of style: ViewStyle, in bounds: Rect, on cr: OpaquePointer,
    cache: LabelPainter.Cache
  ) {
    guard let label = style.label, let box = layout.drawBox(in: bounds) else { return }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    var centre = (x: bounds.midX, y: bounds.midY)
    cairo_user_to_device(cr, &centre.x, &centre.y)
    guard centre.x.isFinite, centre.y.isFinite, abs(centre.x) < 1e7, abs(centre.y) < 1e7 else { return }
    let whole = (x: centre.x.rounded(.down), y: centre.y.rounded(.down))
    let key = Key(
      layout: LabelPainter.Cache.Key(
        label: label, fontSize: style.fontSize, width: bounds.width, xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy),
      phaseX: centre.x - whole.x, phaseY: centre.y - whole.y, color: layout.colored ? style.labelColor : nil)
    let mask: Mask
    var transient = false
    if let kept = masks[key] {
      mask = kept
    } else {
      guard
        let made = make(
          layout, of: style, box: box, bounds: bounds, matrix: m, origin: whole, on: cr, cache: cache)
      else { return }
      if cache.isSteady(m) {
        if masks.count >= Self.maximumMasks || bytes + made.bytes > Self.maximumBytes { removeAll() }
        masks[key] = made
        bytes += made.bytes
      } else {
        transient = true
      }
      mask = made
    }
    cairo_save(cr)
    cairo_identity_matrix(cr)
    if mask.colored {
      cairo_set_source_surface(cr, mask.surface, whole.x + Double(mask.x), whole.y + Double(mask.y))
      cairo_paint(cr)
    } else {
      ShapePainter.setSource(style.labelColor, on: cr)
      cairo_mask_surface(cr, mask.surface, whole.x + Double(mask.x), whole.y + Double(mask.y))
    }
    cairo_restore(cr)
    if transient { cairo_surface_destroy(mask.surface) }
  }

  /// Renders the label's glyphs into a new A8 surface (ARGB32 in `style.labelColor` for a
  /// layout with glyphs in their own colours) over the device pixels `box` (user space)
  /// covers, with the device matrix `m` moved by the whole pixels `origin` and the surface's
  /// offset, so that every glyph keeps its sub-pixel phase.
  private func make(
    _ layout: LabelPainter.Cache.Layout, of style: ViewStyle, box: Rect, bounds: Rect,
    matrix m: cairo_matrix_t,
    origin: (x: Double, y: Double), on cr: OpaquePointer, cache: LabelPainter.Cache
  ) -> Mask? {
    // The box's device pixels, relative to `origin`.
    var corners: [(Double, Double)] = []
    for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
      var point = (x: x, y: y)
      cairo_user_to_device(cr, &point.x, &point.y)
      corners.append((point.x - origin.x, point.y - origin.y))
    }
    let left = corners.map(\.0).min()!.rounded(.down)
    let top = corners.map(\.1).min()!.rounded(.down)
    let width = corners.map(\.0).max()!.rounded(.up) - left
    let height = corners.map(\.1).max()!.rounded(.up) - top
    let pixelBytes = layout.colored ? 4.0 : 1.0
    guard width.isFinite, height.isFinite, width >= 1, height >= 1,
      width * height * pixelBytes < Double(Self.maximumBytes)
    else { return nil }
    let format = layout.colored ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8
    let surface: OpaquePointer = cairo_image_surface_create(format, Int32(width), Int32(height))
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    let maskCr: OpaquePointer = cairo_create(surface)
    defer { cairo_destroy(maskCr) }
    var moved = m
    moved.x0 -= origin.x + left
    moved.y0 -= origin.y + top
    cairo_set_matrix(maskCr, &moved)
    cache.setFont(style.fontSize, on: maskCr)
    if layout.colored { ShapePainter.setSource(style.labelColor, on: maskCr) }
    for (index, line) in layout.lines.enumerated() where !line.glyphs.isEmpty {
      let (x, baseline) = layout.origin(ofLine: index, in: bounds)
      cache.show(line.glyphs, x: x, y: baseline, on: maskCr)
    }
    cairo_surface_flush(surface)
    return Mask(
      surface: surface, x: Int(left), y: Int(top),
      bytes: Int(cairo_image_surface_get_stride(surface)) * Int(height), colored: layout.colored)
  }

  /// Destroys every mask.
  func removeAll() {
    for mask in masks.values { cairo_surface_destroy(mask.surface) }
    masks.removeAll(keepingCapacity: true)
    bytes = 0
  }
}
