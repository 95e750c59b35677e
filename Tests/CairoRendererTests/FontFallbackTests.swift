import CCairo
import GestureKit
import Glibc
import TestSupport
import Testing

@testable import CairoRenderer

/// A view that draws one line of text with ``DrawingContext/text(_:at:size:bold:alignment:maxWidth:)``
/// (also ShapingTests').
final class TextLine: View, CustomDrawing {
  let line: String
  /// What `textWidth` gave for the line and for each of its characters, at the last draw.
  var widths: (line: Double, characters: [Double]) = (0, [])

  init(frame: Rect, line: String) {
    self.line = line
    super.init(frame: frame)
  }

  func draw(in context: DrawingContext) {
    context.setColor(.white)
    context.text(line, at: Point(x: 4, y: 30), size: 20)
    widths = (context.textWidth(line, size: 20), line.map { context.textWidth(String($0), size: 20) })
  }
}

/// Characters the labels' sans-serif has no glyph for are drawn in the first font fontconfig
/// falls back to that has them, as GTK's Pango draws them; what the font has is drawn as it
/// always was.
///
/// Needs a font with Chinese characters: `scripts/install-deps.sh test` installs WenQuanYi
/// Micro Hei (`fonts-wqy-microhei`); DejaVu Sans, the usual sans-serif, has none.
@Suite("Font fallback")
struct FontFallbackTests {
  /// `view` alone in a window `width` by 60, drawn at scale 1 on black (ShapingTests' too).
  static func render(_ view: View, width: Int = 120) -> Image {
    let window = Window(size: Size(width: Double(width), height: 60), clock: VirtualClock())
    window.rootView.addSubview(view)
    let image = Image(width: width, height: 60)
    Renderer().render(window, background: .black, into: image.buffer, scale: 1)
    return image
  }

  /// A view filling the window with `label` in white at 24.
  private static func labelled(_ label: String) -> View {
    let view = View(frame: Rect(x: 0, y: 0, width: 120, height: 60))
    view.style = ViewStyle(label: label, labelColor: .white, fontSize: 24)
    return view
  }

  /// How many pixels differ between `a` and `b`.
  private static func differing(_ a: Image, _ b: Image) -> Int {
    zip(a.words, b.words).filter { $0 != $1 }.count
  }

  /// How many pixels of `image` are not black.
  private static func inked(_ image: Image) -> Int {
    image.words.filter { $0 & 0x00ff_ffff != 0 }.count
  }

  /// `label`'s one line as laid out by `cache` at `fontSize`, scale 1.
  private static func glyphs(
    of label: String, fontSize: Double = 24, cache: LabelPainter.Cache
  ) -> ContiguousArray<LabelPainter.Cache.Glyph> {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let cr: OpaquePointer = cairo_create(surface)
    defer {
      cairo_destroy(cr)
      cairo_surface_destroy(surface)
    }
    cache.setFont(fontSize, on: cr)
    return cache.layout(label, fontSize: fontSize, width: .infinity, on: cr).lines[0].glyphs
  }

