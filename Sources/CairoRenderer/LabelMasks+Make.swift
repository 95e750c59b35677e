import CCairo
import GestureKit

/// Making a label's mask: cairo draws the line in opaque white onto an empty ARGB32 image,
/// whose alpha is the coverage, and each glyph alone onto an A8 one, to find pixels two glyph
/// images share.
///
/// Not the line onto an A8 image: there cairo turns `OVER` of an opaque colour into `ADD`,
/// and adds glyphs whose boxes overlap straight into the image, where a colour image gets
/// them through a mask the size of the run's box (`composite_glyphs`, cairo-traps-compositor.c).
/// The two differ where hinting puts a row of a glyph's image past that box: the colour
/// image loses it (RendererLabelMaskTests, the top row of a "5kj0uuéf" at 1.25x).
extension LabelMasks {
  /// Renders `style`'s label (opaque white; `layout` its cached layout) with
  /// `LabelPainter.paint` onto an empty `width` x `height` ARGB32 image whose pixel (0, 0) is
  /// device pixel `origin`, under `matrix` less `origin`, and keeps its alpha as the
  /// coverage, placed relative to the translation's whole pixels `whole`. The coverage is nil
  /// (the label is left to cairo) when two glyph images share a pixel, or when the label
  /// reaches the image's outer `padding`.
  static func make(
    _ style: ViewStyle, in bounds: Rect, layout: LabelPainter.Cache.Layout, matrix: cairo_matrix_t,
    origin: (x: Int, y: Int), whole: (x: Int, y: Int), width: Int, height: Int, cache: LabelPainter.Cache
  ) -> Mask {
    var mask = Mask(left: origin.x - whole.x, top: origin.y - whole.y, coverage: nil)
    let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    defer { cairo_surface_destroy(surface) }
    var shifted = matrix
    shifted.x0 -= Double(origin.x)
    shifted.y0 -= Double(origin.y)
    let cr: OpaquePointer = cairo_create(surface)
    defer { cairo_destroy(cr) }
    cairo_set_matrix(cr, &shifted)
    LabelPainter.paint(style, in: bounds, on: cr, cache: cache, settlesHalfPixels: true)
    cairo_surface_flush(surface)
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else { return mask }
    let stride = Int(cairo_image_surface_get_stride(surface))
    // The alpha bytes, packed as an A8 image.
    let alpha = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
    defer { alpha.deallocate() }
    for row in 0..<height {
      let pixels = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
      for column in 0..<width {
        alpha[row * width + column] = UInt8(truncatingIfNeeded: pixels[column] >> 24)
      }
    }
    let coverage = CoverageMask(a8: alpha, stride: width, width: width, height: height)
    guard !reachesPadding(coverage),
      !glyphsSharePixels(
        style, in: bounds, layout: layout, matrix: shifted, width: width, height: height, cache: cache)
    else { return mask }
    mask.coverage = coverage
    return mask
  }

  /// Whether `mask` covers a pixel of its outer `padding`.
  private static func reachesPadding(_ mask: CoverageMask) -> Bool {
    for row in 0..<mask.height {
      let (first, end) = (Int(mask.rowStarts[row]), Int(mask.rowStarts[row + 1]))
      guard first < end else { continue }
      if row < padding || row >= mask.height - padding || mask.runs[first].start < padding
        || mask.runs[end - 1].end > mask.width - padding
      {
        return true
      }
    }
    return false
  }

  /// Whether two glyphs of `layout`'s one line, drawn as `LabelPainter.paint` draws them
  /// under `matrix`, each alone on a `width` x `height` A8 image, cover a pixel each.
  private static func glyphsSharePixels(
    _ style: ViewStyle, in bounds: Rect, layout: LabelPainter.Cache.Layout, matrix: cairo_matrix_t,
    width: Int, height: Int, cache: LabelPainter.Cache
  ) -> Bool {
    guard let line = layout.lines.first, line.glyphs.count > 1 else { return false }
    let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
    defer { cairo_surface_destroy(surface) }
    // A glyph alone is composited whole on any image (`composite_one_glyph`).
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else { return true }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let cr: OpaquePointer = cairo_create(surface)
    defer { cairo_destroy(cr) }
    var m = matrix
    cairo_set_matrix(cr, &m)
    cache.setFont(style.fontSize, on: cr)
    LabelPainter.settleHalfPixels(of: layout, in: bounds, on: cr)
    let (x, baseline) = layout.origin(ofLine: 0, in: bounds)
    let glyphs = cache.place(line.glyphs, x: x, y: baseline, on: cr).glyphs
    var covered = [Bool](repeating: false, count: width * height)
    for index in 0..<line.glyphs.count {
      cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
      cairo_paint(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
      cairo_set_source_rgb(cr, 1, 1, 1)
      cairo_show_glyphs(cr, glyphs + index, 1)
      cairo_surface_flush(surface)
      for row in 0..<height {
        let line = UnsafeRawPointer(data + row * stride)
        var column = 0
        while column < width {
          // Uncovered pixels, 8 at a time.
          if column + 8 <= width, line.loadUnaligned(fromByteOffset: column, as: UInt64.self) == 0 {
            column += 8
            continue
          }
          if line.load(fromByteOffset: column, as: UInt8.self) != 0 {
            if covered[row * width + column] { return true }
            covered[row * width + column] = true
          }
          column += 1
        }
      }
    }
    return false
  }

  /// Leaves `cr`'s current point where `LabelPainter.paint` (`cairo_show_text`) leaves it.
  static func leaveCurrentPoint(
    of layout: LabelPainter.Cache.Layout, in bounds: Rect, on cr: OpaquePointer, cache: LabelPainter.Cache
  ) {
    cairo_save(cr)
    LabelPainter.settleHalfPixels(of: layout, in: bounds, on: cr)
    var end: (x: Double, y: Double)?
    for (index, line) in layout.lines.enumerated() where !line.text.isEmpty {
      let (x, baseline) = layout.origin(ofLine: index, in: bounds)
      end = cache.place(line.glyphs, x: x, y: baseline, on: cr).end
    }
    // Moved to under the nudged matrix, as `LabelPainter.paint` does (the current point is
    // not part of the saved state).
    if let end { cairo_move_to(cr, end.x, end.y) }
    cairo_restore(cr)
  }
}
