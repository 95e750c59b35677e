import CCairo
import GestureKit

/// A view that paints content of its own (a finger's path, live touch markers, a log), on
/// top of its style and image and below its subviews. Conform a `View` subclass to it; the
/// renderer calls `draw(in:)` in the view's own coordinates every time it draws the view.
public protocol CustomDrawing: AnyObject {
  /// Paints the view's own content; `context` is in the view's coordinates (its bounds).
  func draw(in context: DrawingContext)

  /// Whether `draw(in:)` would paint nothing inside `rect` (the view's coordinates) now. A
  /// view that says so does not keep a dragged view below it off a layer of its own
  /// (Renderer+Layer.swift); it must damage what it paints when that changes. By default
  /// false: the view may paint anywhere in its bounds.
  func paintsNothing(in rect: Rect) -> Bool
}

extension CustomDrawing {
  /// False: the view may paint anywhere in its bounds.
  public func paintsNothing(in rect: Rect) -> Bool { false }
}

/// The small drawing vocabulary custom views get, so that the app never touches cairo: paths
/// (move, line, curve, rect, circle), stroke and fill, and single-line text.
///
/// Valid only during the `CustomDrawing.draw(in:)` call that received it.
///
/// Every number must be finite and, in device pixels, within ±2^23 (``deviceLimit``): a
/// call given one that is not (a NaN from a division by zero, a view scaled absurdly) is
/// ignored, as Core Graphics ignores an invalid value, and so is text of a size not above
/// zero or over ``textSizeLimit`` (a negative line width is taken as zero). Passed on, such
/// a number would put cairo's context in an error state for good, so that nothing drawn
/// after it in the window would show, or keep cairo busy for minutes (an arc of radius
/// 1e300).
public struct DrawingContext {
  /// How text is placed relative to its point.
  public enum TextAlignment: Sendable {
    /// The point is the start of the baseline.
    case left
    /// The point is the centre of the text's box.
    case center
  }

  private let cr: OpaquePointer
  /// The faces for the characters sans-serif has no glyph for.
  private let fallback: FontFallback
  init(cr: OpaquePointer, fallback: FontFallback) {
    self.cr = cr
    self.fallback = fallback
  }

  /// Sets the colour of the next stroke, fill or text.
  public func setColor(_ color: Color) {
    guard color.red.isFinite, color.green.isFinite, color.blue.isFinite, color.alpha.isFinite else { return }
    ShapePainter.setSource(color, on: cr)
  }

  /// Sets the width of the next strokes, in the view's units; joins and caps are round.
  public func setLineWidth(_ width: Double) {
    guard isDrawable(distance: width) else { return }
    cairo_set_line_width(cr, max(0, width))
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
  }

  /// Starts a new sub-path at `point`.
  public func move(to point: Point) {
    guard isDrawable(point) else { return }
    cairo_move_to(cr, point.x, point.y)
  }

  /// Adds a straight segment to `point`.
  public func line(to point: Point) {
    guard isDrawable(point) else { return }
    cairo_line_to(cr, point.x, point.y)
  }

  /// Adds a cubic Bézier segment to `point` with two control points.
  public func curve(to point: Point, control1: Point, control2: Point) {
    guard isDrawable(point), isDrawable(control1), isDrawable(control2) else { return }
    cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
  }

  /// Closes the current sub-path.
  public func closePath() {
    cairo_close_path(cr)
  }

  /// Adds a rectangle sub-path.
  public func addRect(_ rect: Rect) {
    guard isDrawable(rect) else { return }
    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
  }

  /// Adds a circle sub-path.
  public func addCircle(center: Point, radius: Double) {
    guard isDrawable(center), isDrawable(distance: radius) else { return }
    cairo_new_sub_path(cr)
    cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
  }

  /// Strokes the current path with the current colour and width, and clears it.
  public func stroke() {
    cairo_stroke(cr)
  }

  /// Fills the current path with the current colour, and clears it.
  public func fill() {
    cairo_fill(cr)
  }

