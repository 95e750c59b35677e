import CCairo

/// Finding the fonts: the fallback list sorted, the first font of it that has a character, and
/// a cairo face made of it.
extension FontFallback {
  /// The face that draws `character` of the weight `bold` says: the first font of the list
  /// that has all of its Unicode scalars, else the face of its first scalar, or 0 (the
  /// context's own face, drawing the missing glyph) when none has that.
  func face(for character: Character, bold: Bool) -> Int {
    let scalars = character.unicodeScalars
    let alone = scalars.count == 1 ? FontKey(bold: bold, number: Int(scalars.first!.value)) : nil
    if let alone, let known = remembered[alone] { return known }
    var found = firstFace(having: scalars, bold: bold, colored: false) ?? 0
    // No font has a letter and its marks together (日 with a stroke overlay, U+0336): the letter's
    // font, which draws the mark's missing glyph beside it, as the context's font would both.
    if found == 0, scalars.count > 1, let first = scalars.first {
      found = face(for: Character(first), bold: bold)
    }
    if let alone {
      if remembered.count >= maximumRemembered { remembered.removeAll(keepingCapacity: true) }
      remembered[alone] = found
    }
    return found
  }

  /// The face of the first colour font of the list (an emoji font) that has all of
  /// `character` but its ``FontFallback/emojiPresentation``, of the weight `bold` says; nil
  /// when none has.
  func emojiFace(for character: Character, bold: Bool) -> Int? {
    let scalars = character.unicodeScalars.filter { $0 != Self.emojiPresentation }
    return scalars.isEmpty ? nil : firstFace(having: scalars, bold: bold, colored: true)
  }

  /// The face of the first font of the list of the weight `bold` says that has all of
  /// `scalars` (only a colour font when `colored`), nil when none has. A font whose file cannot
  /// be read gives no face: the next one that has them is used.
  private func firstFace(having scalars: some Sequence<Unicode.Scalar>, bold: Bool, colored: Bool) -> Int? {
    guard let list = list(bold: bold), let fonts = list.fonts else { return nil }
    for place in 0..<Int(fonts.pointee.nfont) {
      guard let font = fonts.pointee.fonts[place] else { continue }
      var color = FcFalse
      var charset: OpaquePointer?
      guard !colored || (FcPatternGetBool(font, FC_COLOR, 0, &color) == FcResultMatch && color != FcFalse),
        FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
        scalars.allSatisfy({ FcCharSetHasChar(charset, $0.value) != 0 })
      else { continue }
      let face = face(ofFont: font, at: place, in: list.pattern, bold: bold)
      if face != 0 { return face }
    }
    return nil
  }

  /// The face of `font`, at `place` in the list sorted for `pattern`: made the first time (its
  /// pattern as fontconfig prepares it to be drawn for `pattern`, a bold asked of a font
  /// without one made by emboldening), or 0 when cairo cannot make it.
  private func face(ofFont font: OpaquePointer, at place: Int, in pattern: OpaquePointer, bold: Bool) -> Int {
    let key = FontKey(bold: bold, number: place)
    if let known = faceOfFont[key] { return known }
    var number = 0
    if let prepared = FcFontRenderPrepare(nil, pattern, font) {
      if let face = Self.face(for: prepared) {
        var color = FcFalse
        faces.append(face)
        colored.append(FcPatternGetBool(font, FC_COLOR, 0, &color) == FcResultMatch && color != FcFalse)
        number = faces.count
      }
      FcPatternDestroy(prepared)
    }
    faceOfFont[key] = number
    return number
  }

  /// A cairo face for the font `pattern` names (its file and index), or nil when its file
  /// cannot be read as a font: gone, or cut short since fontconfig last read it (a font package
  /// upgraded while the app runs). Tried with a scaled font, which opens the file: set on a
  /// context, a face that cannot be opened would put the context in an error state, so that
  /// nothing more of the frame could be drawn.
  static func face(for pattern: OpaquePointer) -> OpaquePointer? {
    guard let face = cairo_ft_font_face_create_for_pattern(pattern) else { return nil }
    var identity = cairo_matrix_t()
    cairo_matrix_init_identity(&identity)
    let options = cairo_font_options_create()
    let trial = cairo_scaled_font_create(face, &identity, &identity, options)
    let usable =
      cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS
      && cairo_scaled_font_status(trial) == CAIRO_STATUS_SUCCESS
    cairo_scaled_font_destroy(trial)
    cairo_font_options_destroy(options)
    guard usable else {
      cairo_font_face_destroy(face)
      return nil
    }
    return face
  }

  /// The fallback list of the weight `bold` says, sorted the first time: sans-serif, upright,
  /// of fontconfig's bold or regular weight (the toy font API's two), substituted as the
  /// configuration says, and the fonts that add nothing to those before them trimmed.
  private func list(bold: Bool) -> (pattern: OpaquePointer, fonts: UnsafeMutablePointer<FcFontSet>?)? {
    if let list = lists[bold] { return list }
    guard let pattern = FcPatternCreate() else { return nil }
    _ = LabelPainter.family.withCString {
      $0.withMemoryRebound(to: FcChar8.self, capacity: LabelPainter.family.utf8.count + 1) {
        FcPatternAddString(pattern, FC_FAMILY, $0)
      }
    }
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    let fonts = FcFontSort(nil, pattern, FcTrue, nil, &result)
    let list = (pattern: pattern, fonts: fonts)
    lists[bold] = list
    return list
  }
}
