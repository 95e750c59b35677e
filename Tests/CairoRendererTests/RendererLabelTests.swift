import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// Labels never draw outside their view (like `UILabel`): a line too wide is truncated at
/// its tail with `"…"`, and the glyphs are clipped to the view's bounds; a label that fits is
/// drawn as it always was.
@Suite("Renderer labels")
struct RendererLabelTests {
  private static let backdrop = Color(hex: "#202020")!
  private static let long = "A label much wider than its view"

  /// `views` in a 200x120 window, drawn at `scale` over the backdrop.
  private static func render(_ views: [View], scale: Double) -> Image {
    let window = Window(size: Size(width: 200, height: 120), clock: VirtualClock())
    for view in views { window.rootView.addSubview(view) }
    let image = Image(width: Int(200 * scale), height: Int(120 * scale))
    let renderer = Renderer()
    renderer.render(window, background: backdrop, into: image.buffer, scale: scale)
    return image
  }

  /// A view of `frame` with a white `label` at `fontSize` and no fill.
  private static func labelled(_ frame: Rect, _ label: String, fontSize: Double) -> View {
    let view = View(frame: frame)
    view.style = ViewStyle(label: label, labelColor: .white, fontSize: fontSize)
    return view
  }

  /// How many pixels of `image` differ from the empty window's inside and outside `box`
  /// (device pixels whose centre is in it).
  private static func changes(_ image: Image, outside box: Rect, scale: Double) -> (inside: Int, outside: Int)
  {
    let empty = render([], scale: scale).words
    let drawn = image.words
    var counts = (inside: 0, outside: 0)
    for index in drawn.indices where drawn[index] != empty[index] {
      let point = Point(x: Double(index % image.width) + 0.5, y: Double(index / image.width) + 0.5)
      if box.contains(point) { counts.inside += 1 } else { counts.outside += 1 }
    }
    return counts
  }

  @Test("truncation keeps the longest prefix of whole characters that fits with an ellipsis")
  func truncationRule() {
    // One unit per Unicode scalar: a prefix must not split "é" written as e + U+0301.
    let advance: (String) -> Double = { Double($0.unicodeScalars.count) }
    let truncated = { (line: String, width: Double) in
      LabelPainter.Cache.truncated(Substring(line), to: width, advance: advance)
    }
    #expect(truncated("Hello world", 11) == "Hello world")
    #expect(truncated("Hello world", 10.5) == "Hello wor…")
    #expect(truncated("Hello world", 5) == "Hell…")
    #expect(truncated("Hello world", 1) == "…")
    #expect(truncated("Hello world", 0.9) == "")
    let accented = "e\u{301}e\u{301}e\u{301}x"
    #expect(truncated(accented, 5) == "e\u{301}e\u{301}…")
    #expect(truncated(accented, 4) == "e\u{301}…")
    #expect(truncated(accented, 2.5) == "…")
  }

  @Test("a label too long for its view is laid out as its longest fitting prefix and an ellipsis")
  func truncatedLayout() {
    let cache = LabelPainter.Cache()
    let width = 60.0
    let lines = cache.lines(of: Self.long, fontSize: 14, width: width)
    #expect(lines.count == 1)
    guard let line = lines.first, line.hasSuffix("…") else {
      Issue.record("not truncated: \(lines)")
      return
    }
    let prefix = line.dropLast()
    #expect(!prefix.isEmpty && Self.long.hasPrefix(prefix))
    #expect(cache.advance(of: line, fontSize: 14) <= width)
    let longer = Self.long.prefix(prefix.count + 1) + "…"
    #expect(cache.advance(of: String(longer), fontSize: 14) > width, "\(longer) would fit")
    // Each line on its own; an empty line stays empty.
    let two = cache.lines(of: "Ok\n\n" + Self.long, fontSize: 14, width: width)
    #expect(two == ["Ok", "", line])
    // Not even the ellipsis fits: nothing.
    let ellipsis = cache.advance(of: "…", fontSize: 14)
    #expect(cache.lines(of: Self.long, fontSize: 14, width: ellipsis - 0.5) == [""])
    #expect(cache.lines(of: Self.long, fontSize: 14, width: ellipsis) == ["…"])
  }

  @Test("a truncated label draws its prefix and ellipsis, and no pixel outside its view")
  func truncatedPixels() {
    let frame = Rect(x: 70, y: 50, width: 60, height: 20)
    let image = Self.render([Self.labelled(frame, Self.long, fontSize: 14)], scale: 1)
    let counts = Self.changes(image, outside: frame, scale: 1)
    #expect(counts.outside == 0 && counts.inside > 50, "\(counts)")
    // The same pixels as the truncated text given as the label.
    let shown = LabelPainter.Cache().lines(of: Self.long, fontSize: 14, width: frame.width)[0]
    let expected = Self.render([Self.labelled(frame, shown, fontSize: 14)], scale: 1)
    #expect(image.difference(from: expected) == nil, "not drawn as \(shown)")
  }