  /// Draws one line of `text` at `point` in sans-serif of `size`, in the current colour (what
  /// that font has no glyph for in the first font fontconfig falls back to that has);
  /// wider than `maxWidth`, it is cut after its last whole character that fits with `"…"`.
  public func text(
    _ text: String, at point: Point, size: Double, bold: Bool = false, alignment: TextAlignment = .left,
    maxWidth: Double = .infinity
  ) {
    guard isDrawable(point), isDrawable(textSize: size), !maxWidth.isNaN else { return }
    selectFont(size: size, bold: bold)
    let text =
      maxWidth.isFinite
      ? LabelPainter.Cache.truncated(text[...], to: max(0, maxWidth)) {
        fallback.extents(of: $0, bold: bold, on: cr).x_advance
      }
      : text
    let runs = fallback.runs(of: text, bold: bold, on: cr)
    var origin = point
    if alignment == .center {
      let extents = fallback.extents(of: runs, on: cr)
      origin = Point(
        x: point.x - extents.width / 2 - extents.x_bearing,
        y: point.y - extents.height / 2 - extents.y_bearing)
    }
    if FontFallback.shapes(text[...]) { return shapedText(runs, at: origin) }
    // Filled as a path; each run from where the one before left the current point. A run in
    // a face that draws in its own colours (an emoji font) has no outline: it is shown once
    // the path is filled, where its turn came.
    cairo_new_path(cr)
    cairo_move_to(cr, origin.x, origin.y)
    var colored: [(run: FontFallback.Run, x: Double, y: Double)] = []
    for run in runs {
      fallback.withFace(run.face, on: cr) {
        guard fallback.isColored(run.face) else { return cairo_text_path(cr, String(run.text)) }
        var place = (x: 0.0, y: 0.0)
        cairo_get_current_point(cr, &place.x, &place.y)
        colored.append((run, place.x, place.y))
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, String(run.text), &extents)
        cairo_rel_move_to(cr, extents.x_advance, extents.y_advance)
      }
    }
    cairo_fill(cr)
    for (run, x, y) in colored {
      cairo_move_to(cr, x, y)
      fallback.withFace(run.face, on: cr) { cairo_show_text(cr, String(run.text)) }
    }
    cairo_new_path(cr)
  }

  /// Draws `runs` shaped (FontFallback+Shaping.swift) from `origin`: the outlines filled, then
  /// the glyphs of faces that draw in their own colours shown.
  private func shapedText(_ runs: [FontFallback.Run], at origin: Point) {
    let glyphs = fallback.shapedGlyphs(of: runs, on: cr)
    let placed = fallback.placedGlyphs.reserve(glyphs.count)
    var colored: [(face: Int, run: UnsafeMutablePointer<cairo_glyph_t>, count: Int)] = []
    cairo_new_path(cr)
    FontFallback.place(glyphs, x: origin.x, y: origin.y, into: placed) { face, run, count in
      guard !fallback.isColored(face) else { return colored.append((face, run, count)) }
      fallback.withFace(face, on: cr) { cairo_glyph_path(cr, run, Int32(count)) }
    }
    cairo_fill(cr)
    for (face, run, count) in colored {
      fallback.withFace(face, on: cr) { cairo_show_glyphs(cr, run, Int32(count)) }
    }
    cairo_new_path(cr)
  }

  /// How wide `text` is when ``text(_:at:size:bold:alignment:maxWidth:)`` draws it at `size`
  /// (its advance), for fitting text before drawing it.
  public func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
    guard isDrawable(textSize: size) else { return 0 }
    selectFont(size: size, bold: bold)
    return fallback.extents(of: text, bold: bold, on: cr).x_advance
  }

  /// Whether `text` reads right to left as a paragraph (its first strong character is an
  /// Arabic, Hebrew or other right-to-left letter), for text laid out by hand to be aligned
  /// at its right, as GTK and Pango align a right-to-left paragraph.
  public static func isRightToLeft(_ text: String) -> Bool {
    FontFallback.isRightToLeft(text[...])
  }

  /// Sets the font `text(...)` draws with: sans-serif of `size`, bold or not.
  private func selectFont(size: Double, bold: Bool) {
    cairo_select_font_face(
      cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cr, size)
  }

  /// The part of the view's coordinates that this drawing can change (the box around cairo's
  /// clip, `cairo_clip_extents`): the window's damage being repaired, or all of the view. A
  /// view drawing many things may skip those wholly outside it; what it draws there is cut
  /// away anyway.
  public var clipBounds: Rect {
    var x1 = 0.0
    var y1 = 0.0
    var x2 = 0.0
    var y2 = 0.0
    cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
    return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
  }

  /// Limits what is drawn from now on to `rect` as well (`cairo_clip`, as UIKit's
  /// `UIRectClip`); ``withSavedState(_:)`` around it ends the limit. Clears the current path.
  public func clip(to rect: Rect) {
    guard isDrawable(rect) else { return }
    cairo_new_path(cr)
    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    cairo_clip(cr)
  }

  /// The largest device coordinate cairo's 24.8 fixed-point numbers hold: 2^23 pixels.
  public static let deviceLimit = CairoLimits.device
  /// The largest text size on the device, in pixels (FreeType refuses sizes over 65,535).
  public static let textSizeLimit = CairoLimits.textSize

  private func isDrawable(_ point: Point) -> Bool { CairoLimits.isDrawable(point, on: cr) }
  private func isDrawable(distance: Double) -> Bool { CairoLimits.isDrawable(distance: distance, on: cr) }
  private func isDrawable(textSize: Double) -> Bool { CairoLimits.isDrawable(textSize: textSize, on: cr) }
  private func isDrawable(_ rect: Rect) -> Bool { CairoLimits.isDrawable(rect, on: cr) }

  /// Runs `body` with the drawing state saved and restored around it.
  public func withSavedState(_ body: () -> Void) {
    cairo_save(cr)
    body()
    cairo_restore(cr)
  }
}