  @Test("Chinese characters in a label are drawn from a fallback font, each its own glyph")
  func labelFallsBack() throws {
    let cache = LabelPainter.Cache()
    let glyphs = Self.glyphs(of: "日本", cache: cache)
    #expect(glyphs.count == 2)
    #expect(
      glyphs.allSatisfy { $0.index != 0 && $0.face != 0 },
      "no font has 日 and 本 (scripts/install-deps.sh test installs fonts-wqy-microhei): \(glyphs)")
    // The missing glyph is one box for every character: two characters drawn alike would be it.
    let sun = Self.render(Self.labelled("日"))
    let book = Self.render(Self.labelled("本"))
    #expect(Self.inked(sun) > 40)
    #expect(Self.differing(sun, book) > 40)
  }

  @Test("the characters the font has keep its glyphs and advances beside fallen-back ones")
  func mixedLine() {
    let cache = LabelPainter.Cache()
    let latin = Self.glyphs(of: "Drag ", cache: cache)
    let mixed = Self.glyphs(of: "Drag 日本", cache: cache)
    #expect(latin.allSatisfy { $0.face == 0 && $0.index != 0 })
    #expect(mixed.count == latin.count + 2)
    #expect(
      zip(latin, mixed).allSatisfy {
        $0.face == $1.face && $0.index == $1.index && $0.xAdvance == $1.xAdvance
      })
    #expect(mixed.suffix(2).allSatisfy { $0.face != 0 && $0.index != 0 })
    let whole = cache.advance(of: "Drag 日本", fontSize: 24)
    let parts = cache.advance(of: "Drag ", fontSize: 24) + cache.advance(of: "日本", fontSize: 24)
    #expect(abs(whole - parts) < 1e-9)
    #expect(abs(whole - mixed.reduce(0) { $0 + $1.xAdvance }) < 1e-9)
  }

  @Test("a character no font has is drawn as the font's missing glyph, as before")
  func nothingHasIt() {
    let cache = LabelPainter.Cache()
    // U+E000 is for private use: no font of a Debian system has it.
    let glyphs = Self.glyphs(of: "a\u{E000}b", cache: cache)
    #expect(glyphs.map(\.face) == [0, 0, 0])
    #expect(glyphs.map { $0.index == 0 } == [false, true, false])
  }

  @Test("a letter with a mark no font has with it is drawn in the letter's font")
  func letterWithForeignMark() {
    let cache = LabelPainter.Cache()
    // WenQuanYi has 日 but not U+0336 (combining long stroke overlay); DejaVu has the stroke
    // but no 日.
    let glyphs = Self.glyphs(of: "日\u{336}", cache: cache)
    #expect(glyphs.first.map { $0.face != 0 && $0.index != 0 } == true, "\(glyphs)")
  }

  @Test("a line of fallen-back characters is truncated like any other")
  func truncated() {
    let cache = LabelPainter.Cache()
    let line = String(repeating: "日本語", count: 20)
    let lines = cache.lines(of: line, fontSize: 24, width: 100)
    let shown = lines[0]
    #expect(shown.hasSuffix("…") && shown.count > 1)
    #expect(cache.advance(of: shown, fontSize: 24) <= 100)
    let longer = String(shown.dropLast()) + String(line.dropFirst(shown.count - 1).prefix(1)) + "…"
    #expect(cache.advance(of: longer, fontSize: 24) > 100, "\(longer) would fit")
  }

  @Test("a million characters are truncated with a few dozen measurements")
  func longLineIsCheap() {
    let line = Substring(String(repeating: "日", count: 1_000_000))
    var measured = 0
    let shown = LabelPainter.Cache.truncated(line, to: 100) { text in
      measured += 1
      return Double(text.count) * 10
    }
    #expect(shown == String(repeating: "日", count: 9) + "…")
    #expect(measured < 12, "\(measured) measurements")
  }

  @Test("custom drawing's text falls back too, and its width counts the fallen-back characters")
  func drawingContextFallsBack() {
    let sun = Self.render(TextLine(frame: Rect(x: 0, y: 0, width: 120, height: 60), line: "日"))
    let book = Self.render(TextLine(frame: Rect(x: 0, y: 0, width: 120, height: 60), line: "本"))
    #expect(Self.inked(sun) > 40)
    #expect(Self.differing(sun, book) > 40)
    let mixed = TextLine(frame: Rect(x: 0, y: 0, width: 120, height: 60), line: "a日b")
    _ = Self.render(mixed)
    #expect(mixed.widths.characters.allSatisfy { $0 > 0 })
    #expect(abs(mixed.widths.line - mixed.widths.characters.reduce(0, +)) < 1e-9)
  }

  @Test("the characters' faces are remembered within a bound")
  func rememberedIsBounded() {
    let fallback = FontFallback(maximumRemembered: 300)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let cr: OpaquePointer = cairo_create(surface)
    defer {
      cairo_destroy(cr)
      cairo_surface_destroy(surface)
    }
    cairo_select_font_face(cr, LabelPainter.family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
    // 800 Chinese characters, none twice.
    let many = String((0..<800).map { Character(Unicode.Scalar(0x4E00 + $0)!) })
    let runs = fallback.runs(of: many, bold: true, on: cr)
    #expect(runs.count == 1 && runs[0].face != 0 && runs[0].text == many[...])
    #expect(fallback.rememberedCount > 0 && fallback.rememberedCount <= 300)
  }

  /// How many pixels of `image` are mostly of one channel, `channel` (0 red, 1 green, 2 blue):
  /// 60 levels above both others.
  private static func pixels(of channel: Int, in image: Image) -> Int {
    var count = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image.pixel(x: x, y: y)
        let channels = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
        if channels.indices.allSatisfy({ $0 == channel || channels[channel] > channels[$0] + 60 }) {
          count += 1
        }
      }
    }
    return count
  }

  /// How many pixels of `image` are far from grey: a channel 60 levels from another.
  private static func colourful(_ image: Image) -> Int {
    image.words.filter { word in
      let channels = [(word >> 16) & 0xff, (word >> 8) & 0xff, word & 0xff].map { Int($0) }
      return channels.max()! - channels.min()! > 60
    }.count
  }

  @Test("an emoji in a label keeps its colours, and the label's other glyphs follow its colour")
  func colourEmojiLabel() {
    let view = Self.labelled("A👍")
    view.style.labelColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
    let window = Window(size: Size(width: 120, height: 60), clock: VirtualClock())
    window.rootView.addSubview(view)
    let image = Image(width: 120, height: 60)
    let renderer = Renderer()
    renderer.render(window, background: .black, into: image.buffer, scale: 1)
    // Noto Color Emoji's thumb is yellow: red and green, little blue.
    let yellow = Self.colourful(image) - Self.pixels(of: 2, in: image)
    #expect(
      yellow > 40, "no colour emoji (scripts/install-deps.sh test installs fonts-noto-color-emoji)")
    #expect(Self.pixels(of: 2, in: image) > 20, "the A is not blue")
    // The same label in green: its mask is made again, not the blue one's composited.
    view.style.labelColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
    renderer.render(window, background: .black, into: image.buffer, scale: 1)
    #expect(Self.pixels(of: 1, in: image) > 20, "the A is not green")
    #expect(Self.pixels(of: 2, in: image) == 0, "the blue A is still drawn")
  }

  @Test("a character followed by U+FE0F is drawn from the colour font, and without it as text")
  func emojiPresentation() {
    let cache = LabelPainter.Cache()
    let asked = Self.glyphs(of: "❤\u{FE0F}", cache: cache)
    #expect(asked.first.map { cache.fallback.isColored($0.face) } == true, "\(asked)")
    // DejaVu Sans has U+2764 itself: alone it stays text, as GTK draws it.
    #expect(Self.glyphs(of: "❤", cache: cache).map(\.face) == [0])
    #expect(FontFallback.asksForEmoji("a❤\u{FE0F}b"))
    #expect(!FontFallback.asksForEmoji("❤ \u{EF}\u{FE0E}"))
  }

  @Test("an emoji in custom drawing's text keeps its colours beside text in the drawing colour")
  func colourEmojiText() {
    let image = Self.render(TextLine(frame: Rect(x: 0, y: 0, width: 120, height: 60), line: "A👍"))
    // The text is white: every far-from-grey pixel is the emoji's.
    #expect(Self.colourful(image) > 40, "no colour emoji")
    #expect(Self.inked(image) > Self.colourful(image) + 20, "no white A")
  }

  /// A pattern naming the font file `path` (face 0).
  private static func pattern(file path: String) -> OpaquePointer {
    let pattern = FcPatternCreate()!
    _ = path.withCString {
      $0.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) {
        FcPatternAddString(pattern, FC_FILE, $0)
      }
    }
    FcPatternAddInteger(pattern, FC_INDEX, 0)
    return pattern
  }

  @Test("a font whose file is gone or cut short gives no face, where setting it would stop the frame")
  func unreadableFont() throws {
    // The file of sans-serif, as fontconfig finds it.
    let asked = try #require(FcNameParse(Array("sans-serif".utf8) + [0]))
    defer { FcPatternDestroy(asked) }
    FcConfigSubstitute(nil, asked, FcMatchPattern)
    FcDefaultSubstitute(asked)
    var result = FcResultMatch
    let found = try #require(FcFontMatch(nil, asked, &result))
    defer { FcPatternDestroy(found) }
    var file: UnsafeMutablePointer<FcChar8>?
    #expect(FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch)
    let path = String(cString: try #require(file))
    let whole = Self.pattern(file: path)
    defer { FcPatternDestroy(whole) }
    let face = try #require(FontFallback.face(for: whole))
    cairo_font_face_destroy(face)

    let gone = Self.pattern(file: "/nonexistent/font.ttf")
    defer { FcPatternDestroy(gone) }
    #expect(FontFallback.face(for: gone) == nil)

    // Its first 3,000 bytes: a header whose tables run past the end.
    let cut = "/tmp/font-fallback-test-\(getpid()).ttf"
    defer { unlink(cut) }
    let source = try #require(fopen(path, "rb"))
    var bytes = [UInt8](repeating: 0, count: 3000)
    let read = fread(&bytes, 1, bytes.count, source)
    fclose(source)
    let target = try #require(fopen(cut, "wb"))
    #expect(fwrite(bytes, 1, read, target) == read)
    fclose(target)
    let short = Self.pattern(file: cut)
    defer { FcPatternDestroy(short) }
    #expect(FontFallback.face(for: short) == nil)
  }
}
