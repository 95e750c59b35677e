import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// Rotated strokes with curves, repaired in bands cut through them (ShapePainter.stroke): a
/// band whose top cuts off a rounded corner gives the full repaint's pixels.
@Suite("Renderer rotated strokes")
struct RendererRotatedStrokeTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  // At ten times the cases (`GP_RENDER_RUNS=10`), run 399 at 1.5 still differs by one level
  // in two pixels of a round rect's side, far from the band's bottom cut (not explained yet,
  // noted on issue 6): this suite is not in `make soak`.
  @Test(
    "rotated stroked round rects and ellipses, repaired in bands cut through them, match the full repaint",
    arguments: [1.0, 1.5, 2.0])
  func bandsThroughRotatedStrokes(scale: Double) {
    var random = RandomRenderRuns.generator(seed: 0x57_0CE5 &+ UInt64(scale * 4))
    for run in RandomRenderRuns.cases(40) {
      let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
      let card = View(frame: .zero)
      card.bounds = Rect(x: 0, y: 0, width: random.double(20...60), height: random.double(20...70))
      card.center = Point(x: random.double(50...110), y: random.double(40...80))
      card.transform = AffineTransform(rotationAngle: random.double(-1...1))
      let shape: ViewShape = random.chance(0.75) ? .roundRect(cornerRadius: random.double(2...12)) : .circle
      card.style = ViewStyle(
        shape: shape, fill: random.chance(0.5) ? Color(red: 0.8, green: 0.1, blue: 0.4, alpha: 0.5) : nil,
        stroke: .white, strokeWidth: random.double(0.5...4))
      window.rootView.addSubview(card)
      // Whole rows of the window (the columns hold the card), or a narrower rectangle.
      let top = random.double(10...100).rounded()
      let damage =
        random.chance(0.5)
        ? Rect(x: 0, y: top, width: 160, height: random.double(2...30).rounded())
        : Rect(x: random.double(0...80).rounded(), y: top, width: 60, height: random.double(2...30).rounded())
      let difference = Image.repairDifference(
        background: Self.background, window, scale: scale, damage: [damage], renderer: Renderer())
      #expect(
        difference == nil,
        "run \(run): \(shape) \(card.bounds) at \(card.center), damage \(damage): \(String(describing: difference))"
      )
    }
  }
}
