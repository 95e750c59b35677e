import CCairo
import GestureKit

/// The fonts that draw the characters the interface's font has no glyph for, such as Chinese,
/// Japanese and Korean in a sans-serif without them: fontconfig's fallback list for that font
/// (`FcFontSort`, the list GTK's Pango draws from), each character in the first font of the
/// list that has all of it.
///
/// A text is split into runs of characters drawn in one face (``runs(of:bold:on:)``): the
/// context's own face wherever it has the glyphs, which is the whole text of nearly every
/// label, at the cost of checking the glyphs cairo converts it to for the missing glyph
/// (index 0). The list is sorted once per weight, the first time a character is missing, and
/// a face is made once per font of it that draws something (FontFallback+Fonts.swift).
///
/// Why not Pango, which would also shape joined scripts (Arabic, the Indic scripts) and lay
/// right-to-left text out right to left: linking pangocairo loads 16 more libraries (GLib,
/// GIO, HarfBuzz, FriBidi and theirs), 1.6 ms more before `main` on the bench machine
/// (BENCHMARKS.md, session 37), against a start-up of about 14 ms that issue 32 holds to a
/// quarter of GTK 4's (about 56 ms). fontconfig is loaded with cairo already. Lines that need
/// shaping are shaped with HarfBuzz and FriBidi, loaded when first needed
/// (FontFallback+Shaping.swift).
final class FontFallback {
  /// Characters of a text drawn in one face.
  struct Run {
    /// 0: the context's own face; from 1: ``face(_:)``.
    var face: Int
    /// The characters.
    var text: Substring
  }

  /// Characters whose face is remembered at most by default; the memory is emptied when full.
  static let maximumRemembered = 1 << 16

  /// Characters whose face is remembered at most.
  let maximumRemembered: Int

  // What follows is kept by FontFallback+Fonts.swift (the list, the faces); nothing else
  // changes it.

  /// The sorted fallback list of each weight (bold or not): the pattern asked for, and the
  /// fonts (nil when fontconfig gave none).
  var lists: [Bool: (pattern: OpaquePointer, fonts: UnsafeMutablePointer<FcFontSet>?)] = [:]
  /// The faces made, face `n` at `n - 1`.
  var faces: [OpaquePointer] = []
  /// Whether each face's font has colour glyphs (fontconfig's `FC_COLOR`), face `n` at `n - 1`.
  var colored: [Bool] = []
  /// The face made of each font of a list: the weight and the font's place in the list.
  var faceOfFont: [FontKey: Int] = [:]
  /// The face found for a character alone (one Unicode scalar) and a weight.
  var remembered: [FontKey: Int] = [:]

  /// HarfBuzz's font of each face shaped (FontFallback+Shaping.swift), with the FreeType face
  /// it reads, and the buffer segments are shaped in.
  var shapingFonts: [Int: (face: FT_Face, font: OpaquePointer)] = [:]
  var shapingBufferMade: OpaquePointer?
  /// Lines shaped lately, by text, weight and font size (FontFallback+Shaping.swift), and how
  /// many glyphs they hold in all.
  var shaped: [ShapedKey: ContiguousArray<LabelPainter.Cache.Glyph>] = [:]
  var shapedGlyphCount = 0
  /// How many lines were shaped rather than found remembered (for tests).
  var linesShaped = 0
  /// The placed glyphs of a shaped line being measured or drawn, reused from line to line
  /// (FontFallback+ShapedGlyphs.swift, `DrawingContext`).
  let placedGlyphs = GlyphBuffer()

  /// A weight and a number: a font's place in that weight's list, or a Unicode scalar.
  struct FontKey: Hashable {
    var bold: Bool
    var number: Int
  }

  /// Fallback faces for the labels and custom drawing's text, remembering the faces of at most
  /// `maximumRemembered` characters.
  init(maximumRemembered: Int = FontFallback.maximumRemembered) {
    self.maximumRemembered = maximumRemembered
  }

  /// How many characters' faces are remembered (for tests).
  var rememberedCount: Int { remembered.count }

  deinit {
    // Only made once the shaping library is loaded.
    if !shapingFonts.isEmpty || shapingBufferMade != nil, let library = ShapingLibrary.functions {
      for made in shapingFonts.values { library.font_destroy(made.font) }
      if let buffer = shapingBufferMade { library.buffer_destroy(buffer) }
    }
    for face in faces { cairo_font_face_destroy(face) }
    for list in lists.values {
      if let fonts = list.fonts { FcFontSetDestroy(fonts) }
      FcPatternDestroy(list.pattern)
    }
  }

