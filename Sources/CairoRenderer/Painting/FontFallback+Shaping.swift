import CCairo
import GestureKit

/// Lines that a character-by-character conversion draws wrong, shaped with HarfBuzz and laid
/// out in visual order with FriBidi: Arabic joined, the Indic and South-East Asian scripts'
/// clusters formed, Hebrew and Arabic right to left within a line, emoji sequences (families,
/// flags, skin tones, keycaps) as one picture each.
///
/// Every other line (Latin, Greek, Cyrillic, Chinese, Japanese, Korean, a single emoji) is
/// converted by cairo as before (``needsShaping(_:)`` says which). Shaping runs on the faces
/// cairo draws with: HarfBuzz reads each one's OpenType tables through the FreeType face cairo
/// holds, while cairo holds it locked (`cairo_ft_scaled_font_lock_face`), and its glyph
/// indices are the ones cairo shows. Advances are the font's own, unhinted, in user space.
///
/// Why these two libraries and not Pango (1.6 ms more before `main`, session 37), and why they
/// are loaded only when a line needs them (``ShapingLibrary``): linked, HarfBuzz (with GLib
/// and graphite2) and FriBidi cost every process 1.2 MiB more peak memory, against issue 32's
/// half of GTK 4's, and 0.35 ms before `main` (BENCHMARKS.md, session 38). Without them (not
/// installed), such lines are converted by cairo as other lines are.
extension FontFallback {
  /// Whether `text` has a character that needs shaping or reordering: a right-to-left,
  /// joined or clustered script, a bidirectional control, a zero-width joiner, a keycap, a
  /// regional indicator, a skin tone or a tag.
  static func needsShaping(_ text: Substring) -> Bool {
    for scalar in text.unicodeScalars where scalar.value >= 0x0590 {
      switch scalar.value {
      case 0x0590...0x08FF,  // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
        0x0900...0x0DFF,  // Devanagari to Sinhala
        0x0E00...0x0FFF,  // Thai, Lao, Tibetan
        0x1000...0x109F,  // Myanmar
        0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF,  // Hangul's conjoining jamo
        0x1780...0x18AF,  // Khmer, Mongolian
        0x1A00...0x1BFF,  // Buginese, Tai Tham, Balinese, Sundanese, Batak
        0xA800...0xA8FF, 0xA980...0xAAFF, 0xABC0...0xABFF,  // more Indic and South-East Asian
        0x11000...0x11FFF,  // Brahmi and the historic Indic scripts
        0x200D...0x200F,  // zero-width joiner, left-to-right and right-to-left marks
        0x202A...0x202E, 0x2066...0x2069,  // bidirectional embeddings and isolates
        0x20E3,  // the keycap
        0xFB1D...0xFDFF, 0xFE70...0xFEFF,  // Hebrew and Arabic presentation forms
        0x10800...0x10FFF, 0x1E800...0x1EFFF,  // right-to-left historic scripts, Adlam
        0x1F1E6...0x1F1FF,  // regional indicators (flags)
        0x1F3FB...0x1F3FF,  // skin tones
        0xE0020...0xE007F:  // tags (flags of regions)
        return true
      default: continue
      }
    }
    return false
  }

  /// The longest line shaped, in UTF-8 bytes (4,096 characters or more): a longer one is
  /// converted by cairo as other lines are. No label shows that much on one line, and a line
  /// of a million Arabic letters shaped whole took 0.9 s and 195 MB (against 0.34 s and 84 MB
  /// converted), a million alternating with Hebrew ones 2 s.
  static let maximumShapedBytes = 16_384

  /// Whether `text` is shaped when drawn: it needs it, it is at most ``maximumShapedBytes``
  /// long, and HarfBuzz and FriBidi are there (loaded the first time this asks).
  static func shapes(_ text: Substring) -> Bool {
    text.utf8.count <= maximumShapedBytes && needsShaping(text) && ShapingLibrary.functions != nil
  }

  /// The text `runs` (from ``runs(of:bold:on:)``) cover.
  static func text(of runs: [Run]) -> Substring {
    guard let first = runs.first, let last = runs.last else { return "" }
    return first.text.base[first.text.startIndex..<last.text.endIndex]
  }

  /// A stretch of a line in one face and at one bidirectional level: shaped at once.
  struct Segment {
    /// Its characters: Unicode scalars of the line, from and up to.
    var start: Int
    var end: Int
    /// Its embedding level: odd for right to left.
    var level: Int8
    /// Its face (``Run/face``).
    var face: Int
  }

  /// A shaped line's text, weight and font size (the font matrix's scale): what its glyphs
  /// depend on. Not the drawing's matrix: advances and offsets are the font's own, unhinted,
  /// so a label turned or pinched every frame is shaped once.
  struct ShapedKey: Hashable {
    var text: Substring
    var bold: Bool
    var xx: Double
    var yy: Double
  }

