import GestureKit
import Testing

@testable import CairoRenderer

/// Opaque shapes inside a translucent view's group (its own subtree drawn into the surface of
/// `cairo_push_group`) are drawn by the exact shortcuts into that surface, with cairo's very
/// bytes: rects, rounded rects and circles, filled and stroked, in nested groups, under
/// clips, at whole and fractional positions and scales 1, 1.25 and 2, in full frames and in
/// damage repairs cut by bands.
@Suite("Renderer fast paths in groups")
struct RendererGroupFastPathTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  /// A 160x120 window: a translucent rounded card holding an opaque circle, a stroked rect
  /// and a translucent child card (a group in the group) holding a rounded rect; a clipping
  /// view with an unaligned clip holding a translucent square; the card's origin offset by
  /// `shift`.
  private static func scene(shift: Double) -> (window: Window, card: View, clipper: View) {
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    let card = View(frame: Rect(x: 20 + shift, y: 15 + shift / 2, width: 90, height: 70))
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 12), fill: Color(red: 0.78, green: 0.47, blue: 0.87), stroke: .white,
      strokeWidth: 2)
    card.alpha = 0.9
    let circle = View(frame: Rect(x: 8, y: 6, width: 30, height: 30))
    circle.style = ViewStyle(
      shape: .circle, fill: Color(red: 0.38, green: 0.69, blue: 0.94), stroke: .white, strokeWidth: 3)
    let box = View(frame: Rect(x: 45.5, y: 10.25, width: 30, height: 20))
    box.style = ViewStyle(fill: Color(red: 0.9, green: 0.8, blue: 0.1), stroke: .black, strokeWidth: 1)
    let inner = View(frame: Rect(x: 20, y: 38, width: 50, height: 26))
    inner.style = ViewStyle(
      shape: .roundRect(cornerRadius: 6), fill: Color(red: 0.6, green: 0.76, blue: 0.47))
    inner.alpha = 0.5
    let dot = View(frame: Rect(x: 4, y: 4, width: 14, height: 14))
    dot.style = ViewStyle(shape: .circle, fill: .white)
    inner.addSubview(dot)
    for view in [circle, box, inner] { card.addSubview(view) }
    let clipper = View(frame: Rect(x: 115.5, y: 60.3, width: 40, height: 40))
    clipper.clipsToBounds = true
    let square = View(frame: Rect(x: -5, y: 10, width: 30, height: 40))
    square.style = ViewStyle(fill: Color(red: 0.9, green: 0.42, blue: 0.46), stroke: .white, strokeWidth: 2)
    square.alpha = 0.7
    clipper.addSubview(square)
    for view in [card, clipper] { window.rootView.addSubview(view) }
    return (window, card, clipper)
  }

  @Test("full frames with groups match cairo byte for byte", arguments: [1.0, 1.25, 2.0])
  func fullFrames(scale: Double) {
    for shift in [0, 0.25, 0.37, 1.5] {
      let (window, _, _) = Self.scene(shift: shift)
      let renderer = Renderer()
      let image = Image(width: Int(160 * scale), height: Int(120 * scale))
      // The second frame makes the masks, the third replays them.
      for _ in 0..<3 {
        renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
      }
      #expect(
        image.difference(from: Image.cairoReference(of: window, background: Self.background, scale: scale))
          == nil, "shift \(shift), scale \(scale)")
      let replaysBefore = renderer.fastFill.replays
      renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
      // Outside groups: nothing but the root (no shape). Inside: the card's fill and stroke,
      // the circle's, the box's, the inner card's fill and the dot.
      #expect(renderer.fastFill.replays - replaysBefore >= 8, "shift \(shift), scale \(scale)")
    }
  }

  @Test(
    "a translucent card dragged over shapes repairs in bands as cairo draws",
    arguments: [1.0, 2.0], [false, true])
  func draggedInBands(scale: Double, fractional: Bool) {
    let (window, card, _) = Self.scene(shift: 0)
    let under = View(frame: Rect(x: 60, y: 30, width: 50, height: 60))
    under.style = ViewStyle(shape: .circle, fill: Color(red: 0.2, green: 0.4, blue: 0.8))
    window.rootView.insertSubview(under, at: 0)
    // Bands of 8 rows: the card and its group are cut at the top and bottom of several.
    let renderer = Renderer.banded(rows: 8)
    let image = Image(width: Int(160 * scale), height: Int(120 * scale))
    renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
    var region = DamageRegion()
    window.takeDamage(into: &region)
    let step = fractional ? Point(x: 1.37, y: 0.61) : Point(x: 3, y: 1)
    for frame in 0..<16 {
      card.center = card.center + (frame < 8 ? step : Point(x: -step.x, y: -step.y))
      window.takeDamage(into: &region)
      renderer.render(
        window, background: Self.background, into: image.buffer, scale: scale, damage: region.rects)
      #expect(
        image.difference(from: Image.cairoReference(of: window, background: Self.background, scale: scale))
          == nil,
        "frame \(frame), scale \(scale), fractional \(fractional)")
    }
    #expect(renderer.fastFill.replays > 0)
  }

  @Test("the translucent view of an unaligned clip is drawn by cairo")
  func unalignedClip() {
    let (window, card, _) = Self.scene(shift: 0)
    card.isHidden = true
    let renderer = Renderer()
    let image = Image(width: 160, height: 120)
    for _ in 0..<3 { renderer.render(window, background: Self.background, into: image.buffer, scale: 1) }
    #expect(renderer.fastFill.masksMade == 0)
    #expect(image.bytes == Image.cairoReference(of: window, background: Self.background, scale: 1).bytes)
  }
}
