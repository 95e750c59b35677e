import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// The label caches under gestures (LabelPainter.Cache, LabelMasks): a card pinched and turned
/// on its layer gets a new device matrix every frame, so what it makes is used for the frame
/// and let go (`LabelPainter.Cache.isSteady`); the labels of views standing still stay kept.
@Suite("Label caches under gestures")
struct RendererLabelCacheTests {
  @Test(
    "a card turned and pinched through 600 frames keeps no layout or mask of its own; the still labels stay")
  func turningCardKeepsNothing() {
    let window = Window(size: Size(width: 320, height: 240), clock: VirtualClock())
    let still = View(frame: Rect(x: 10, y: 10, width: 120, height: 40))
    still.style = ViewStyle(fill: .white, label: "Standing still")
    let card = View(frame: Rect(x: 100, y: 80, width: 140, height: 90))
    card.style = ViewStyle(shape: .roundRect(cornerRadius: 12), fill: .black, label: "Pinch, turn\nor drag")
    card.alpha = 0.9
    window.rootView.addSubview(still)
    window.rootView.addSubview(card)
    let renderer = Renderer()
    let image = Image(width: 320, height: 240)
    renderer.render(window, background: .black, into: image.buffer, scale: 1)
    let layouts = renderer.labels.layouts.count
    let masks = renderer.labels.masks.count
    #expect(layouts >= 2 && masks == 2, "\(layouts) layouts and \(masks) masks after the first frame")
    let layer = Image(width: 320, height: 240)
    for frame in 1...600 {
      let t = Double(frame) / 600
      card.transform = AffineTransform(rotationAngle: 2 * t).concatenating(
        AffineTransform(scaleX: 1 + 0.5 * t, y: 1 + 0.5 * t))
      renderer.renderLayer(of: card, in: window, into: layer.buffer, origin: .zero, scale: 1)
      if frame % 50 == 0 {
        renderer.render(window, background: .black, into: image.buffer, scale: 1, excluding: [card])
      }
    }
    #expect(renderer.labels.layouts.count == layouts, "layouts kept: \(renderer.labels.layouts.count)")
    #expect(renderer.labels.masks.count == masks, "masks kept: \(renderer.labels.masks.count)")
    // The turned frames drew their label all the same: the last picture has the card's pixels.
    #expect(layer.words.contains { $0 != 0 })
  }
}
