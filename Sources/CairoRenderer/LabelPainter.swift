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

  /// The font face, font options, lines and their extents of recently drawn labels, so that
  /// a frame lays out no text: what `cairo_select_font_face`, `cairo_font_extents` and
  /// `cairo_text_extents` would give, computed once per label, font size and device scale.
  final class Cache {
    /// One label's layout at one font size and device matrix (less its translation).
    struct Key: Hashable {
      var label: String
      var fontSize: Double
      var xx: Double
      var yx: Double
      var xy: Double
      var yy: Double
    }

    /// A laid-out label: each line's text, horizontal centring offset, and the line height.
    struct Layout {
      var lines: [(text: ContiguousArray<CChar>, centre: Double)]
      var lineHeight: Double
      var baselineOffset: Double
    }

    /// Layouts kept at most; the cache is emptied when full.
    static let maximumLayouts = 256

    let face: OpaquePointer
    let options: OpaquePointer
    private var layouts: [Key: Layout] = [:]

    init() {
      face = cairo_toy_font_face_create(family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
      options = cairo_font_options_create()
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    }

    deinit {
      cairo_font_options_destroy(options)
      cairo_font_face_destroy(face)
    }

    /// The layout of `label` with `cr`'s font set up as `paint` does.
    func layout(_ label: String, fontSize: Double, on cr: OpaquePointer) -> Layout {
      var m = cairo_matrix_t()
      cairo_get_matrix(cr, &m)
      let key = Key(label: label, fontSize: fontSize, xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy)
      if let layout = layouts[key] { return layout }
      var font = cairo_font_extents_t()
      cairo_font_extents(cr, &font)
      var lines: [(text: ContiguousArray<CChar>, centre: Double)] = []
      for line in label.split(separator: "\n", omittingEmptySubsequences: false) {
        let text = ContiguousArray(String(line).utf8CString)
        var extents = cairo_text_extents_t()
        text.withUnsafeBufferPointer { cairo_text_extents(cr, $0.baseAddress, &extents) }
        lines.append((text, extents.x_bearing + extents.width / 2))
      }
      let layout = Layout(
        lines: lines, lineHeight: font.height, baselineOffset: (font.height + font.ascent - font.descent) / 2)
      if layouts.count >= Self.maximumLayouts { layouts.removeAll(keepingCapacity: true) }
      layouts[key] = layout
      return layout
    }
  }

  /// Paints `style.label`, if any, in `style.labelColor` at `style.fontSize`.
  static func paint(_ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer, cache: Cache) {
    guard let label = style.label, !label.isEmpty, style.fontSize > 0 else { return }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_set_font_face(cr, cache.face)
    cairo_set_font_size(cr, style.fontSize)
    cairo_set_font_options(cr, cache.options)
    ShapePainter.setSource(style.labelColor, on: cr)

    let layout = cache.layout(label, fontSize: style.fontSize, on: cr)
    let top = bounds.midY - layout.lineHeight * Double(layout.lines.count) / 2
    for (index, line) in layout.lines.enumerated() {
      let x = bounds.midX - line.centre
      let baseline = top + Double(index) * layout.lineHeight + layout.baselineOffset
      cairo_move_to(cr, x, baseline)
      line.text.withUnsafeBufferPointer { cairo_show_text(cr, $0.baseAddress) }
    }
  }
}
