import CCairo
import GestureKit

/// Shaped glyphs (FontFallback+Shaping.swift) measured and placed for drawing.
extension FontFallback {
  /// The extents of shaped `glyphs` (``shapedGlyphs(of:on:)``) drawn on `cr` from the origin:
  /// their advances added and their ink boxes joined.
  func shapedExtents(of glyphs: ContiguousArray<LabelPainter.Cache.Glyph>, on cr: OpaquePointer)
    -> cairo_text_extents_t
  {
    guard !glyphs.isEmpty else { return cairo_text_extents_t() }
    var advance = (x: 0.0, y: 0.0)
    let placed = placedGlyphs.reserve(glyphs.count)
    var ink: Rect?
    withScaledFonts(on: cr) { scaledFont in
      let end = Self.place(glyphs, x: 0, y: 0, into: placed) { face, run, count in
        guard let font = scaledFont(face) else { return }
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font, run, Int32(count), &extents)
        guard extents.width > 0, extents.height > 0 else { return }
        // Relative to the first glyph's origin.
        let box = Rect(
          x: run[0].x + extents.x_bearing, y: run[0].y + extents.y_bearing, width: extents.width,
          height: extents.height)
        ink = ink.map { $0.union(box) } ?? box
      }
      advance = end
    }
    return Self.extents(advance: advance, ink: ink)
  }

  /// Places `glyphs` into `placed` (room for all of them), the first one's origin at (`x`,
  /// `y`) and each next one's at the previous one's plus its advance, each moved by its
  /// offset; calls `body` for each run of glyphs of one face (the face, the run's first placed
  /// glyph, how many). Returns where a next glyph would start.
  @discardableResult
  static func place(
    _ glyphs: ContiguousArray<LabelPainter.Cache.Glyph>, x: Double, y: Double,
    into placed: UnsafeMutablePointer<cairo_glyph_t>,
    _ body: (Int, UnsafeMutablePointer<cairo_glyph_t>, Int) -> Void
  ) -> (x: Double, y: Double) {
    var pen = (x: x, y: y)
    var runStart = 0
    for (position, glyph) in glyphs.enumerated() {
      if glyph.face != glyphs[runStart].face {
        body(glyphs[runStart].face, placed + runStart, position - runStart)
        runStart = position
      }
      var placedGlyph = cairo_glyph_t()  // zeroed (no C struct is built by its members)
      placedGlyph.index = glyph.index
      placedGlyph.x = pen.x + glyph.xOffset
      placedGlyph.y = pen.y + glyph.yOffset
      placed[position] = placedGlyph
      pen.x += glyph.xAdvance
      pen.y += glyph.yAdvance
    }
    if runStart < glyphs.count { body(glyphs[runStart].face, placed + runStart, glyphs.count - runStart) }
    return pen
  }
}
