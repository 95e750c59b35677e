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
    var random = RandomRenderRuns.generator(seed: 0x41_6e67)
    for index in RandomRenderRuns.cases(300) {
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

  // cairo composites the glyphs whole when their box is inside the clip, and hinting put a
  // row of them above it, outside the container too: the damage, clipped to the container,
  // left that row behind (26 pixels; case 437 of `repairs` with GP_RENDER_RUNS=10).
  @Test("a label's rows past its clipping container are in the damage")
  func overflowPastContainer() {
    let window = Window.clippedCard(
      container: Rect(x: 16, y: 12, width: 59, height: 22),
      card: Rect(
        x: 13.738301251098434, y: -2.6489216851265063, width: 38.06465484746313, height: 23.394575620453104),
      style: ViewStyle(
        shape: .roundRect(cornerRadius: 4), fill: Color(red: 0.32, green: 0.92, blue: 0.83), label: "7yvWkv3",
        labelColor: Color(red: 0.5, green: 0.8, blue: 0.81), fontSize: 21.91928240402452))
    let card = window.rootView.subviews[0].subviews[0]
    let background = Color(red: 0.72, green: 0.62, blue: 0.89)
    let renderer = Renderer.banded(rows: 8)
    let image = Image(width: 240, height: 160)
    renderer.render(window, background: background, into: image.buffer, scale: 2)
    _ = window.takeDamage()
    card.frame.origin = Point(x: 14.34459790178083, y: -3.5250517534957524)
    renderer.render(window, background: background, into: image.buffer, scale: 2, damage: window.takeDamage())
    let difference = image.difference(from: .cairoReference(of: window, background: background, scale: 2))
    #expect(difference == nil, "\(String(describing: difference))")
  }
}
