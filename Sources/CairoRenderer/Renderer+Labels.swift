import CCairo
import GestureKit

/// Drawing a view's label: replayed from its mask where that is exact (LabelMasks.swift),
/// otherwise by cairo, on an image of its own when a damage repair's scratch image would cut
/// it.
///
/// cairo (1.16's image backend) limits a run of glyphs to the box their metrics give, and a
/// glyph's image can reach a row or a column past it (hinting moves an outline by a fraction
/// of a pixel: the top row of an accent, say). Whether those pixels are drawn depends on the
/// target: when the run's box lies inside the image drawn on, cairo composites the glyph
/// images whole; when the image's edge cuts the box, it clips them to the box. A full repaint
/// cuts a label only at the frame's edges, but a band of a repair cuts it wherever the band
/// ends, so a repair could lose such a row that the full repaint draws (or keep it).
///
/// So, while repairing, a label whose reach (its ink and two margins, in device pixels, within
/// the frame) crosses the scratch image's edges is drawn on an image of its own over that
/// reach: it gets the scratch image's pixels under it, the label is drawn there with the same
/// matrix moved by whole pixels (and the same pixel-aligned clip), and the pixels the scratch
/// image shares with it are copied back. Cut only where the frame cuts it, the label draws the
/// full repaint's pixels. Labels inside a translucent view's group, or under a clip that is not
/// whole pixels, are drawn by cairo where they are: the band is drawn again around such a
/// label's whole reach (Renderer+Content.swift), and widened past the view of a label clipped
/// to it (`noteCut`).
extension Renderer {
  /// Draws `style`'s label in `bounds` on `cr` as `LabelPainter.paint` does (and returns what
  /// it returns, whether it clipped the label to `bounds`): from its mask where that applies,
  /// on an image of its own when the scratch image would cut it.
  func paintLabel(_ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer) -> Bool {
    if let target = directTarget,
      labelMasks.paint(
        style, in: bounds, on: cr, cache: labels, buffer: target, offset: directOffset, clip: directClip,
        frame: frameBox)
    {
      // Replayed only when `inside` its view: not clipped.
      return false
    }
    // Only on the scratch image itself: a translucent view's group is another image, smaller
    // than the scratch one even at offset (0, 0) (its labels widen the band instead).
    guard scratchColumns != nil, let target = directTarget, directOffset == (0, 0),
      cairo_get_group_target(cr) == cairo_get_target(cr),
      let reach = labelReach(style, in: bounds, on: cr),
      reach.minX < targetBox.minX || reach.minY < targetBox.minY || reach.maxX > targetBox.maxX
        || reach.maxY > targetBox.maxY
    else {
      return LabelPainter.paint(style, in: bounds, on: cr, cache: labels, settlesHalfPixels: true)
    }
    return paintLabelApart(style, in: bounds, on: cr, reach: reach, target: target)
  }

  /// The device pixels `style`'s label in `bounds` may draw on `cr`, within the frame (nil
  /// when it draws nothing, none of it is in the image drawn, or its matrix is not a finite
  /// one). Inside a translucent view's group too: cairo's device space is the frame's there.
  func labelReach(_ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer) -> PixelBox? {
    guard let label = style.label, !label.isEmpty, style.fontSize > 0 else { return nil }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    let layout: LabelPainter.Cache.Layout
    if let cached = labels.cachedLayout(
      label, fontSize: style.fontSize, fitting: bounds.width, matrix: matrix)
    {
      layout = cached
    } else {
      cairo_save(cr)
      labels.setFont(style.fontSize, on: cr)
      layout = labels.layout(label, fontSize: style.fontSize, fitting: bounds.width, on: cr)
      cairo_restore(cr)
    }
    guard let box = layout.drawBox(in: bounds), let device = PixelBox.enclosing(box, on: cr) else {
      return nil
    }
    let pixels = device.intersection(frameBox)
    // Nothing of it in the scratch image: nothing to draw, as cairo would find.
    let kept = pixels.intersection(targetBox)
    guard kept.minX < kept.maxX, kept.minY < kept.maxY else { return nil }
    return pixels
  }

  /// Draws the label on an image over `reach` (device pixels) and copies back the pixels it
  /// shares with `target`, the scratch image `cr` draws on.
  private func paintLabelApart(
    _ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer, reach: PixelBox, target: PixelBuffer
  ) -> Bool {
    let width = reach.maxX - reach.minX
    let height = reach.maxY - reach.minY
    let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else {
      return LabelPainter.paint(style, in: bounds, on: cr, cache: labels, settlesHalfPixels: true)
    }
    let apart = PixelBuffer(
      data: UnsafeMutableRawPointer(data), width: width, height: height,
      stride: Int(cairo_image_surface_get_stride(surface)))
    let shared = reach.intersection(targetBox)
    cairo_surface_flush(cairo_get_target(cr))
    Self.copy(shared, from: target, at: (0, 0), to: apart, at: (reach.minX, reach.minY))
    cairo_surface_mark_dirty(surface)

    let apartCr: OpaquePointer = cairo_create(surface)
    defer { cairo_destroy(apartCr) }
    // The pixel-aligned clip of clipping ancestors, where the full repaint has it too.
    let clip = directClip.intersection(reach)
    if clip.minX > reach.minX || clip.minY > reach.minY || clip.maxX < reach.maxX || clip.maxY < reach.maxY {
      cairo_rectangle(
        apartCr, Double(clip.minX - reach.minX), Double(clip.minY - reach.minY),
        Double(max(0, clip.maxX - clip.minX)), Double(max(0, clip.maxY - clip.minY)))
      cairo_clip(apartCr)
    }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    matrix.x0 -= Double(reach.minX)
    matrix.y0 -= Double(reach.minY)
    cairo_set_matrix(apartCr, &matrix)
    let clipped = LabelPainter.paint(style, in: bounds, on: apartCr, cache: labels, settlesHalfPixels: true)
    cairo_surface_flush(surface)
    Self.copy(shared, from: apart, at: (reach.minX, reach.minY), to: target, at: (0, 0))
    cairo_surface_mark_dirty(cairo_get_target(cr))
    // The current point `cairo_show_text` would have left, on `cr` too.
    if cairo_has_current_point(apartCr) != 0 {
      var point = (x: 0.0, y: 0.0)
      cairo_get_current_point(apartCr, &point.x, &point.y)
      cairo_move_to(cr, point.x, point.y)
    }
    return clipped
  }

  /// Copies the device pixels `box` from `source` (whose first pixel is device pixel
  /// `sourceOrigin`) to `destination` (likewise).
  private static func copy(
    _ box: PixelBox, from source: PixelBuffer, at sourceOrigin: (x: Int, y: Int), to destination: PixelBuffer,
    at destinationOrigin: (x: Int, y: Int)
  ) {
    guard box.minX < box.maxX, box.minY < box.maxY else { return }
    let bytes = (box.maxX - box.minX) * 4
    for row in box.minY..<box.maxY {
      let from = source.data.advanced(
        by: (row - sourceOrigin.y) * source.stride + (box.minX - sourceOrigin.x) * 4)
      let to = destination.data.advanced(
        by: (row - destinationOrigin.y) * destination.stride + (box.minX - destinationOrigin.x) * 4)
      to.copyMemory(from: from, byteCount: bytes)
    }
  }
}
