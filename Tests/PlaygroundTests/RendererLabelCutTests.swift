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
    var random = RandomRenderRuns.generator(seed: 0xba4d_1abe)
    var failures = 0
    for index in RandomRenderRuns.cases(300) {
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

  // A container's clip at 1.25x falls off whole device pixels (x = 41.25), so cairo draws the
  // card's label straight into the band, not apart: a one-row band cutting the run's box gave
  // one glyph pixel 4 levels off (case 1530 of `repairs` with GP_RENDER_RUNS=10).
  @Test("a label under a clip off whole pixels, cut by a band, is cairo's full repaint")
  func fractionalClip() {
    let window = Window.clippedCard(
      container: Rect(x: 33, y: 14, width: 66, height: 49),
      card: Rect(
        x: -40.40336097402291, y: 14.209316477734795, width: 70.80672194804582, height: 43.58136704453041),
      style: ViewStyle(
        shape: .roundRect(cornerRadius: 4), label: "xpkHz!rs.",
        labelColor: Color(red: 0.26, green: 0.31, blue: 0.2),
        fontSize: 10.079390340198318))
    // No fill: a curved fill under that clip would grow the band to the card anyway
    // (`requireCurve`). cairo draws the label (a clip off whole pixels keeps it from the
    // label masks `fast` leaves on).
    let difference = Image.repairDifference(
      background: Color(red: 0.7, green: 0.96, blue: 0.58), window, scale: 1.25,
      damage: [Rect(x: 40, y: 40, width: 30, height: 30)], fast: false, rows: 1)
    #expect(difference == nil, "\(String(describing: difference))")
  }
}
