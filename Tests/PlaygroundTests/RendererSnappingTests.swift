import GestureKit
import Testing

@testable import CairoRenderer
@testable import Playground

/// Quarter-pixel positions (Renderer+Snapping.swift): axis-aligned views are drawn at their
/// device position rounded to a quarter pixel when the damage of their exact position still
/// covers them; repairs stay byte-identical to full repaints and to cairo's own pixels, a
/// subview keeps its quarter offset from its superview, and a dragged card replays a mask per
/// phase.
@Suite("Renderer quarter-pixel positions")
struct RendererSnappingTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  /// A full repaint of `window` at `scale`: cairo's own pixels unless `fast`, at exact
  /// positions unless `snaps`.
  private static func full(
    _ window: Window, scale: Double, fast: Bool = false, snaps: Bool = true, background: Color = background
  ) -> Image {
    Image.cairoReference(
      of: window, background: background, scale: scale, snapsPositions: snaps, fastPaths: fast)
  }

  /// A pseudo-random sequence in `0..<range`. A generator of its own (an LCG), not
  /// TestSupport's `SplitMix64`: `sceneCases` holds seeds whose scenes found repair bugs,
  /// and another generator would draw other scenes from them.
  private struct Random {
    var state: UInt64

    mutating func next(_ range: Double) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53) * range
    }
  }

  @Test("a rounded position is never outside the exact one's pixels, and shifts by quarters keep it")
  func snappedArithmetic() {
    var random = Random(state: 3)
    for _ in 0..<2000 {
      let exact = random.next(400) - 100
      let scale = [1, 1.25, 1.5, 2, -1][Int(random.next(5))]
      let low = random.next(30) - 10
      let high = low + random.next(80)
      let snapped = Renderer.snapped(exact, scale: scale, from: low, to: high)
      // An eighth of a pixel at most, and the 512th a tie decided on cairo's grid may add.
      #expect(abs(snapped - exact) <= Renderer.positionQuantum / 2 + 0.5 / Double(Renderer.fixedOne))
      let near = min(scale * low, scale * high)
      let far = max(scale * low, scale * high)
      // What cairo touches at the rounded position (its edges on the fixed-point grid, rounded
      // out) lies inside what the exact position's damage covers (its edges rounded out).
      #expect(Renderer.onFixedGrid(near + snapped).rounded(.down) >= (near + exact).rounded(.down))
      #expect(Renderer.onFixedGrid(far + snapped).rounded(.up) <= (far + exact).rounded(.up))
      // Whole-pixel sizes always round; rounding commutes with shifts by quarters.
      let shift = Double(Int(random.next(40)) - 20) / 4
      let whole = Renderer.snapped(exact, scale: 1, from: 0, to: 30)
      #expect(whole == (Renderer.onFixedGrid(exact) * 4 + 0.5).rounded(.down) / 4)
      #expect(Renderer.snapped(exact + shift, scale: 1, from: 0, to: 30) == whole + shift)
    }
  }

  @Test("a position on a tie rounds the same way whatever floating-point noise reached it")
  func tiesIgnoreNoise() {
    // Odd eighths of a pixel (43.75 at scale 1.5 is 65.625), reached through other roundings
    // in a band repaired some whole pixels from the frame's origin (65.625 - 72 came out as
    // -6.375000000000001).
    for eighth in stride(from: -41, through: 41, by: 2) {
      let tie = Double(eighth) / 8
      let rounded = Renderer.snapped(tie, scale: 1, from: 0, to: 30)
      #expect(Renderer.snapped(tie.nextDown, scale: 1, from: 0, to: 30) == rounded)
      #expect(Renderer.snapped(tie.nextUp, scale: 1, from: 0, to: 30) == rounded)
      #expect(Renderer.snapped(tie - 72 + 1e-13, scale: 1, from: 0, to: 30) == rounded - 72)
    }
  }

  @Test("a rect on a tie at scale 1.5, repaired in a band, is where the full repaint draws it")
  func tieInBand() {
    // Found by random drags at scale 1.5: the band drew the rect's right edge a quarter pixel
    // left of the full repaint's (a column 25 levels off).
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    let card = View(frame: Rect(x: 43.75, y: 64, width: 80.74122756317351, height: 27.62160621397593))
    card.style = ViewStyle(fill: Color(hex: "#5b6eb4"))
    window.rootView.addSubview(card)
    for fast in [false, true] {
      let difference = Image.repairDifference(
        background: Self.background, window, scale: 1.5, damage: [Rect(x: 51, y: 73, width: 109, height: 79)],
        fast: fast, rows: 1000)
      #expect(difference == nil, "fast paths \(fast): \(String(describing: difference))")
    }
  }

  @Test("a view is drawn at its nearest quarter pixel, or at its exact position when that would leak")
  func roundsOrKeeps() {
    let window = Window(size: Size(width: 80, height: 60), clock: VirtualClock())
    let card = View(frame: .zero)
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 6), fill: Color(red: 0.9, green: 0.3, blue: 0.2), stroke: .white,
      strokeWidth: 2, label: "Hi", fontSize: 11)
    window.rootView.addSubview(card)
    // Whole sizes: drawn where the exact render of the quarter position draws.
    card.frame = Rect(x: 10.37, y: 7.9, width: 40, height: 30)
    let rounded = Self.full(window, scale: 1)
    card.frame = Rect(x: 10.25, y: 8, width: 40, height: 30)
    #expect(rounded.bytes == Self.full(window, scale: 1, snaps: false).bytes)
    // A width of 20.05 from x = 10.9: at 11 its right edge would reach pixel 31.
    card.frame = Rect(x: 10.9, y: 8, width: 20.05, height: 30)
    #expect(Self.full(window, scale: 1).bytes == Self.full(window, scale: 1, snaps: false).bytes)
  }

  @Test("a subview a quarter multiple from its superview keeps its exact offset", arguments: [1.0, 2.0])
  func subviewsKeepOffsets(scale: Double) {
    let window = Window(size: Size(width: 100, height: 80), clock: VirtualClock())
    let parent = View(frame: Rect(x: 20.37, y: 10.6, width: 50, height: 40))
    parent.style = ViewStyle(shape: .roundRect(cornerRadius: 5), fill: Color(red: 0.2, green: 0.4, blue: 0.8))
    let child = View(frame: Rect(x: 10.25, y: 5.5, width: 12, height: 9))
    child.style = ViewStyle(shape: .circle, fill: .white, stroke: .black, strokeWidth: 1)
    let grandchild = View(frame: Rect(x: 2.75, y: 1.25, width: 4, height: 4))
    grandchild.style = ViewStyle(fill: Color(red: 0.9, green: 0.8, blue: 0.1))
    child.addSubview(grandchild)
    parent.addSubview(child)
    window.rootView.addSubview(parent)
    let rounded = Self.full(window, scale: scale)
    // The parent at its rounded device position, the subtree at its exact offsets.
    let device = Point(x: parent.frame.minX * scale, y: parent.frame.minY * scale)
    parent.frame.origin = Point(
      x: (device.x * 4 + 0.5).rounded(.down) / 4 / scale, y: (device.y * 4 + 0.5).rounded(.down) / 4 / scale)
    #expect(rounded.bytes == Self.full(window, scale: scale, snaps: false).bytes)
  }

  /// A window of random views: rects, rounded rects and circles, filled and stroked, at
  /// fractional positions and sizes, some rotated or scaled, translucent or clipping, with
  /// subviews at quarter and other offsets; each with the radius its drawing stays within
  /// around its centre. Views are centred anywhere in the window, so that some cross its
  /// edges (and the bands' sides at the same time).
  private static func randomScene(seed: UInt64) -> (Window, [(view: View, radius: Double)]) {
    var random = Random(state: seed)
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    var views: [(View, Double)] = []
    for index in 0..<12 {
      let size = Size(width: 6 + random.next(34), height: 6 + random.next(30))
      // Half the diagonal, the subview's reach past the bounds, the largest scale below.
      let radius = ((size.width * size.width + size.height * size.height).squareRoot() / 2 + 10) * 1.5
      let view = View(frame: Rect(origin: .zero, size: size))
      view.center = Point(x: random.next(160), y: random.next(120))
      let shapes: [ViewShape] = [.rect, .roundRect(cornerRadius: random.next(12)), .circle]
      view.style = ViewStyle(
        shape: shapes[index % 3],
        fill: Color(red: random.next(1), green: random.next(1), blue: random.next(1)),
        stroke: index % 2 == 0 ? .white : nil, strokeWidth: [1, 2.5, 0.75][index % 3],
        label: index == 4 ? "Ab" : nil, fontSize: 10)
      switch index % 6 {
      case 1: view.transform = AffineTransform(rotationAngle: random.next(3))
      case 3: view.transform = AffineTransform(scaleX: 0.5 + random.next(1), y: 0.5 + random.next(1))
      case 4: view.alpha = 0.7
      case 5: view.clipsToBounds = true
      default: break
      }
      if index % 4 == 0 {
        // A quarter multiple from the superview's origin, or not (0.3 more down).
        let child = View(
          frame: Rect(
            x: Double(Int(random.next(4 * size.width))) / 4 - 2,
            y: (index % 8 == 0 ? 0.3 : 0) + Double(Int(random.next(4 * size.height))) / 4 - 2,
            width: 3 + random.next(7), height: 3 + random.next(7)))
        child.style = ViewStyle(shape: .circle, fill: .white, stroke: .black, strokeWidth: 1)
        if index == 8 { child.transform = AffineTransform(rotationAngle: 0.4) }
        view.addSubview(child)
      }
      window.rootView.addSubview(view)
      views.append((view, radius))
    }
    return (window, views)
  }

  /// The random scenes repaired, as (scale, seed): the first few at every scale, and those that
  /// once repaired wrongly at the scale they did (labels starting on a half device pixel, a
  /// label in a translucent view cut by a band's side: RendererLabelRepairTests).
  static let sceneCases: [(Double, UInt64)] =
    [1.0, 1.5, 2.0].flatMap { scale in (1...4).map { (scale, UInt64($0)) } }
    + [(1.5, 74), (1, 34), (1.5, 34), (1, 63), (1, 65)]

  @Test(
    "repairing only the damage of random fractional moves gives the full repaint exactly",
    arguments: Self.sceneCases)
  func repairsEqualFullRepaints(scale: Double, seed: UInt64) {
    let (window, views) = Self.randomScene(seed: seed)
    var random = Random(state: seed &+ 99)
    // Bands of 8 rows, so that shapes are cut at their tops and bottoms too.
    let renderer = Renderer.banded(rows: 8)
    let image = Image(width: Int(160 * scale), height: Int(120 * scale))
    renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
    var region = DamageRegion()
    window.takeDamage(into: &region)
    for frame in 0..<30 {
      for _ in 0..<2 {
        let (view, _) = views[Int(random.next(Double(views.count)))]
        let moved = view.center + Point(x: random.next(6) - 3, y: random.next(6) - 3)
        // The centre stays in the window; the view may reach past its edges.
        view.center = Point(x: min(max(moved.x, 0), 160), y: min(max(moved.y, 0), 120))
        if random.next(1) < 0.15 { view.transform = AffineTransform(rotationAngle: random.next(1)) }
        if random.next(1) < 0.1 { view.transform = .identity }
      }
      window.takeDamage(into: &region)
      renderer.render(
        window, background: Self.background, into: image.buffer, scale: scale, damage: region.rects)
      let cairo = Self.full(window, scale: scale)
      #expect(image.difference(from: cairo) == nil, "seed \(seed), scale \(scale), frame \(frame)")
      #expect(
        Self.full(window, scale: scale, fast: true).difference(from: cairo) == nil,
        "full, seed \(seed), scale \(scale), frame \(frame)")
    }
  }

  /// The view of `identifier` in `view`'s subtree.
  private static func find(_ identifier: String, in view: View) -> View? {
    if view.identifier == identifier { return view }
    for subview in view.subviews {
      if let found = find(identifier, in: subview) { return found }
    }
    return nil
  }

  @Test("the cards scene's red card dragged by fractions of a pixel replays one mask per phase")
  func cardsSceneDrag() throws {
    let scene = try SceneLibrary.load("cards")
    let window = Window(size: scene.size, clock: VirtualClock())
    scene.install(in: window)
    let red = try #require(Self.find("red", in: window.rootView))
    let renderer = Renderer()
    let image = Image(width: Int(scene.size.width), height: Int(scene.size.height))
    renderer.render(window, background: scene.background, into: image.buffer, scale: 1)
    var region = DamageRegion()
    window.takeDamage(into: &region)
    let start = red.center
    // The benchmark's drag: 300 x 100 px in 198 steps, 60 of them, then back the same way.
    let steps = Array(0...60) + Array((0..<60).reversed())
    var masksAfterFirstPass = 0
    var replaysBeforeSecondPass = 0
    for (frame, step) in steps.enumerated() {
      red.center = start + Point(x: 300 * Double(step) / 198, y: 100 * Double(step) / 198)
      window.takeDamage(into: &region)
      renderer.render(
        window, background: scene.background, into: image.buffer, scale: 1, damage: region.rects)
      if frame % 10 == 0 || frame == steps.count - 1 {
        let full = Self.full(window, scale: 1, background: scene.background)
        #expect(image.difference(from: full) == nil, "frame \(frame)")
      }
      if frame == 60 {
        masksAfterFirstPass = renderer.fastFill.masksMade
        replaysBeforeSecondPass = renderer.fastFill.replays
      }
    }
    let redMasks = renderer.fastFill.maskKeys.filter { $0.outline.bounds == red.bounds }
    #expect(redMasks.count <= 16 && redMasks.count >= 4, "\(redMasks.count) masks of the red card")
    #expect(renderer.fastFill.masksMade == masksAfterFirstPass, "the way back made masks")
    // Each frame of the way back draws the red card from a mask at least once.
    #expect(renderer.fastFill.replays - replaysBeforeSecondPass >= 60)
  }
}
