import CairoRenderer
import GestureKit
import TestSupport
import Testing

/// Labels too long for their view, repaired through the damage GestureKit records (the view's
/// old and new bounds): the repaired buffer equals a full repaint within `Image.tolerance`. Before labels
/// were truncated and clipped to their view, the text overflowing the view's bounds was left
/// stale on screen where the damage did not reach.
@Suite("Renderer label damage")
struct RendererLabelDamageTests {
  private static let backdrop = Color(hex: "#202020")!

  /// A 240x140 window: a blue round rect under a 60x24 card at a fractional position whose
  /// label is far wider than the card (and, at 30 points, taller), at `alpha`.
  private static func scene(alpha: Double) -> (window: Window, card: View) {
    let window = Window(size: Size(width: 240, height: 140), clock: VirtualClock())
    let under = View(frame: Rect(x: 10.5, y: 80.25, width: 200, height: 40))
    under.style = ViewStyle(shape: .roundRect(cornerRadius: 8), fill: Color(hex: "#3366cc"))
    let card = View(frame: Rect(x: 90.5, y: 30.25, width: 60, height: 24))
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 5), fill: Color(hex: "#e06c75"),
      label: "A label much wider than its card", labelColor: .white, fontSize: 14)
    card.alpha = alpha
    for view in [under, card] { window.rootView.addSubview(view) }
    return (window, card)
  }

  @Test(
    "a moving card with a long label repaired through its damage equals a full repaint",
    arguments: [1.0, 1.5, 2.0], [1.0, 0.7])
  func movingLongLabel(scale: Double, alpha: Double) {
    let scene = Self.scene(alpha: alpha)
    let width = Int(240 * scale)
    let height = Int(140 * scale)
    let screen = Image(width: width, height: height)
    let renderer = Renderer()
    renderer.render(scene.window, background: Self.backdrop, into: screen.buffer, scale: scale)
    let tracker = DamageTracker()
    _ = tracker.takeDamage(of: scene.window)
    let changes: [(String, (View) -> Void)] = [
      ("dragged", { $0.center = $0.center + Point(x: 37.3, y: 21.6) }),
      ("dragged back and down", { $0.center = $0.center + Point(x: -61.7, y: 40.2) }),
      ("relabelled short", { $0.style.label = "Ok" }),
      ("relabelled long, two lines", { $0.style.label = "Another long label\nand a second line" }),
      ("taller font", { $0.style.fontSize = 30 }),
      ("rotated", { $0.transform = AffineTransform(rotationAngle: 0.4) }),
      ("dragged while rotated", { $0.center = $0.center + Point(x: 20.2, y: -35.9) }),
    ]
    for (name, change) in changes {
      change(scene.card)
      let damage = tracker.takeDamage(of: scene.window)
      renderer.render(
        scene.window, background: Self.backdrop, into: screen.buffer, scale: scale, damage: damage)
      let reference = Image(width: width, height: height)
      Renderer().render(scene.window, background: Self.backdrop, into: reference.buffer, scale: scale)
      let differing = zip(screen.bytes, reference.bytes).filter { abs(Int($0) - Int($1)) > Image.tolerance }
        .count
      #expect(differing == 0, "\(name) at scale \(scale), alpha \(alpha): \(differing) bytes differ")
    }
  }

  @Test(
    "damage strips cutting through a rotated card's clipped label repair exactly a full repaint",
    arguments: [1.0, 1.5, 2.0], [1.0, 0.7])
  func damageAcrossClippedLabel(scale: Double, alpha: Double) {
    let scene = Self.scene(alpha: alpha)
    // No fill or stroke: the label's clip is the only slanted edge the strips cut.
    scene.card.style.fill = nil
    scene.card.style.fontSize = 30
    let width = Int(240 * scale)
    let height = Int(140 * scale)
    for angle in [0.35, 1.2, 2.5] {
      scene.card.transform = AffineTransform(rotationAngle: angle)
      let reference = Image(width: width, height: height)
      Renderer().render(scene.window, background: Self.backdrop, into: reference.buffer, scale: scale)
      var differing = 0
      // Strips whose left and right edges cross the card's slanted sides, and so the clip.
      for x in stride(from: 80.1, to: 160, by: 2.3) {
        let damage = [
          Rect(x: x, y: 0, width: x.truncatingRemainder(dividingBy: 2) < 1 ? 0.6 : 3.7, height: 140)
        ]
        // Another frame's pixels under the strip, so that only its repair makes them right.
        let screen = Image(width: width, height: height)
        let renderer = Renderer()
        renderer.render(scene.window, background: .white, into: screen.buffer, scale: scale)
        renderer.render(
          scene.window, background: Self.backdrop, into: screen.buffer, scale: scale, damage: damage)
        let strip = Renderer.bufferRects(for: damage, scale: scale, width: width, height: height)[0]
        for y in Int(strip.minY)..<Int(strip.maxY) {
          for x in Int(strip.minX)..<Int(strip.maxX) {
            let offset = y * screen.buffer.stride + x * 4
            let got = screen.buffer.data.load(fromByteOffset: offset, as: UInt32.self)
            if !Image.isClose(got, reference.buffer.data.load(fromByteOffset: offset, as: UInt32.self)) {
              differing += 1
            }
          }
        }
      }
      #expect(differing == 0, "angle \(angle), scale \(scale), alpha \(alpha): \(differing) pixels differ")
    }
  }
}
