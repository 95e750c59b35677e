import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// Labels cut by a repair's band give the full repaint's pixels (Renderer+Labels.swift):
/// random labels, font sizes, colours, views (some in a clipping container), positions
/// (whole, quarter and arbitrary fractions of a pixel, some past the window's edges) and
/// scales, repaired in bands of 1, 8 or 200 rows after each move, against cairo's full
/// repaint.
@Suite("Renderer labels cut by a band")
struct RendererLabelCutTests {
  // Without the label drawn apart, 34 of these 900 repairs lost or kept a glyph's edge row
  // (the top of an 'é' accent, 4 to 18 pixels) that cairo's full repaint draws.
  @Test("a moved label repaired in bands is cairo's full repaint, wherever a band cuts it")
  func repairs() {
    var random = SplitMix64(seed: 0xba4d_1abe)
    var failures = 0
    for index in 0..<300 {
      let (window, background) = RandomLabels.window(&random)
      let scale = [1.0, 2.0, 1.5, 1.25][random.index(4)]
      let renderer = Renderer.banded(rows: [1, 8, 200][random.index(3)])
      // cairo draws every label (masks replay theirs whole, wherever the band is).
      renderer.labelMasks.isEnabled = false
      let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
      renderer.render(window, background: background, into: image.buffer, scale: scale)
      let views = RandomLabels.labelled(in: window)
      for step in 0..<3 {
        let view = views[random.index(views.count)]
        let before = view.frame.offsetBy(
          dx: view.superview?.frame.minX ?? 0, dy: view.superview?.frame.minY ?? 0)
        view.center.x += random.double(-4...4)
        view.center.y += random.double(-4...4)
        let after = view.frame.offsetBy(
          dx: view.superview?.frame.minX ?? 0, dy: view.superview?.frame.minY ?? 0)
        renderer.render(
          window, background: background, into: image.buffer, scale: scale,
          damage: [before.union(after).insetBy(dx: -2, dy: -2)])
        let difference = image.difference(
          from: .cairoReference(of: window, background: background, scale: scale))
        if difference != nil { failures += 1 }
        #expect(
          difference == nil, "case \(index), step \(step), scale \(scale): \(String(describing: difference))")
      }
    }
    #expect(failures == 0)
  }
}
