import CCairo
import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// Lines that need shaping are shaped (HarfBuzz) and put in visual order (FriBidi): Arabic
/// joined, Hebrew right to left, emoji sequences one picture; the others are converted by cairo
/// as before.
///
/// DejaVu Sans (the usual sans-serif) has Arabic and Hebrew; the flag needs Noto Color Emoji
/// (`scripts/install-deps.sh test` installs it).
@Suite("Shaping")
struct ShapingTests {
  /// Runs `body` with a fresh label cache and a context on a 1x1 image, its font set by the
  /// cache at 24.
  private static func withCache<Result>(_ body: (LabelPainter.Cache, OpaquePointer) -> Result) -> Result {
    let cache = LabelPainter.Cache()
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let cr: OpaquePointer = cairo_create(surface)
    defer {
      cairo_destroy(cr)
      cairo_surface_destroy(surface)
    }
    cache.setFont(24, on: cr)
    return body(cache, cr)
  }

  /// `label`'s one line as laid out by a label cache at 24, scale 1.
  private static func glyphs(of label: String) -> ContiguousArray<LabelPainter.Cache.Glyph> {
    withCache { cache, cr in cache.layout(label, fontSize: 24, width: .infinity, on: cr).lines[0].glyphs }
  }

  /// The glyph of `character` alone.
  private static func glyph(_ character: String) -> UInt {
    glyphs(of: character)[0].index
  }

  /// `view` alone in a 160x60 window, drawn at scale 1 on black.
  private static func render(_ view: View) -> Image {
    FontFallbackTests.render(view, width: 160)
  }

  @Test("Arabic letters are joined: two behs are an initial and a final form, not two isolated ones")
  func arabicJoined() {
    let joined = Self.glyphs(of: "بب")
    let isolated = Self.glyph("ب")
    #expect(joined.count == 2)
    #expect(joined.allSatisfy { $0.index != 0 && $0.index != isolated }, "\(joined), isolated \(isolated)")
    #expect(joined[0].index != joined[1].index)
    // Custom drawing's text joins them too: the same picture as the presentation forms, an
    // initial and a final (also right to left).
    let letters = Self.render(TextLine(frame: Rect(x: 0, y: 0, width: 160, height: 60), line: "بب"))
    let forms = Self.render(
      TextLine(frame: Rect(x: 0, y: 0, width: 160, height: 60), line: "\u{FE91}\u{FE90}"))
    // Before shaping, two isolated forms side by side.
    let apart = Self.render(
      TextLine(frame: Rect(x: 0, y: 0, width: 160, height: 60), line: "\u{FE8F}\u{FE8F}"))
    #expect(letters.difference(from: forms) == nil)
    #expect((letters.difference(from: apart)?.count ?? 0) > 40)
  }

  @Test("a Hebrew word runs right to left, and in a left-to-right line after the Latin")
  func hebrewRightToLeft() {
    let (alef, bet) = (Self.glyph("א"), Self.glyph("ב"))
    #expect(Self.glyphs(of: "אב").map(\.index) == [bet, alef])
    let (a, b, space) = (Self.glyph("a"), Self.glyph("b"), Self.glyphs(of: "a b")[1].index)
    #expect(Self.glyphs(of: "ab אב").map(\.index) == [a, b, space, bet, alef])
    // A right-to-left line: its Latin word at the left end, after the Hebrew in reading order.
    #expect(Self.glyphs(of: "אב ab.").map(\.index).first == Self.glyph("."))
  }

  @Test("a truncated right-to-left line ends with its ellipsis at the left")
  func rightToLeftTruncated() {
    let cache = LabelPainter.Cache()
    let line = String(repeating: "שלום ", count: 30)
    let shown = cache.lines(of: line, fontSize: 24, width: 100)[0]
    #expect(shown.hasSuffix("…"))
    let glyphs = Self.glyphs(of: shown)
    #expect(glyphs.first?.index == Self.glyph("…"), "\(glyphs.prefix(3))")
    #expect(cache.advance(of: shown, fontSize: 24) <= 100)
  }

  @Test("a flag is one glyph of the colour font, and a family one picture")
  func emojiSequences() {
    let flag = Self.glyphs(of: "🇯🇵")
    #expect(flag.count == 1, "\(flag)")
    #expect(flag.allSatisfy { $0.face != 0 && $0.index != 0 })
    let family = Self.glyphs(of: "👨\u{200D}👩\u{200D}👧")
    #expect(family.count == 1, "\(family)")
  }

  @Test("a shaped line's advance is its glyphs' advances, as drawn")
  func shapedAdvance() {
    let cache = LabelPainter.Cache()
    let line = "مرحبا שלום 123"
    let glyphs = Self.glyphs(of: line)
    #expect(abs(cache.advance(of: line, fontSize: 24) - glyphs.reduce(0) { $0 + $1.xAdvance }) < 1e-9)
  }

  @Test("a label turned and grown every frame is shaped once for its font size")
  func shapedOnce() {
    Self.withCache { cache, cr in
      var first: ContiguousArray<LabelPainter.Cache.Glyph>?
      for frame in 0..<10 {
        cairo_rotate(cr, 0.1)
        cairo_scale(cr, 1.05, 1.05)
        let glyphs = cache.layout("مرحبا", fontSize: 24, width: .infinity, on: cr).lines[0].glyphs
        #expect(first.map { $0.map(\.index) == glyphs.map(\.index) } ?? true, "frame \(frame)")
        first = first ?? glyphs
      }
      #expect(cache.fallback.linesShaped == 1)
      cache.setFont(30, on: cr)
      _ = cache.layout("مرحبا", fontSize: 30, width: .infinity, on: cr)
      #expect(cache.fallback.linesShaped == 2)
    }
  }

  @Test("the shaped lines remembered hold a bounded number of glyphs")
  func shapedBounded() {
    let cache = LabelPainter.Cache()
    let line = String(repeating: "אבגדה", count: 800)
    for copy in 0..<20 {
      _ = cache.advance(of: line + String(copy), fontSize: 12)
      #expect(cache.fallback.shapedGlyphCount <= FontFallback.maximumShapedGlyphs)
    }
    #expect(cache.fallback.shapedGlyphCount >= 4_000)
  }

  @Test("lines that need no shaping are converted by cairo as before")
  func unshapedLines() {
    for line in ["Drag me", "日本語", "Ελληνικά", "Кириллица", "e\u{301}", "👍"] {
      #expect(!FontFallback.needsShaping(line[...]), "\(line)")
    }
    for line in [
      "مرحبا", "שלום", "नमस्ते", "สวัสดี", "🇯🇵", "👍🏽", "1\u{FE0F}\u{20E3}", "a\u{200F}b", "\u{1100}\u{1161}",
      "ᠮᠣᠩᠭᠣᠯ",
    ] {
      #expect(FontFallback.needsShaping(line[...]), "\(line)")
    }
  }
}
