import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// The damage the window records for moved views (Window+Damage.swift) is all a repair needs:
/// repairing only it gives cairo's full repaint, byte for byte, for random labelled views
/// (rectangles and rounded rectangles, some stroked, some in clipping containers, some past
/// the window's edges, some labels taller than their view) moved by fractions of a pixel or
/// far, at scales 1 to 2, with the renderer's shortcuts on.
@Suite("Renderer repairs of the window's damage")
struct RendererWindowDamageTests {
  // Before labels' boxes were grown by `View.labelOverflow`, case 13 kept a row of a "9"
  // that cairo had drawn past its clipped view's top.
  @Test("repairing the damage of random moves gives the full repaint")
  func repairs() {
    var random = SplitMix64(seed: 0x41_6e67)
    for index in 0..<300 {
      let (window, background) = RandomLabels.window(&random)
      for view in RandomLabels.labelled(in: window) where random.chance(0.3) {
        view.style.stroke = Color(red: random.double(0...1), green: 0.5, blue: 0.5)
        view.style.strokeWidth = random.double(0.5...5)
      }
      let scale = [1.0, 2.0, 1.5, 1.25][random.index(4)]
      let renderer = Renderer.banded(rows: [8, 200][random.index(2)])
      let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
      renderer.render(window, background: background, into: image.buffer, scale: scale)
      _ = window.takeDamage()
      let views = RandomLabels.labelled(in: window)
      for step in 0..<3 {
        let view = views[random.index(views.count)]
        let reach = random.chance(0.2) ? 30.0 : 4.0
        view.center.x += random.double(-reach...reach)
        view.center.y += random.double(-reach...reach)
        let damage = window.takeDamage()
        renderer.render(window, background: background, into: image.buffer, scale: scale, damage: damage)
        let difference = image.difference(
          from: .cairoReference(of: window, background: background, scale: scale))
        #expect(
          difference == nil, "case \(index), step \(step), scale \(scale): \(String(describing: difference))")
      }
    }
  }
}