  @Test(
    "long, tall and rotated labels leave every pixel outside their view's box untouched",
    arguments: [1.0, 1.5, 2.0])
  func nothingOutside(scale: Double) {
    let cases: [(String, View)] = [
      ("long", Self.labelled(Rect(x: 70.5, y: 50.25, width: 60, height: 20), Self.long, fontSize: 14)),
      (
        "two long lines",
        Self.labelled(Rect(x: 20.3, y: 30.6, width: 50, height: 40), "Wide one\nand wider", fontSize: 16)
      ),
      // Fits its width but not its height: clipped at the top and bottom (descenders too).
      ("tall", Self.labelled(Rect(x: 60.5, y: 50.5, width: 100, height: 14), "Hgjy", fontSize: 40)),
      ("tiny", Self.labelled(Rect(x: 90.5, y: 50.5, width: 3, height: 3), "W", fontSize: 30)),
    ]
    for (name, view) in cases {
      let frame = view.frame
      let box = Rect(
        x: frame.minX * scale, y: frame.minY * scale, width: frame.width * scale, height: frame.height * scale
      ).roundedOut
      let counts = Self.changes(Self.render([view], scale: scale), outside: box, scale: scale)
      #expect(counts.outside == 0, "\(name) at scale \(scale): \(counts)")
      #expect(
        name == "tiny" ? counts.inside == 0 : counts.inside > 20, "\(name) at scale \(scale): \(counts)")
    }
    let tilted = Self.labelled(Rect(x: 60.5, y: 40.25, width: 70, height: 24), Self.long, fontSize: 18)
    tilted.transform = AffineTransform(rotationAngle: 0.5)
    let tiltedBox = tilted.bounds.boundingBox(
      applying: AffineTransform(translationX: -tilted.bounds.midX, y: -tilted.bounds.midY)
        .concatenating(tilted.transform)
        .concatenating(AffineTransform(translationX: tilted.center.x, y: tilted.center.y))
        .concatenating(AffineTransform(scaleX: scale, y: scale))
    ).roundedOut
    let counts = Self.changes(Self.render([tilted], scale: scale), outside: tiltedBox, scale: scale)
    #expect(counts.outside == 0 && counts.inside > 20, "rotated at scale \(scale): \(counts)")
  }

  @Test("a view too narrow for an ellipsis draws no label")
  func tooNarrowForEllipsis() {
    let view = View(frame: Rect(x: 50, y: 40, width: 6, height: 30))
    view.style = ViewStyle(fill: Color(hex: "#3366cc"), label: "Hello", labelColor: .white, fontSize: 14)
    let bare = View(frame: view.frame)
    bare.style = ViewStyle(fill: Color(hex: "#3366cc"))
    #expect(Self.render([view], scale: 1).difference(from: Self.render([bare], scale: 1)) == nil)
  }

  @Test("a label that fits its view is drawn as in a view of any larger size", arguments: [1.0, 1.5, 2.0])
  func fittingLabelUnchanged(scale: Double) {
    let cache = LabelPainter.Cache()
    let label = "Two fingers\nor one"
    let advance = max(
      cache.advance(of: "Two fingers", fontSize: 13), cache.advance(of: "or one", fontSize: 13))
    // Exactly as wide as the widest line: nothing truncated.
    #expect(cache.lines(of: label, fontSize: 13, width: advance) == ["Two fingers", "or one"])
    let center = Point(x: 100.3, y: 60.7)
    let snug = Self.labelled(Rect(x: 0, y: 0, width: advance + 8, height: 44), label, fontSize: 13)
    let roomy = Self.labelled(Rect(x: 0, y: 0, width: 190, height: 110), label, fontSize: 13)
    snug.center = center
    roomy.center = center
    // The same centre: the same mask, whatever the view's size.
    let snugImage = Self.render([snug], scale: scale)
    #expect(snugImage.difference(from: Self.render([roomy], scale: scale)) == nil)
    #expect(snugImage.difference(from: Self.render([], scale: scale)) != nil)
  }

  /// `FontWarmUp` lays text out on a thread of its own while the app's first frame may draw
  /// labels: cairo and fontconfig must take both at once, and the pixels must not change.
  @Test("font warm-ups on other threads while labels are drawn change no pixel")
  func warmUpAlongsideDrawing() {
    let views = { [Self.labelled(Rect(x: 10, y: 10, width: 180, height: 40), "Drag me 42", fontSize: 14)] }
    let reference = Self.render(views(), scale: 1.5)
    for _ in 0..<4 { FontWarmUp.start() }
    for _ in 0..<20 {
      FontWarmUp.warm()
      #expect(Self.render(views(), scale: 1.5).difference(from: reference) == nil)
    }
  }
}
