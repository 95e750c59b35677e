import GestureKit
import TestSupport
import Testing

@testable import WaylandBackend

/// A layer shown through its viewport's source rectangle a fraction of a pixel off
/// (`LayerPlan.shown`, `LayerSource`): where the compositor puts the picture's pixels, worked
/// out from the requests alone, against where the window draws the view.
@Suite("Layer source")
struct LayerSourceTests {
  /// A card in a window, lifted with its picture drawn where it is now, covering its box
  /// grown by 4 logical pixels and laid on the device grid at `scale` (as the renderer lays it).
  private static func lifted(scale: Double) -> (card: View, entry: LayerPlan.Lifted) {
    let window = Window(size: Size(width: 800, height: 600), clock: VirtualClock())
    let card = View(frame: Rect(x: 101.3, y: 77.6, width: 120, height: 90))
    window.rootView.addSubview(card)
    let step = gridStep(scale)
    let box = card.drawnBox(toWindow: card.transformToWindow)!.insetBy(dx: -4, dy: -4)
    let minX = (box.minX / step).rounded(.down) * step
    let minY = (box.minY / step).rounded(.down) * step
    let extent = Rect(
      x: minX, y: minY, width: (box.maxX / step).rounded(.up) * step - minX,
      height: (box.maxY / step).rounded(.up) * step - minY)
    let drawn = card.transformToWindow
    return (
      card,
      LayerPlan.Lifted(
        view: card, slot: 0, extent: LayerExtent(rect: extent), drawn: drawn, current: drawn, room: nil)
    )
  }

  /// Whole logical pixels that are whole device pixels at `scale` (`Renderer.layerGrid`).
  private static func gridStep(_ scale: Double) -> Double {
    var step = 1.0
    while abs(step * scale - (step * scale).rounded()) > 1e-9 && step < 8 { step += 1 }
    return step
  }

  /// Where `shown` puts the device pixel edge that is `bufferEdge` in the layer's buffer (x or
  /// y: `origin` the layer's position, `size` its destination, `start` and `span` the source's).
  private static func screen(
    bufferEdge: Double, origin: Int, size: Int, start: Double, span: Double, scale: Double
  ) -> Double {
    Double(origin) * scale + (bufferEdge - start) * Double(size) * scale / span
  }

