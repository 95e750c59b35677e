import CCairo
import GestureKit

/// Laying out a label: its lines measured, truncated with `"…"` to a width, centred, and the
/// box their glyphs can reach.
extension LabelPainter.Cache {
  /// Device pixels added around the lines' ink: glyphs are rasterised with anti-aliasing and
  /// hinting, which may reach a little past the outlines' extents.
  static let inkMargin = 2.0

  /// The layout of `label` with `cr`'s font set up as `LabelPainter.paint` does: each line
  /// truncated to `width` (`.infinity`: as it is).
  func layout(_ label: String, fontSize: Double, width: Double, on cr: OpaquePointer) -> Layout {
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    let key = Key(label: label, fontSize: fontSize, width: width, xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy)
    if let index = recentKeys.firstIndex(of: key) { return recent[index] }
    if let layout = layouts[key] {
      remember(layout, for: key)
      return layout
    }
    var font = cairo_font_extents_t()
    cairo_font_extents(cr, &font)
    let lineHeight = font.height
    let baselineOffset = (font.height + font.ascent - font.descent) / 2
    let lines = label.split(separator: "\n", omittingEmptySubsequences: false)
    let top = -lineHeight * Double(lines.count) / 2
    var laidOut: [Line] = []
    var widest = 0.0
    var ink: Rect?
    for (index, line) in lines.enumerated() {
      var shown = String(line)
      var runs = fallback.runs(of: shown, bold: true, on: cr)
      var extents = fallback.extents(of: runs, on: cr)
      widest = max(widest, extents.x_advance)
      if extents.x_advance > width {
        shown = Self.truncated(line, to: width) { self.extents(of: $0, on: cr).x_advance }
        runs = fallback.runs(of: shown, bold: true, on: cr)
        extents = fallback.extents(of: runs, on: cr)
      }
      let centre = extents.x_bearing + extents.width / 2
      laidOut.append(Line(text: shown, glyphs: glyphs(of: runs, on: cr), centre: centre))
      guard extents.width > 0, extents.height > 0 else { continue }
      // Centred on its ink horizontally, on its baseline vertically.
      let baseline = top + Double(index) * lineHeight + baselineOffset
      let lineInk = Rect(
        x: -extents.width / 2, y: baseline + extents.y_bearing, width: extents.width, height: extents.height)
      ink = ink.map { $0.union(lineInk) } ?? lineInk
    }
    // The margin in user space: device pixels over the matrix's smaller axis scale.
    let scale = min((m.xx * m.xx + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.yy * m.yy).squareRoot())
    let margin = scale > 0 && scale.isFinite ? Self.inkMargin / scale : .infinity
    let colored = laidOut.contains { $0.glyphs.contains { fallback.isColored($0.face) } }
    let layout = Layout(
      lines: laidOut, lineHeight: lineHeight, baselineOffset: baselineOffset, widestAdvance: widest,
      inkReach: ink.map { $0.insetBy(dx: -margin, dy: -margin) }, margin: margin, colored: colored)
    if isSteady(m) {
      if layouts.count >= Self.maximumLayouts { layouts.removeAll(keepingCapacity: true) }
      layouts[key] = layout
    }
    remember(layout, for: key)
    return layout
  }

  /// The layout `LabelPainter.paint` draws `label` with in a view `width` wide (`cr`'s font set
  /// up as it does): the label's own, or truncated to `width` when it is wider.
  func layout(_ label: String, fontSize: Double, fitting width: Double, on cr: OpaquePointer) -> Layout {
    let layout = self.layout(label, fontSize: fontSize, width: .infinity, on: cr)
    guard layout.widestAdvance > width else { return layout }
    return self.layout(label, fontSize: fontSize, width: max(0, width), on: cr)
  }

  /// Keeps `layout` in `recent`, in place of the oldest entry once it is full.
  private func remember(_ layout: Layout, for key: Key) {
    if recentKeys.count < Self.recentLayouts {
      recentKeys.append(key)
      recent.append(layout)
    } else {
      recentKeys[nextRecent] = key
      recent[nextRecent] = layout
      nextRecent = (nextRecent + 1) % Self.recentLayouts
    }
  }

  /// `line` as drawn in `width`: itself when its `advance` fits, else its longest prefix of
  /// whole characters (grapheme clusters) followed by `"…"` that fits, or nothing when not
  /// even `"…"` fits.
  static func truncated(_ line: Substring, to width: Double, advance: (String) -> Double) -> String {
    let whole = String(line)
    if advance(whole) <= width { return whole }
    let ellipsis = LabelPainter.ellipsis
    guard advance(ellipsis) <= width else { return "" }
    // A longer prefix has a larger advance (cairo's conversion does not kern; a shaped line
    // may kern, and a joined letter change its form, by far less than a character): search
    // for the longest that fits, first among prefixes twice as long each time, so that
    // a line of a million characters costs about what its part that fits does.
    let characters = Array(line)
    var fits = 0
    var tooLong = characters.count
    var probe = 16
    while probe < tooLong {
      guard advance(String(characters[..<probe]) + ellipsis) <= width else {
        tooLong = probe
        break
      }
      fits = probe
      probe *= 2
    }
    while tooLong - fits > 1 {
      let middle = (fits + tooLong) / 2
      if advance(String(characters[..<middle]) + ellipsis) <= width {
        fits = middle
      } else {
        tooLong = middle
      }
    }
    return String(characters[..<fits]) + ellipsis
  }

  /// `text`'s extents in `cr`'s font (the labels' own) and the fallback faces, in user space.
  func extents(of text: String, on cr: OpaquePointer) -> cairo_text_extents_t {
    fallback.extents(of: text, bold: true, on: cr)
  }

  /// The lines `label` is drawn as in a view `width` wide, at `fontSize` and scale 1 (for
  /// tests).
  func lines(of label: String, fontSize: Double, width: Double) -> [String] {
    withFont(fontSize: fontSize) { cr in
      var layout = self.layout(label, fontSize: fontSize, width: .infinity, on: cr)
      if layout.widestAdvance > width {
        layout = self.layout(label, fontSize: fontSize, width: width, on: cr)
      }
      return layout.lines.map(\.text)
    }
  }

  /// `text`'s advance at `fontSize` and scale 1 (for tests).
  func advance(of text: String, fontSize: Double) -> Double {
    withFont(fontSize: fontSize) { extents(of: text, on: $0).x_advance }
  }

  /// Sets `cr`'s font as labels are drawn: the labels' face and options at `fontSize`.
  func setFont(_ fontSize: Double, on cr: OpaquePointer) {
    cairo_set_font_face(cr, face)
    cairo_set_font_size(cr, fontSize)
    cairo_set_font_options(cr, options)
  }

  /// Runs `body` with a context on a scratch surface, its font set up as `LabelPainter.paint`
  /// does.
  private func withFont<Result>(fontSize: Double, _ body: (OpaquePointer) -> Result) -> Result {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let cr: OpaquePointer = cairo_create(surface)
    defer {
      cairo_destroy(cr)
      cairo_surface_destroy(surface)
    }
    setFont(fontSize, on: cr)
    return body(cr)
  }
}

extension LabelPainter.Cache.Layout {
  /// Where line `index` starts (`cairo_move_to`'s point) in `bounds`, in user space: centred
  /// across, the lines stacked about the bounds' centre.
  func origin(ofLine index: Int, in bounds: Rect) -> (x: Double, y: Double) {
    let top = bounds.midY - lineHeight * Double(lines.count) / 2
    return (bounds.midX - lines[index].centre, top + Double(index) * lineHeight + baselineOffset)
  }
}
