import GestureKit
import Testing

@testable import CairoRenderer

/// Circles (and the ellipses a non-square bounds makes) filled and stroked by the exact
/// shortcuts give cairo's own bytes: at whole and fractional positions, at scales 1, 1.25 and
/// 2, in full frames and in damage repairs whose bands cut them at the top, the bottom and
/// the sides.
@Suite("Renderer circles in the fast path")
struct RendererCircleFastPathTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  /// The styles tried: fill only, stroke only (of widths below, at and above a pixel), both.
  private static let styles: [ViewStyle] = [
    ViewStyle(shape: .circle, fill: Color(red: 0.38, green: 0.69, blue: 0.94)),
    ViewStyle(shape: .circle, stroke: .white, strokeWidth: 0.75),
    ViewStyle(shape: .circle, stroke: Color(red: 0.9, green: 0.8, blue: 0.1), strokeWidth: 1),
    ViewStyle(
      shape: .circle, fill: Color(red: 0.38, green: 0.69, blue: 0.94), stroke: .white, strokeWidth: 4),
  ]

  @Test("filled and stroked circles match cairo in full frames", arguments: [1.0, 1.25, 2.0])
  func fullFrames(scale: Double) {
    let window = Window(size: Size(width: 96, height: 80), clock: VirtualClock())
    let view = View(frame: .zero)
    window.rootView.addSubview(view)
    let image = Image(width: Int(96 * scale), height: Int(80 * scale))
    for (index, style) in Self.styles.enumerated() {
      view.style = style
      let renderer = Renderer()
      let frames: [Rect] = [
        Rect(x: 10, y: 8, width: 60, height: 60), Rect(x: 10.25, y: 8.5, width: 60, height: 60),
        Rect(x: 3.37, y: 11.81, width: 71.3, height: 52.6), Rect(x: 20, y: 2, width: 7, height: 7),
      ]
      for frame in frames {
        view.frame = frame
        let before = renderer.fastFill.masksMade
        // The second frame makes the masks, the third replays them.
        for _ in 0..<3 {
          renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
        }
        #expect(renderer.fastFill.masksMade > before, "style \(index), frame \(frame): no mask made")
        #expect(
          image.bytes == Image.cairoReference(of: window, background: Self.background, scale: scale).bytes,
          "style \(index), frame \(frame), scale \(scale)")
      }
    }
  }

  /// A 160x120 window: the cards scene's blue circle in small (filled, 4-pixel white stroke)
  /// over a rounded card, and a rect `mover` whose moves damage parts of the circle.
  private static func scene(circleAt origin: Point) -> (Window, View) {
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    let under = View(frame: Rect(x: 30, y: 30, width: 90, height: 60))
    under.style = ViewStyle(
      shape: .roundRect(cornerRadius: 9), fill: Color(red: 0.6, green: 0.76, blue: 0.47))
    let circle = View(frame: Rect(origin: origin, size: Size(width: 70, height: 70)))
    circle.style = Self.styles[3]
    let mover = View(frame: Rect(x: 0, y: 0, width: 6, height: 6))
    mover.style = ViewStyle(fill: Color(red: 0.9, green: 0.42, blue: 0.46))
    for view in [under, circle, mover] { window.rootView.addSubview(view) }
    return (window, mover)
  }

  @Test(
    "circles cut by repair bands at the top, bottom and sides repair as cairo draws",
    arguments: [1.0, 2.0], [false, true])
  func cutByBands(scale: Double, fractional: Bool) {
    let (window, mover) = Self.scene(circleAt: fractional ? Point(x: 40.3, y: 20.6) : Point(x: 40, y: 20))
    // Bands of 8 rows: the circle is cut at the top and bottom of many.
    let renderer = Renderer.banded(rows: 8)
    let image = Image(width: Int(160 * scale), height: Int(120 * scale))
    renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
    var region = DamageRegion()
    window.takeDamage(into: &region)
    // The mover's damage cuts the circle sideways (its left, middle and right) and at its top
    // and bottom; the circle is drawn again in each frame.
    let spots: [Rect] = [
      Rect(x: 38, y: 30, width: 12, height: 50), Rect(x: 70, y: 15, width: 9, height: 80),
      Rect(x: 100, y: 40, width: 14, height: 20), Rect(x: 55, y: 14, width: 30, height: 10),
      Rect(x: 50, y: 85, width: 40, height: 9), Rect(x: 38, y: 30, width: 12, height: 50),
    ]
    for (frame, spot) in spots.enumerated() {
      mover.frame = spot
      window.takeDamage(into: &region)
      renderer.render(
        window, background: Self.background, into: image.buffer, scale: scale, damage: region.rects)
      #expect(
        image.bytes == Image.cairoReference(of: window, background: Self.background, scale: scale).bytes,
        "frame \(frame), scale \(scale), fractional \(fractional)")
    }
    #expect(renderer.fastFill.masksMade > 0)
  }
}
