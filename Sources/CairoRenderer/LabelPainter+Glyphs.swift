import CCairo

/// Drawing a laid-out line with `cairo_show_glyphs`, its glyphs converted from its text once
/// (with the layout) and placed exactly where `cairo_show_text` would place them.
///
/// `cairo_show_text(cr, text)` reads the current point back (`cairo_get_current_point`: the
/// device point `cairo_move_to` stored, in 24.8 fixed point, mapped back to user space),
/// converts `text` with `cairo_scaled_font_text_to_glyphs` from there, which puts the first
/// glyph at that point and each next one at the previous one's position plus the previous
/// glyph's advance (`x += advance`, summed left to right), shows those glyphs
/// (`cairo_show_glyphs` does the same with the glyphs it is given) and moves the current point
/// to the last glyph's position plus its advance as `cairo_scaled_font_glyph_extents` gives it.
/// `show` repeats that arithmetic, in the same order, from the same current point, with the
/// glyph indices and advances the same scaled font gave: the same doubles reach cairo, so the
/// pixels are the same bit for bit at any origin and matrix.
extension LabelPainter.Cache {
  /// One glyph of a line: its index in the label's scaled font and its advance in user space
  /// (the scaled glyph's own metrics, which `cairo_scaled_font_text_to_glyphs` sums).
  struct Glyph {
    /// The glyph's index in the font.
    var index: UInt
    /// How far the next glyph starts to the right, in user space.
    var xAdvance: Double
    /// How far the next glyph starts down, in user space (zero for this font's matrix).
    var yAdvance: Double
  }

  /// `text` converted to glyphs in `cr`'s current scaled font, as `cairo_show_text` converts
  /// it (empty for a text cairo would draw nothing of).
  static func glyphs(of text: String, on cr: OpaquePointer) -> ContiguousArray<Glyph> {
    guard let font = cairo_get_scaled_font(cr) else { return [] }
    var converted: UnsafeMutablePointer<cairo_glyph_t>?
    var count: Int32 = 0
    let status = text.withCString {
      cairo_scaled_font_text_to_glyphs(font, 0, 0, $0, -1, &converted, &count, nil, nil, nil)
    }
    defer { cairo_glyph_free(converted) }
    guard status == CAIRO_STATUS_SUCCESS, let converted, count > 0 else { return [] }
    var glyphs = ContiguousArray<Glyph>()
    glyphs.reserveCapacity(Int(count))
    for position in 0..<Int(count) {
      // A glyph alone at the origin: the extents' advance, (0 + advance) - 0, is its own.
      var alone = cairo_glyph_t(index: converted[position].index, x: 0, y: 0)
      var extents = cairo_text_extents_t()
      cairo_scaled_font_glyph_extents(font, &alone, 1, &extents)
      glyphs.append(Glyph(index: alone.index, xAdvance: extents.x_advance, yAdvance: extents.y_advance))
    }
    return glyphs
  }

  /// Shows `glyphs` as `cairo_move_to(cr, x, y)` then `cairo_show_text` of their text would,
  /// and returns where `cairo_show_text` would leave the current point (the caller moves there
  /// once, after its last line: consecutive moves leave the path as the last one does).
  func show(_ glyphs: ContiguousArray<Glyph>, x: Double, y: Double, on cr: OpaquePointer) -> (
    x: Double, y: Double
  ) {
    let placed = place(glyphs, x: x, y: y, on: cr)
    cairo_show_glyphs(cr, placed.glyphs, Int32(glyphs.count))
    return placed.end
  }

  /// Moves to (`x`, `y`) and places `glyphs` in the glyph buffer where `cairo_show_text` would
  /// place them from there; returns the buffer and where `cairo_show_text` would leave the
  /// current point. With no glyphs (a text starting with NUL) that is (`x`, `y`), which a move
  /// there again gives.
  func place(_ glyphs: ContiguousArray<Glyph>, x: Double, y: Double, on cr: OpaquePointer) -> (
    glyphs: UnsafeMutablePointer<cairo_glyph_t>, end: (x: Double, y: Double)
  ) {
    cairo_move_to(cr, x, y)
    let placed = glyphBuffer.reserve(glyphs.count)
    guard !glyphs.isEmpty else { return (placed, (x, y)) }
    var penX = 0.0
    var penY = 0.0
    cairo_get_current_point(cr, &penX, &penY)
    var last = cairo_glyph_t()
    var lastAdvance = (x: 0.0, y: 0.0)
    for (position, glyph) in glyphs.enumerated() {
      last = cairo_glyph_t(index: glyph.index, x: penX, y: penY)
      placed[position] = last
      lastAdvance = (glyph.xAdvance, glyph.yAdvance)
      penX += glyph.xAdvance
      penY += glyph.yAdvance
    }
    // cairo_show_text: the last glyph's position plus its extents' advance, which is
    // (position + advance) - position.
    let end = (last.x + ((last.x + lastAdvance.x) - last.x), last.y + ((last.y + lastAdvance.y) - last.y))
    return (placed, end)
  }
}

/// A glyph array reused by every line drawn, so that drawing allocates nothing once it is as
/// long as the longest line.
final class GlyphBuffer {
  /// Glyphs the buffer holds at first.
  static let initialCapacity = 64

  /// The glyphs' storage.
  private var storage: UnsafeMutablePointer<cairo_glyph_t>
  /// How many glyphs `storage` holds.
  private(set) var capacity: Int

  /// An empty buffer of `initialCapacity` glyphs.
  init() {
    capacity = Self.initialCapacity
    storage = .allocate(capacity: capacity)
  }

  /// Frees the storage.
  deinit {
    storage.deallocate()
  }

  /// Storage for at least `count` glyphs (its contents undefined), grown when too small.
  func reserve(_ count: Int) -> UnsafeMutablePointer<cairo_glyph_t> {
    if count > capacity {
      storage.deallocate()
      capacity = max(count, capacity * 2)
      storage = .allocate(capacity: capacity)
    }
    return storage
  }
}