  @Test(
    "a move off the grid, pinched or not, shows the picture's edges at the view's, from inside the buffer, at a device pixel's corner",
    arguments: [1.0, 1.2, 1.25, 4.0 / 3, 1.5, 1.75, 2, 3])
  func edgesAtTheView(scale: Double) throws {
    var random = SplitMix64(seed: 0x50_12CE)
    var shifted = 0
    for _ in 0..<300 {
      let (card, entry) = Self.lifted(scale: scale)
      let drawnBox = card.drawnBox(toWindow: entry.drawn)!
      let extent = entry.extent.rect
      card.center =
        card.center
        + Point(
          x: Double(random.next() % 20_000) / 100 - 100, y: Double(random.next() % 20_000) / 100 - 100)
      var factor = 1.0
      if random.next() % 3 == 0 {
        factor = 0.7 + Double(random.next() % 100) / 100
        card.transform = AffineTransform(scaleX: factor, y: factor)
      }
      let now = card.transformToWindow
      let shown = try #require(LayerPlan.shown(entry, now: now, canScale: true, scale: scale, fast: true))
      guard let source = shown.source else {
        // Exact at whole pixels, or the margin, scaled with the card, is under a grid step.
        #expect(
          shown.isExact || 4 * factor < Self.gridStep(scale),
          "shown neither exactly nor through a source: \(shown)")
        continue
      }
      shifted += 1
      #expect(shown.isExact)
      // The layer's corner and far edges are device pixels' corners.
      for edge in [shown.x, shown.y, shown.x + shown.width, shown.y + shown.height] {
        let device = Double(edge) * scale
        #expect(abs(device - device.rounded()) < 1e-9, "edge \(edge) is off the device grid")
      }
      // Inside the buffer (the extent in device pixels).
      #expect(source.x >= 0 && source.y >= 0, "\(source)")
      #expect(source.x + source.width <= extent.width * scale + 1e-6, "\(source) past \(extent)")
      #expect(source.y + source.height <= extent.height * scale + 1e-6, "\(source) past \(extent)")
      // The view's edges as drawn into the buffer land where the window draws them now.
      let box = card.drawnBox(toWindow: now)!
      let corner = (x: (extent.minX * scale).rounded(), y: (extent.minY * scale).rounded())
      for (drawnEdge, nowEdge, horizontal) in [
        (drawnBox.minX, box.minX, true), (drawnBox.maxX, box.maxX, true), (drawnBox.minY, box.minY, false),
        (drawnBox.maxY, box.maxY, false),
      ] {
        let screen =
          horizontal
          ? Self.screen(
            bufferEdge: drawnEdge * scale - corner.x, origin: shown.x, size: shown.width, start: source.x,
            span: source.width, scale: scale)
          : Self.screen(
            bufferEdge: drawnEdge * scale - corner.y, origin: shown.y, size: shown.height, start: source.y,
            span: source.height, scale: scale)
        #expect(
          abs(screen - nowEdge * scale) < 1e-6, "an edge shown at \(screen), drawn at \(nowEdge * scale)")
      }
      // The destination holds every device pixel the view touches.
      #expect(Double(shown.x) * scale <= (box.minX * scale).rounded(.down) + 1e-9)
      #expect(Double(shown.x + shown.width) * scale >= (box.maxX * scale).rounded(.up) - 1e-9)
    }
    // The moves that whole pixels do not show exactly.
    #expect(shifted > 150, "only \(shifted) of 300 moves were shown through a source")
  }

  @Test(
    "without a viewport, with no room in the picture's margin, or moving slowly, a move is shown at whole pixels"
  )
  func noSource() throws {
    let (card, entry) = Self.lifted(scale: 1)
    card.center = card.center + Point(x: 10.5, y: 0)
    let now = card.transformToWindow
    let plain = try #require(LayerPlan.shown(entry, now: now, canScale: false, scale: 1, fast: true))
    #expect(plain.source == nil && !plain.isExact)
    // A slow move is drawn again (`LayerPlan.next`): no source is worked out for it.
    let slow = try #require(LayerPlan.shown(entry, now: now, canScale: true, scale: 1))
    #expect(slow.source == nil && !slow.isExact)
    // A picture with no margin: whole pixels inside it cannot hold the card's box.
    var tight = entry
    tight.extent = LayerExtent(rect: card.drawnBox(toWindow: entry.drawn)!.roundedOut)
    let cut = try #require(LayerPlan.shown(tight, now: now, canScale: true, scale: 1, fast: true))
    #expect(cut.source == nil && !cut.isExact)
  }

  @Test(
    "absurd moves and scales (far away, vanishingly small or huge, a scale of 0 or 1000) give no source past the buffer and no trap"
  )
  func absurdMoves() {
    for scale in [0.0, 1e-9, 1, 1.25, 1000] {
      for (move, factor) in [
        (1e15, 1.0), (-1e15, 1.0), (3.3, 1e-12), (3.3, 1e12), (1e9 + 0.5, 1.0), (0.4, 1e-3),
      ] {
        let (card, entry) = Self.lifted(scale: scale)
        card.center = card.center + Point(x: move, y: move / 3)
        card.transform = AffineTransform(scaleX: factor, y: factor)
        guard
          let shown = LayerPlan.shown(
            entry, now: card.transformToWindow, canScale: true, scale: scale, fast: true),
          let source = shown.source
        else { continue }
        let extent = entry.extent.rect
        #expect(source.x >= -1e-6 && source.x + source.width <= extent.width * scale + 1e-6, "\(source)")
        #expect(source.y >= -1e-6 && source.y + source.height <= extent.height * scale + 1e-6, "\(source)")
        #expect(source.width > 0 && source.height > 0)
      }
    }
  }

  @Test("in wl_fixed_t a source is rounded down and kept inside its buffer; nothing left or absurd is none")
  func fixedPoint() {
    let source = LayerSource(x: 0.5, y: 1.251, width: 87, height: 68.75)
    #expect(source.fixed(bufferWidth: 88, bufferHeight: 70)! == (128, 320, 87 * 256, 17600))
    // Past the buffer's edge: cut to it.
    #expect(source.fixed(bufferWidth: 87, bufferHeight: 70)! == (128, 320, 87 * 256 - 128, 17600))
    #expect(
      LayerSource(x: -0.001, y: 0, width: 10, height: 10).fixed(bufferWidth: 10, bufferHeight: 10)! == (
        0, 0, 2560, 2560
      ))
    #expect(LayerSource(x: 10, y: 0, width: 10, height: 10).fixed(bufferWidth: 10, bufferHeight: 10) == nil)
    #expect(LayerSource(x: .nan, y: 0, width: 10, height: 10).fixed(bufferWidth: 10, bufferHeight: 10) == nil)
    #expect(LayerSource(x: 0, y: 0, width: 1e12, height: 10).fixed(bufferWidth: 10, bufferHeight: 10) == nil)
  }
}