  /// Face `number` (from 1) of ``Run/face``.
  func face(_ number: Int) -> OpaquePointer {
    faces[number - 1]
  }

  /// Whether face `number` of ``Run/face`` draws its glyphs in their own colours (an emoji
  /// font such as Noto Color Emoji), not in the colour they are drawn with: such glyphs have
  /// no outline to fill and are shown, and a mask of them keeps their colours. Face 0 (the
  /// context's own, sans-serif) never does.
  func isColored(_ number: Int) -> Bool {
    number > 0 && colored[number - 1]
  }

  /// `text` split into runs that `cr`'s current font (sans-serif of the weight `bold` says) and
  /// the fallback faces draw: one run of face 0 when that font has a glyph for every character
  /// and none asks to be an emoji. A character that does (followed by U+FE0F) is drawn by the
  /// first colour font of the list that has it, as GTK draws it, when there is one.
  func runs(of text: String, bold: Bool, on cr: OpaquePointer) -> [Run] {
    let missing = Self.missingBytes(of: text, on: cr)
    let asksForEmoji = Self.asksForEmoji(text)
    guard missing != nil || asksForEmoji else { return [Run(face: 0, text: text[...])] }
    var runs: [Run] = []
    var start = text.startIndex
    var face = 0
    var offset = 0
    for index in text.indices {
      let character = text[index]
      let length = character.utf8.count
      let lacking = missing.map { $0[offset..<min(offset + length, $0.count)].contains(true) } ?? false
      offset += length
      let emoji =
        asksForEmoji && character.unicodeScalars.contains(Self.emojiPresentation)
        ? emojiFace(for: character, bold: bold) : nil
      let chosen = emoji ?? (lacking ? self.face(for: character, bold: bold) : 0)
      guard chosen != face else { continue }
      if index > start { runs.append(Run(face: face, text: text[start..<index])) }
      start = index
      face = chosen
    }
    runs.append(Run(face: face, text: text[start...]))
    return runs
  }

  /// U+FE0F, the variation selector that asks for the character before it to be shown as an
  /// emoji ("❤️"), where that character alone is text ("❤").
  static let emojiPresentation = Unicode.Scalar(0xFE0F)!

  /// Whether `text` holds ``emojiPresentation``.
  static func asksForEmoji(_ text: String) -> Bool {
    text.unicodeScalars.contains(emojiPresentation)
  }

  /// Runs `body` with `cr`'s font face set to `face` (0: left as it is), then sets it back.
  func withFace<Result>(_ face: Int, on cr: OpaquePointer, _ body: () -> Result) -> Result {
    guard face != 0, let own = cairo_get_font_face(cr) else { return body() }
    cairo_font_face_reference(own)
    cairo_set_font_face(cr, self.face(face))
    defer {
      cairo_set_font_face(cr, own)
      cairo_font_face_destroy(own)
    }
    return body()
  }

  /// Runs `body` with a lookup of each face's scaled font as `cr` would draw with it (its font
  /// matrix, device matrix and font options; face 0: `cr`'s own), each made once, so that
  /// runs of the faces may be measured and converted without setting `cr`'s face for each.
  func withScaledFonts<Result>(on cr: OpaquePointer, _ body: ((Int) -> OpaquePointer?) -> Result) -> Result {
    var made: [Int: OpaquePointer] = [:]
    defer { for font in made.values { cairo_scaled_font_destroy(font) } }
    return body { face in
      if face == 0 { return cairo_get_scaled_font(cr) }
      if let font = made[face] { return font }
      var fontMatrix = cairo_matrix_t()
      cairo_get_font_matrix(cr, &fontMatrix)
      var device = cairo_matrix_t()
      cairo_get_matrix(cr, &device)
      // A scaled font does not depend on where it is drawn.
      device.x0 = 0
      device.y0 = 0
      let options = cairo_font_options_create()
      defer { cairo_font_options_destroy(options) }
      cairo_get_font_options(cr, options)
      guard let font = cairo_scaled_font_create(self.face(face), &fontMatrix, &device, options) else {
        return nil
      }
      made[face] = font
      return font
    }
  }

