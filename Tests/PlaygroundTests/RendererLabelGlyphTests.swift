import CCairo
import GestureKit
import Glibc
import TestSupport
import Testing

@testable import CairoRenderer

/// Labels drawn from cached glyphs (`cairo_show_glyphs`) give the very pixels, and leave the
/// very current point, that drawing their text with `cairo_show_text` gives, at any origin,
/// matrix, clip and font size; and the cache stays bounded.
@Suite("Renderer label glyphs")
struct RendererLabelGlyphTests {
  /// The labels drawn: short, multi-line (with an empty line), non-ASCII, combining marks,
  /// ellipsis, a glyph the font may lack, and one much wider than any view (truncated).
  private static let labels = [
    "Drag me", "Card 3", "W", "Hgjy", "Two fingers\nor one", "A\n\nB", "Ünïcödé é", "e\u{301}x…",
    "日本", "A label much wider than any of the views here", "\n", "1.5×", " spaced  out ",
  ]

  /// The surface size of each render, in device pixels.
  private static let side = (width: 96, height: 64)

  /// A label painted the way `LabelPainter.paint` painted before glyphs were cached: the same
  /// layout and clip, each line with `cairo_move_to` and `cairo_show_text`.
  private static func paintWithText(
    _ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer, cache: LabelPainter.Cache
  ) {
    guard let label = style.label, !label.isEmpty, style.fontSize > 0 else { return }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_set_font_face(cr, cache.face)
    cairo_set_font_size(cr, style.fontSize)
    cairo_set_font_options(cr, cache.options)
    var layout = cache.layout(label, fontSize: style.fontSize, width: .infinity, on: cr)
    if layout.widestAdvance > bounds.width {
      layout = cache.layout(label, fontSize: style.fontSize, width: max(0, bounds.width), on: cr)
    }
    guard let reach = layout.inkReach else { return }
    let inside =
      reach.minX >= -bounds.width / 2 && reach.maxX <= bounds.width / 2 && reach.minY >= -bounds.height / 2
      && reach.maxY <= bounds.height / 2
    if !inside { LabelPainter.clip(cr, to: bounds) }
    ShapePainter.setSource(style.labelColor, on: cr)
    let top = bounds.midY - layout.lineHeight * Double(layout.lines.count) / 2
    for (index, line) in layout.lines.enumerated() where !line.text.isEmpty {
      cairo_move_to(
        cr, bounds.midX - line.centre, top + Double(index) * layout.lineHeight + layout.baselineOffset)
      cairo_show_text(cr, line.text)
    }
  }

  /// A coordinate with many fractional bits, or one on (or an ulp beside) a boundary cairo
  /// rounds at: half pixels and the 1/256 steps of its fixed point, ties at 1/512.
  private static func coordinate(in range: ClosedRange<Double>, _ random: inout SplitMix64) -> Double {
    let value = Double.random(in: range, using: &random)
    switch random.int(0...3) {
    case 0: return value
    case 1: return (value * 2).rounded() / 2
    case 2: return (value * 512).rounded() / 512
    default:
      let tie = (value * 512).rounded() / 512
      return random.int(0...1) == 0 ? tie.nextUp : tie.nextDown
    }
  }

  /// A user-to-device matrix as the renderer builds them: the buffer scale, a view's position,
  /// and now and then a rotation or a scale of its own.
  private static func matrix(_ random: inout SplitMix64) -> cairo_matrix_t {
    var m = cairo_matrix_t()
    cairo_matrix_init_identity(&m)
    let scales = [1.0, 2.0, 1.5, 1.25, Double.random(in: 0.4...3, using: &random)]
    let scale = scales[random.index(scales.count)]
    cairo_matrix_scale(&m, scale, scale)
    cairo_matrix_translate(&m, coordinate(in: -8...60, &random), coordinate(in: -8...40, &random))
    switch random.int(0...5) {
    case 0: cairo_matrix_rotate(&m, Double.random(in: -Double.pi...Double.pi, using: &random))
    case 1: cairo_matrix_rotate(&m, Double.pi / 2 * Double(random.int(1...3)))
    case 2:
      cairo_matrix_scale(
        &m, Double.random(in: 0.5...2, using: &random), Double.random(in: 0.5...2, using: &random))
    default: break
    }
    return m
  }

