import CCairo
import GestureKit

/// Draws a view's label centred in its bounds with cairo's text API.
///
/// Glyphs are rasterised at device resolution (after the buffer scale), so
/// labels stay crisp at any scale; metric hinting is off so the layout does not
/// shift between scales. Lines are separated by `"\n"`.
enum LabelPainter {
  /// The font family asked of fontconfig.
  static let family = "sans-serif"

  /// Paints `style.label`, if any, in `style.labelColor` at `style.fontSize`.
  static func paint(_ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer) {
    guard let label = style.label, !label.isEmpty, style.fontSize > 0 else { return }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
    cairo_set_font_size(cr, style.fontSize)
    let options: OpaquePointer = cairo_font_options_create()
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_set_font_options(cr, options)
    cairo_font_options_destroy(options)
    ShapePainter.setSource(style.labelColor, on: cr)

    var font = cairo_font_extents_t()
    cairo_font_extents(cr, &font)
    let lines = label.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let lineHeight = font.height
    let top = bounds.midY - lineHeight * Double(lines.count) / 2
    for (index, line) in lines.enumerated() {
      var text = cairo_text_extents_t()
      cairo_text_extents(cr, line, &text)
      let x = bounds.midX - (text.x_bearing + text.width / 2)
      let baseline = top + Double(index) * lineHeight + (lineHeight + font.ascent - font.descent) / 2
      cairo_move_to(cr, x, baseline)
      cairo_show_text(cr, line)
    }
  }
}