  /// The extents of `text` drawn on `cr` (its current font sans-serif of the weight `bold`
  /// says) with its runs one after the other: `cairo_text_extents` of the whole when it is one
  /// run, else the runs' advances added and their ink boxes joined.
  func extents(of text: String, bold: Bool, on cr: OpaquePointer) -> cairo_text_extents_t {
    extents(of: runs(of: text, bold: bold, on: cr), on: cr)
  }

  /// The extents of `runs` (of a text, from ``runs(of:bold:on:)``) drawn on `cr` one after the
  /// other: `cairo_text_extents` of the text when it is one run of face 0, else the runs'
  /// advances added and their ink boxes joined.
  func extents(of runs: [Run], on cr: OpaquePointer) -> cairo_text_extents_t {
    var total = cairo_text_extents_t()
    if Self.shapes(Self.text(of: runs)) {
      return shapedExtents(of: shapedGlyphs(of: runs, on: cr), on: cr)
    }
    guard runs.count > 1 || runs[0].face != 0 else {
      cairo_text_extents(cr, String(runs[0].text), &total)
      return total
    }
    var ink: Rect?
    withScaledFonts(on: cr) { scaledFont in
      for run in runs {
        guard let font = scaledFont(run.face) else { continue }
        var extents = cairo_text_extents_t()
        cairo_scaled_font_text_extents(font, String(run.text), &extents)
        if extents.width > 0, extents.height > 0 {
          let box = Rect(
            x: total.x_advance + extents.x_bearing, y: total.y_advance + extents.y_bearing,
            width: extents.width, height: extents.height)
          ink = ink.map { $0.union(box) } ?? box
        }
        total.x_advance += extents.x_advance
        total.y_advance += extents.y_advance
      }
    }
    return Self.extents(advance: (total.x_advance, total.y_advance), ink: ink)
  }

  /// The extents of text that advances by `advance` and inks `ink` (nil: nothing).
  static func extents(advance: (x: Double, y: Double), ink: Rect?) -> cairo_text_extents_t {
    var total = cairo_text_extents_t()  // zeroed (no C struct is built by its members)
    total.x_advance = advance.x
    total.y_advance = advance.y
    if let ink {
      total.x_bearing = ink.minX
      total.y_bearing = ink.minY
      total.width = ink.width
      total.height = ink.height
    }
    return total
  }

  /// Which of `text`'s UTF-8 bytes belong to a character `cr`'s current font draws with the
  /// missing glyph (index 0), by the clusters cairo converts it into; nil when there is none
  /// (or cairo cannot convert it).
  static func missingBytes(of text: String, on cr: OpaquePointer) -> [Bool]? {
    guard let font = cairo_get_scaled_font(cr) else { return nil }
    var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
    var glyphCount: Int32 = 0
    var clusters: UnsafeMutablePointer<cairo_text_cluster_t>?
    var clusterCount: Int32 = 0
    var flags = cairo_text_cluster_flags_t(0)
    let status = text.withCString {
      cairo_scaled_font_text_to_glyphs(
        font, 0, 0, $0, -1, &glyphs, &glyphCount, &clusters, &clusterCount, &flags)
    }
    defer {
      cairo_glyph_free(glyphs)
      cairo_text_cluster_free(clusters)
    }
    guard status == CAIRO_STATUS_SUCCESS, let glyphs, let clusters,
      (0..<Int(glyphCount)).contains(where: { glyphs[$0].index == 0 })
    else { return nil }
    var missing = [Bool](repeating: false, count: text.utf8.count)
    let backward = flags.rawValue & CAIRO_TEXT_CLUSTER_FLAG_BACKWARD.rawValue != 0
    var byte = 0
    var glyph = backward ? Int(glyphCount) : 0
    for cluster in UnsafeBufferPointer(start: clusters, count: Int(clusterCount)) {
      let bytes = Int(cluster.num_bytes)
      let count = Int(cluster.num_glyphs)
      if backward { glyph -= count }
      let range = max(0, glyph)..<min(Int(glyphCount), glyph + count)
      if range.contains(where: { glyphs[$0].index == 0 }) {
        for position in min(byte, missing.count)..<min(byte + bytes, missing.count) {
          missing[position] = true
        }
      }
      if !backward { glyph += count }
      byte += bytes
    }
    return missing
  }
}