  /// Glyphs the lines remembered by ``shapedGlyphs(of:on:)`` may hold in all (48 bytes each);
  /// the memory is emptied when a line would pass it.
  static let maximumShapedGlyphs = 1 << 16

  /// `runs`' glyphs shaped and in visual order, left to right, with their faces, advances and
  /// offsets in `cr`'s user space (its current font, sans-serif, being face 0); remembered
  /// for the text, weight and font size.
  func shapedGlyphs(of runs: [Run], on cr: OpaquePointer) -> ContiguousArray<LabelPainter.Cache.Glyph> {
    var matrix = cairo_matrix_t()
    cairo_get_font_matrix(cr, &matrix)
    // Face 0 is sans-serif of a weight (a toy face; asking another face its weight would put
    // that face in error).
    let own = cairo_get_font_face(cr)
    let bold =
      cairo_font_face_get_type(own) == CAIRO_FONT_TYPE_TOY
      && cairo_toy_font_face_get_weight(own) == CAIRO_FONT_WEIGHT_BOLD
    let key = ShapedKey(text: Self.text(of: runs), bold: bold, xx: matrix.xx, yy: matrix.yy)
    if let glyphs = shaped[key] { return glyphs }
    let glyphs = shape(runs, bold: bold, scale: (matrix.xx, matrix.yy), on: cr)
    linesShaped += 1
    if shapedGlyphCount + glyphs.count > Self.maximumShapedGlyphs {
      shaped.removeAll(keepingCapacity: true)
      shapedGlyphCount = 0
    }
    if glyphs.count <= Self.maximumShapedGlyphs {
      shaped[key] = glyphs
      shapedGlyphCount += glyphs.count
    }
    return glyphs
  }

  /// `runs` shaped (``shapedGlyphs(of:on:)``), face 0 of weight `bold`, at the font matrix's
  /// `scale`.
  private func shape(
    _ runs: [Run], bold: Bool, scale: (x: Double, y: Double), on cr: OpaquePointer
  ) -> ContiguousArray<LabelPainter.Cache.Glyph> {
    var glyphs = ContiguousArray<LabelPainter.Cache.Glyph>()
    let scalars = Self.text(of: runs).unicodeScalars.map(\.value)
    guard !scalars.isEmpty, let library = ShapingLibrary.functions else { return glyphs }
    var faces: [Int] = []
    faces.reserveCapacity(scalars.count)
    for run in runs {
      faces.append(contentsOf: repeatElement(run.face, count: run.text.unicodeScalars.count))
    }
    let levels = Self.bidiLevels(of: scalars, using: library)
    var segments: [Segment] = []
    var start = 0
    for end in 1...scalars.count
    where end == scalars.count || faces[end] != faces[start] || levels[end] != levels[start] {
      segments.append(Segment(start: start, end: end, level: levels[start], face: faces[start]))
      start = end
    }
    Self.reorder(&segments)
    withScaledFonts(on: cr) { scaledFont in
      for segment in segments {
        guard let font = scaledFont(segment.face) else { continue }
        shape(scalars, segment, bold: bold, in: font, scale: scale, using: library, into: &glyphs)
      }
    }
    return glyphs
  }

  /// The embedding level of each of `scalars` (a line, its direction that of its first strong
  /// character): FriBidi's, all 0 should it fail.
  static func bidiLevels(of scalars: [UInt32], using library: gp_shaping) -> [Int8] {
    paragraph(of: scalars, using: library)?.levels ?? [Int8](repeating: 0, count: scalars.count)
  }

