import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// Layers stacked in the window's drawing order (`Renderer.layerExtent(of:in:scale:beneath:)`):
/// a card with translucent discs over it, as the Alt emulation shows them while it pinches the
/// card. The card qualifies only with the discs on layers above its own; the window drawn
/// without the three, with the card's layer and then the discs' composited over it (as the
/// compositor stacks the subsurfaces), gives cairo's full repaint within two levels.
@Suite("Renderer stacked layers")
struct RendererStackedLayerTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  /// A window with a labelled card, and two discs over it in a full-window container that
  /// draws nothing itself (the emulation's marker).
  private static func scene(_ random: inout SplitMix64) -> (Window, card: View, discs: [View]) {
    let window = Window(size: Size(width: 320, height: 240), clock: VirtualClock())
    let card = View(frame: Rect(x: 60, y: 50, width: 160, height: 110))
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 10), fill: Color(red: 0.2, green: 0.5, blue: 0.9),
      stroke: .white, label: "Photo")
    window.rootView.addSubview(card)
    let marker = View(frame: Rect(x: 0, y: 0, width: 320, height: 240))
    window.rootView.addSubview(marker)
    var discs: [View] = []
    for _ in 0..<2 {
      let disc = View(frame: Rect(x: 0, y: 0, width: 30, height: 30))
      disc.style = ViewStyle(
        shape: .circle,
        fill: Color(red: 0.55, green: 0.55, blue: 0.55, alpha: 0.35 + 0.35 * Double(random.index(2))),
        stroke: Color(red: 1, green: 1, blue: 1, alpha: 0.9))
      disc.center = Point(x: 70 + Double(random.index(140)), y: 60 + Double(random.index(90)))
      marker.addSubview(disc)
      discs.append(disc)
    }
    card.center = card.center + Point(x: Double(random.index(21)) - 10, y: Double(random.index(21)) - 10)
    if random.index(2) == 0 { card.transform = AffineTransform(scaleX: 1.2, y: 1.2) }
    return (window, card, discs)
  }

  @Test("a card under the discs qualifies with them on layers above it, and the stack gives the full repaint")
  func cardUnderDiscs() throws {
    var random = SplitMix64(seed: 0x57AC_4ED)
    for run in 0..<12 {
      let scale = [1.0, 2.0, 1.5, 1.25][run % 4]
      let (window, card, discs) = Self.scene(&random)
      let renderer = Renderer()
      #expect(renderer.layerExtent(of: card, in: window, scale: scale) == nil, "run \(run): a disc covers it")
      // Front to back, as LayerPlan decides them.
      let second = try #require(renderer.layerExtent(of: discs[1], in: window, scale: scale))
      let first = try #require(
        renderer.layerExtent(of: discs[0], in: window, scale: scale, beneath: [discs[1]]))
      let below = try #require(
        renderer.layerExtent(of: card, in: window, scale: scale, beneath: [discs[1], discs[0]]),
        "run \(run)")
      let size = (Int(window.size.width * scale), Int(window.size.height * scale))
      let image = Image(width: size.0, height: size.1)
      renderer.render(
        window, background: Self.background, into: image.buffer, scale: scale, excluding: [card] + discs)
      var pixels = image.words
      for (view, found) in [(card, below), (discs[0], first), (discs[1], second)] {
        let extent = found
        let layer = Image(
          width: Int((extent.width * scale).rounded(.up)), height: Int((extent.height * scale).rounded(.up)))
        renderer.renderLayer(of: view, in: window, into: layer.buffer, origin: extent.origin, scale: scale)
        LayerCompositing.over(
          layer, at: (Int((extent.minX * scale).rounded()), Int((extent.minY * scale).rounded())),
          onto: &pixels,
          width: size.0, height: size.1)
      }
      let reference = Image.cairoReference(of: window, background: Self.background, scale: scale)
      let largest = LayerCompositing.largestChannelDifference(pixels, reference)
      #expect(largest.level <= 2, "run \(run) scale \(scale): \(largest)")
    }
  }

  @Test("a view on a layer in front is passed over with its subtree; one in the window still counts")
  func beneathOnlyWhatIsLifted() {
    let window = Window(size: Size(width: 200, height: 160), clock: VirtualClock())
    let card = View(frame: Rect(x: 40, y: 30, width: 80, height: 60))
    card.style = ViewStyle(fill: .white)
    window.rootView.addSubview(card)
    let group = View(frame: Rect(x: 0, y: 0, width: 200, height: 160))
    window.rootView.addSubview(group)
    let badge = View(frame: Rect(x: 100, y: 70, width: 30, height: 30))
    badge.style = ViewStyle(fill: .black)
    group.addSubview(badge)
    let renderer = Renderer()
    #expect(renderer.layerExtent(of: card, in: window, scale: 1) == nil)
    #expect(renderer.layerExtent(of: card, in: window, scale: 1, beneath: [badge]) != nil)
    #expect(renderer.layerExtent(of: card, in: window, scale: 1, beneath: [group]) != nil)
    let other = View(frame: Rect(x: 50, y: 40, width: 10, height: 10))
    other.style = ViewStyle(fill: .black)
    group.addSubview(other)
    #expect(renderer.layerExtent(of: card, in: window, scale: 1, beneath: [badge]) == nil)
  }
}
