import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// A layer cut by the window's edge or by a clipping ancestor (Renderer+Layer.swift): its
/// picture is the part of the view the window shows, so composited over the window drawn
/// without the view it gives cairo's full repaint, turned, translucent and at fractional
/// scales alike (to within the two levels of `RendererLayerTests`).
@Suite("Renderer cut layers")
struct RendererCutLayerTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  @Test(
    "a card turned and pinched past the window's edge or its container's clip, composited on its cut layer",
    arguments: [1.0, 1.25, 1.5, 1.75, 2.0], [false, true])
  func cutLayers(scale: Double, clipped: Bool) {
    let window = Window(size: Size(width: 240, height: 200), clock: VirtualClock())
    let container = View(frame: Rect(x: 20, y: 10, width: 200, height: 160))
    container.clipsToBounds = clipped
    container.style = ViewStyle(fill: Color(red: 0.2, green: 0.3, blue: 0.4))
    window.rootView.addSubview(container)
    let card = View(frame: Rect(x: 60, y: 40, width: 120, height: 80))
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 14), fill: Color(red: 0.78, green: 0.47, blue: 0.87),
      label: "Pinch, turn")
    card.alpha = 0.9
    container.addSubview(card)
    var cut = 0
    for step in 0..<6 {
      // Towards the bottom right corner, growing and turning.
      card.center = Point(x: 120 + Double(step) * 14, y: 80 + Double(step) * 12)
      card.transform = AffineTransform(rotationAngle: 0.25 * Double(step))
        .concatenating(AffineTransform(scaleX: 1 + 0.15 * Double(step), y: 1 + 0.15 * Double(step)))
      var room: Rect?
      guard let (found, isCut) = Renderer().layerPlacement(of: card, in: window, scale: scale, room: &room)
      else {
        Issue.record("step \(step): no layer")
        continue
      }
      if isCut { cut += 1 }
      let extent = found
      #expect(RendererLayerTests.onDeviceGrid(extent, scale: scale, whole: !isCut), "step \(step): \(extent)")
      let renderer = Renderer()
      let size = (Int(window.size.width * scale), Int(window.size.height * scale))
      let without = Image(width: size.0, height: size.1)
      renderer.render(
        window, background: Self.background, into: without.buffer, scale: scale, excluding: [card])
      let layer = Image(
        width: Int((extent.width * scale).rounded(.up)), height: Int((extent.height * scale).rounded(.up)))
      renderer.renderLayer(of: card, in: window, into: layer.buffer, origin: extent.origin, scale: scale)
      let composite = LayerCompositing.over(
        layer, at: (Int((extent.minX * scale).rounded()), Int((extent.minY * scale).rounded())), onto: without
      )
      let reference = Image.cairoReference(of: window, background: Self.background, scale: scale)
      let largest = LayerCompositing.largestChannelDifference(composite, reference)
      #expect(largest.level <= 2, "step \(step) scale \(scale) clipped \(clipped): \(largest)")
    }
    #expect(cut >= 2, "the last steps are cut (\(cut))")
  }
}
