import CCairo
import CairoRenderer
import GestureKit
import TestSupport
import Testing

/// A label against plain cairo: `cairo_show_text` with the toy font API (bold sans-serif, metrics
/// unhinted), centred in the view as the documented layout says (the ink's middle on the
/// view's centre across; the line's height centred down, the baseline at (height + ascent -
/// descent) / 2 below its top), not through the renderer's glyph cache and masks, on whichever
/// cairo the machine has.
///
/// Compared by where the ink is and how much of it there is, not pixel for pixel: the
/// renderer places each glyph from its own advance and composites it from a mask, and
/// `cairo_show_text` lands a glyph a fraction of a pixel elsewhere now and then (a `t` in
/// "Gesture" at scale 1.5 on cairo 1.16: 108 pixels up to 220 levels apart, the same letters).
/// The ink's box must agree within one device pixel on every side, its total within 2 %.
@Suite("Labels against plain cairo")
struct PlainCairoTextTests {
  static let size = Size(width: 200, height: 80)

  /// `text` at `fontSize` in white, in a view at `frame`, drawn by plain cairo.
  static func reference(_ text: String, fontSize: Double, frame: Rect, scale: Double) -> Image {
    plainCairoImage(size: size, scale: scale) { cr in
      cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
      cairo_set_font_size(cr, fontSize)
      let options = cairo_font_options_create()
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
      cairo_set_font_options(cr, options)
      cairo_font_options_destroy(options)
      var font = cairo_font_extents_t()
      cairo_font_extents(cr, &font)
      var ink = cairo_text_extents_t()
      cairo_text_extents(cr, text, &ink)
      let x = frame.midX - (ink.x_bearing + ink.width / 2)
      let y = frame.midY - font.height / 2 + (font.height + font.ascent - font.descent) / 2
      cairo_set_source_rgba(cr, 1, 1, 1, 1)
      cairo_move_to(cr, x, y)
      cairo_show_text(cr, text)
    }
  }

  /// The box of the pixels brighter than the background by more than half, and the total
  /// brightness above the background (white text on #202020).
  static func ink(_ image: Image) -> (box: (minX: Int, minY: Int, maxX: Int, maxY: Int), total: Double) {
    var box = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
    var total = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let level = Int(image.pixel(x: x, y: y).r) - 0x20
        total += Double(max(0, level))
        guard level > (255 - 0x20) / 2 else { continue }
        box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
      }
    }
    return (box, total)
  }

  @Test(
    "a label is drawn where and as plain cairo_show_text draws it",
    arguments: [1.0, 1.5, 2.0],
    [Rect(x: 20, y: 10, width: 160, height: 60), Rect(x: 20.3, y: 10.6, width: 150.5, height: 55)])
  func matchesShowText(scale: Double, frame: Rect) {
    let window = Window(size: Self.size, clock: VirtualClock())
    let view = View(frame: frame)
    view.style = ViewStyle(label: "Gesture 42", labelColor: .white, fontSize: 22)
    window.rootView.addSubview(view)
    let rendered = render(window, scale: scale)
    let reference = Self.reference("Gesture 42", fontSize: 22, frame: frame, scale: scale)
    let (mine, theirs) = (Self.ink(rendered), Self.ink(reference))
    #expect(mine.total > 0 && theirs.total > 0)
    for (name, a, b) in [
      ("left", mine.box.minX, theirs.box.minX), ("top", mine.box.minY, theirs.box.minY),
      ("right", mine.box.maxX, theirs.box.maxX), ("bottom", mine.box.maxY, theirs.box.maxY),
    ] {
      #expect(abs(a - b) <= 1, "\(frame) at \(scale): the ink's \(name) edge at \(a), plain cairo's at \(b)")
    }
    #expect(
      abs(mine.total - theirs.total) <= 0.02 * theirs.total,
      "\(frame) at \(scale): ink \(mine.total), plain cairo's \(theirs.total)")
  }
}
