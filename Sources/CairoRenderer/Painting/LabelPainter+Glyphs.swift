import CCairo

/// A laid-out line's glyphs, converted from its text once (with the layout), placed along the
/// baseline by their advances and shown with `cairo_show_glyphs` (into a label's mask:
/// LabelMasks.swift), each in the face that has it (FontFallback.swift).
extension LabelPainter.Cache {
  /// One glyph of a line: its face, its index in that face's scaled font and its advance in
  /// user space (the scaled glyph's own metrics).
  struct Glyph {
    /// The face the glyph is in: 0 for the label's own, from 1 a fallback face
    /// (``FontFallback/face(_:)``).
    var face: Int
    /// The glyph's index in the font.
    var index: UInt
    /// How far the next glyph starts to the right, in user space.
    var xAdvance: Double
    /// How far the next glyph starts down, in user space (zero for this font's matrix).
    var yAdvance: Double
    /// How far the glyph is moved from where the advances place it, in user space: a shaped
    /// line's marks and joined forms (FontFallback+Shaping.swift), else zero.
    var xOffset = 0.0
    var yOffset = 0.0
  }

  /// A text's `runs` (``FontFallback/runs(of:bold:on:)``) converted to glyphs in `cr`'s current
  /// font (the labels' own) and the fallback faces (empty for a text cairo would draw nothing
  /// of).
  func glyphs(of runs: [FontFallback.Run], on cr: OpaquePointer) -> ContiguousArray<Glyph> {
    if FontFallback.shapes(FontFallback.text(of: runs)) {
      return fallback.shapedGlyphs(of: runs, on: cr)
    }
    return fallback.withScaledFonts(on: cr) { scaledFont in
      var glyphs = ContiguousArray<Glyph>()
      for run in runs {
        guard let font = scaledFont(run.face) else { continue }
        Self.append(String(run.text), face: run.face, in: font, to: &glyphs)
      }
      return glyphs
    }
  }

  /// Appends `text` converted to glyphs in `font`, which is face `face`, to `glyphs` (nothing
  /// for a text cairo would draw nothing of).
  static func append(
    _ text: String, face: Int, in font: OpaquePointer, to glyphs: inout ContiguousArray<Glyph>
  ) {
    var converted: UnsafeMutablePointer<cairo_glyph_t>?
    var count: Int32 = 0
    let status = text.withCString {
      cairo_scaled_font_text_to_glyphs(font, 0, 0, $0, -1, &converted, &count, nil, nil, nil)
    }
    defer { cairo_glyph_free(converted) }
    guard status == CAIRO_STATUS_SUCCESS, let converted, count > 0 else { return }
    if glyphs.isEmpty { glyphs.reserveCapacity(Int(count)) }
    for position in 0..<Int(count) {
      // A glyph alone at the origin: the extents' advance, (0 + advance) - 0, is its own.
      var alone = cairo_glyph_t()  // zeroed: at the origin (no C struct is built by its members)
      alone.index = converted[position].index
      var extents = cairo_text_extents_t()
      cairo_scaled_font_glyph_extents(font, &alone, 1, &extents)
      glyphs.append(
        Glyph(face: face, index: alone.index, xAdvance: extents.x_advance, yAdvance: extents.y_advance))
    }
  }

  /// Shows `glyphs` on `cr` (its font the labels' own), the first one's origin at (`x`, `y`)
  /// and each next one's at the previous one's plus its advance (moved by its offset); each
  /// run of glyphs of one face in that face.
  func show(_ glyphs: ContiguousArray<Glyph>, x: Double, y: Double, on cr: OpaquePointer) {
    FontFallback.place(glyphs, x: x, y: y, into: glyphBuffer.reserve(glyphs.count)) { face, run, count in
      fallback.withFace(face, on: cr) { cairo_show_glyphs(cr, run, Int32(count)) }
    }
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