  /// A damage rectangle of whole device pixels in a `side`-sized image: a band of rows, a
  /// column, or a box.
  private static func damage(_ random: inout SplitMix64) -> Rect {
    let x = Double(random.int(-2...side.width))
    let y = Double(random.int(-2...side.height))
    switch random.int(0...2) {
    case 0: return Rect(x: 0, y: y, width: Double(side.width), height: Double(random.int(1...16)))
    case 1: return Rect(x: x, y: 0, width: Double(random.int(1...16)), height: Double(side.height))
    default: return Rect(x: x, y: y, width: Double(random.int(1...30)), height: Double(random.int(1...30)))
    }
  }

  /// A context drawing on a new transparent `side`-sized image.
  private static func context() -> (surface: OpaquePointer, cr: OpaquePointer) {
    let surface: OpaquePointer = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, Int32(side.width), Int32(side.height))
    return (surface, cairo_create(surface))
  }

  /// Whether `surface` and `other` (both `side`-sized) hold the same bytes.
  private static func samePixels(_ surface: OpaquePointer, _ other: OpaquePointer) -> Bool {
    cairo_surface_flush(surface)
    cairo_surface_flush(other)
    let count = Int(cairo_image_surface_get_stride(surface)) * side.height
    return memcmp(cairo_image_surface_get_data(surface), cairo_image_surface_get_data(other), count) == 0
  }

  /// The current point of `cr`, nil when it has none.
  private static func currentPoint(of cr: OpaquePointer) -> [Double]? {
    guard cairo_has_current_point(cr) != 0 else { return nil }
    var x = 0.0
    var y = 0.0
    cairo_get_current_point(cr, &x, &y)
    return [x, y]
  }

  @Test("cached glyphs draw the pixels show_text draws at random origins, scales, rotations and clips")
  func glyphsMatchShowText() {
    var random = SplitMix64(seed: 0x6C61_6265_6C73)
    let glyphs = Self.context()
    let text = Self.context()
    let blank = Self.context()
    defer {
      for (surface, cr) in [glyphs, text, blank] {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
      }
    }
    // One cache for both: the layouts' texts and offsets do not depend on the context that
    // laid them out, and each new matrix is laid out once.
    let cache = LabelPainter.Cache()
    var drawn = 0
    // Trials whose damage missed the label's pixels: drawn through the skip when the damage
    // misses its reach too.
    var missed = 0
    for trial in 0..<10_000 {
      let label = random.int(0...4) == 0 ? "\(trial)" : Self.labels[random.index(Self.labels.count)]
      let style = ViewStyle(
        label: label,
        labelColor: Color(red: 1, green: 0.9, blue: 0.2, alpha: random.int(0...3) == 0 ? 0.6 : 1),
        fontSize: [9.0, 13, 14, 18, 26.5, Double.random(in: 5...40, using: &random)][random.index(6)])
      let bounds = Rect(
        x: Self.coordinate(in: -20...20, &random), y: Self.coordinate(in: -20...20, &random),
        width: Double.random(in: 2...110, using: &random), height: Double.random(in: 4...60, using: &random))
      var m = Self.matrix(&random)
      // Half the trials repair through damage, as the renderer does: a band of rows, a column
      // or a box of whole device pixels (any of them may miss the label, or only graze it).
      let strip = random.int(0...1) == 0 ? Self.damage(&random) : nil
      // Half the trials draw over the previous trial's pixels and path, as frames do.
      let clear = random.int(0...1) == 0
      for (cr, paintsGlyphs) in [(glyphs.cr, true), (text.cr, false)] {
        cairo_reset_clip(cr)
        cairo_identity_matrix(cr)
        if clear {
          cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
          cairo_paint(cr)
          cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        if let strip {
          cairo_rectangle(cr, strip.minX, strip.minY, strip.width, strip.height)
          cairo_clip(cr)
        }
        cairo_set_matrix(cr, &m)
        if paintsGlyphs {
          LabelPainter.paint(style, in: bounds, on: cr, cache: cache)
        } else {
          Self.paintWithText(style, in: bounds, on: cr, cache: cache)
        }
      }
      let same = Self.samePixels(glyphs.surface, text.surface)
      let point = (Self.currentPoint(of: glyphs.cr), Self.currentPoint(of: text.cr))
      #expect(same, "trial \(trial): \(label.debugDescription) at \(style.fontSize) in \(bounds), \(m)")
      #expect(point.0 == point.1, "trial \(trial): current point \(point)")
      if !same || point.0 != point.1 { return }
      if !Self.samePixels(text.surface, blank.surface) {
        drawn += 1
      } else if clear && strip != nil {
        missed += 1
      }
    }
    // The comparison is not vacuous: most trials draw something.
    #expect(drawn > 4000 && missed > 1000, "\(drawn) trials drew pixels, \(missed) missed the damage")
  }

  @Test("placed glyphs are, bit for bit, the glyphs and end point show_text computes at any origin")
  func placedGlyphsAreShowTextGlyphs() {
    let context = Self.context()
    defer {
      cairo_destroy(context.cr)
      cairo_surface_destroy(context.surface)
    }
    let cr = context.cr
    let cache = LabelPainter.Cache()
    cairo_set_font_face(cr, cache.face)
    cairo_set_font_options(cr, cache.options)
    var random = SplitMix64(seed: 0x676C_7970_6873)
    var compared = 0
    for trial in 0..<2000 {
      var m = Self.matrix(&random)
      cairo_set_matrix(cr, &m)
      cairo_set_font_size(cr, Double.random(in: 5...40, using: &random))
      let label = random.int(0...3) == 0 ? "\(trial * 7919)" : Self.labels[random.index(Self.labels.count)]
      let line = String(label.split(separator: "\n").first ?? "")
      // Converted once, placed at several origins, as a cached layout is.
      let glyphs = LabelPainter.Cache.glyphs(of: line, on: cr)
      #expect(glyphs.count == line.unicodeScalars.count, "\(line.debugDescription)")
      let font = cairo_get_scaled_font(cr)
      for _ in 0..<8 where !glyphs.isEmpty {
        let x = Self.coordinate(in: -40...80, &random)
        let y = Self.coordinate(in: -40...80, &random)
        let placed = cache.place(glyphs, x: x, y: y, on: cr)
        // What cairo_show_text does after cairo_move_to(cr, x, y).
        var origin = (x: 0.0, y: 0.0)
        cairo_get_current_point(cr, &origin.x, &origin.y)
        var expected: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        cairo_scaled_font_text_to_glyphs(font, origin.x, origin.y, line, -1, &expected, &count, nil, nil, nil)
        defer { cairo_glyph_free(expected) }
        guard let expected, Int(count) == glyphs.count else {
          Issue.record("\(line.debugDescription): \(count) glyphs, not \(glyphs.count)")
          return
        }
        for index in 0..<glyphs.count {
          let (mine, theirs) = (placed.glyphs[index], expected[index])
          guard mine.index == theirs.index, mine.x.bitPattern == theirs.x.bitPattern,
            mine.y.bitPattern == theirs.y.bitPattern
          else {
            Issue.record("\(line.debugDescription) glyph \(index) at (\(x), \(y)): \(mine), not \(theirs)")
            return
          }
        }
        var last = expected[glyphs.count - 1]
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font, &last, 1, &extents)
        let end = (last.x + extents.x_advance, last.y + extents.y_advance)
        guard placed.end.x.bitPattern == end.0.bitPattern, placed.end.y.bitPattern == end.1.bitPattern else {
          Issue.record("\(line.debugDescription) at (\(x), \(y)) ends at \(placed.end), not \(end)")
          return
        }
        compared += 1
      }
    }
    #expect(compared > 10_000, "\(compared) placements compared")
  }

  @Test("a label whose text changes every frame keeps the layouts and the glyph buffer bounded")
  func counterStaysBounded() {
    let context = Self.context()
    defer {
      cairo_destroy(context.cr)
      cairo_surface_destroy(context.surface)
    }
    let cache = LabelPainter.Cache()
    let bounds = Rect(x: 4, y: 4, width: 80, height: 40)
    for frame in 0..<(3 * LabelPainter.Cache.maximumLayouts) {
      let style = ViewStyle(label: "Frame \(frame)", labelColor: .white, fontSize: 14)
      LabelPainter.paint(style, in: bounds, on: context.cr, cache: cache)
      #expect(cache.layouts.count <= LabelPainter.Cache.maximumLayouts)
      #expect(cache.recent.count <= LabelPainter.Cache.recentLayouts)
    }
    #expect(cache.glyphBuffer.capacity == GlyphBuffer.initialCapacity)
    #expect(cairo_status(context.cr) == CAIRO_STATUS_SUCCESS)
  }
}