  /// FriBidi's embedding level of each of `scalars` and whether their paragraph runs right to
  /// left (its first strong character does: Unicode rule P2); nil should FriBidi fail.
  private static func paragraph(of scalars: [UInt32], using library: gp_shaping) -> (
    levels: [Int8], rightToLeft: Bool
  )? {
    let count = Int32(scalars.count)
    var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
    var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
    var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
    var direction = gp_fribidi_par_on()
    library.get_bidi_types(scalars, count, &types)
    library.get_bracket_types(scalars, count, types, &brackets)
    guard library.get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) > 0 else {
      return nil
    }
    return (levels, direction == gp_fribidi_par_rtl())
  }

  /// Whether `text` reads as a right-to-left paragraph: its first strong character is a
  /// right-to-left letter (Arabic, Hebrew...). Only text that is shaped can be: text that
  /// needs no shaping has no such letter, and without HarfBuzz and FriBidi every line is
  /// drawn left to right.
  static func isRightToLeft(_ text: Substring) -> Bool {
    guard shapes(text), let library = ShapingLibrary.functions else { return false }
    return paragraph(of: text.unicodeScalars.map(\.value), using: library)?.rightToLeft ?? false
  }

  /// Puts `segments` (in the line's order) in visual order: from the highest level down to
  /// the lowest odd one, every run of segments at that level or higher is reversed (rule L2
  /// of the Unicode bidirectional algorithm).
  static func reorder(_ segments: inout [Segment]) {
    guard let highest = segments.map(\.level).max(), let lowest = segments.map(\.level).min() else { return }
    var level = highest
    while level >= lowest | 1 {
      var index = 0
      while index < segments.count {
        guard segments[index].level >= level else {
          index += 1
          continue
        }
        var end = index
        while end < segments.count, segments[end].level >= level { end += 1 }
        segments[index..<end].reverse()
        index = end
      }
      level -= 1
    }
  }

  /// Shapes `segment` of `scalars` in `font` (its face's scaled font; HarfBuzz sees the whole
  /// line as context) and appends its glyphs, left to right, to `glyphs`; `scale` is the font
  /// matrix's (the font size in user space). A font that is not FreeType's (cairo on Linux
  /// draws only those) has its segment converted by cairo instead.
  private func shape(
    _ scalars: [UInt32], _ segment: Segment, bold: Bool, in font: OpaquePointer,
    scale: (x: Double, y: Double), using library: gp_shaping,
    into glyphs: inout ContiguousArray<LabelPainter.Cache.Glyph>
  ) {
    guard let face = cairo_ft_scaled_font_lock_face(font) else {
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[segment.start..<segment.end].compactMap(Unicode.Scalar.init))
      return LabelPainter.Cache.append(String(text), face: segment.face, in: font, to: &glyphs)
    }
    defer { cairo_ft_scaled_font_unlock_face(font) }
    guard
      let shaper = harfBuzzFont(
        for: segment.face == 0 ? (bold ? -2 : -1) : segment.face, reading: face, using: library),
      let buffer = shapingBuffer(using: library)
    else { return }
    library.buffer_clear_contents(buffer)
    library.buffer_add_utf32(
      buffer, scalars, Int32(scalars.count), UInt32(segment.start), Int32(segment.end - segment.start))
    library.buffer_set_direction(buffer, segment.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    library.buffer_guess_segment_properties(buffer)
    library.shape(shaper, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = library.buffer_get_glyph_infos(buffer, &count),
      let positions = library.buffer_get_glyph_positions(buffer, &count)
    else { return }
    let unitsPerEm = Double(library.face_get_upem(library.font_get_face(shaper)))
    let (x, y) = (scale.x / unitsPerEm, scale.y / unitsPerEm)
    for index in 0..<Int(count) {
      let position = positions[index]
      // HarfBuzz's y axis points up, cairo's down.
      glyphs.append(
        LabelPainter.Cache.Glyph(
          face: segment.face, index: UInt(infos[index].codepoint), xAdvance: Double(position.x_advance) * x,
          yAdvance: -Double(position.y_advance) * y, xOffset: Double(position.x_offset) * x,
          yOffset: -Double(position.y_offset) * y))
    }
  }

  /// HarfBuzz's font for `key` (a fallback face's number; -1 and -2 for sans-serif, regular
  /// and bold), reading the tables of `face` (the FreeType face cairo holds locked), at the
  /// font's own units per em. Made again when cairo's face for it is another one (cairo
  /// closed the file and opened it again: the same font's tables).
  ///
  /// HarfBuzz's face holds no reference of its own to the FreeType face (`hb_ft_face_create`,
  /// not `_referenced`): it reads tables only while shaping, under cairo's lock, and
  /// destroying it never calls FreeType, which FreeType requires be serialised with cairo's
  /// own `FT_Done_Face` calls on other threads (the font warm-up's).
  private func harfBuzzFont(for key: Int, reading face: FT_Face, using library: gp_shaping) -> OpaquePointer?
  {
    if let made = shapingFonts[key], made.face == face { return made.font }
    if let old = shapingFonts.removeValue(forKey: key) { library.font_destroy(old.font) }
    guard let shapingFace = library.ft_face_create(face, nil) else { return nil }
    defer { library.face_destroy(shapingFace) }
    guard let font = library.font_create(shapingFace) else { return nil }
    let unitsPerEm = Int32(library.face_get_upem(shapingFace))
    library.font_set_scale(font, unitsPerEm, unitsPerEm)
    shapingFonts[key] = (face, font)
    return font
  }

  /// The HarfBuzz buffer every segment is shaped in, made once.
  private func shapingBuffer(using library: gp_shaping) -> OpaquePointer? {
    if let buffer = shapingBufferMade { return buffer }
    shapingBufferMade = library.buffer_create()
    return shapingBufferMade
  }
}
