import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// Labels replayed from cached coverage masks (`LabelMasks`) give cairo's own pixels: random
/// labels, font sizes, colours, views (some in a clipping container, some past the window's
/// edges), positions (whole, quarter and arbitrary fractions of a pixel) and scales, drawn
/// whole and repaired in bands, against cairo's full repaint.
@Suite("Renderer label masks")
struct RendererLabelMaskTests {
  @Test("full repaints: a label drawn from its mask is cairo's, before and after it moves")
  func fullRepaints() {
    var random = RandomRenderRuns.generator(seed: 0x1abe_1a5c)
    var (replays, refused, made) = (0, 0, 0)
    for index in RandomRenderRuns.cases(300) {
      let (window, background) = RandomLabels.window(&random)
      let scale = [1.0, 1.0, 2.0, 1.5, 1.25][random.index(5)]
      let renderer = Renderer()
      let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
      // The first repaint lays the labels out; later ones replay their masks.
      for step in 0..<3 {
        renderer.render(window, background: background, into: image.buffer, scale: scale)
        let difference = image.difference(
          from: .cairoReference(of: window, background: background, scale: scale))
        #expect(
          difference == nil, "case \(index), step \(step), scale \(scale): \(String(describing: difference))")
        for view in RandomLabels.labelled(in: window) {
          view.center.x += random.double(-3...3)
          view.center.y += random.double(-3...3)
        }
      }
      replays += renderer.labelMasks.replays
      refused += renderer.labelMasks.masksRefused
      made += renderer.labelMasks.masksMade
    }
    // Most labels replay; some are left to cairo (shared pixels, cut by the frame or a clip).
    #expect(replays > 500)
    #expect(refused > 0 && refused < made)
  }

  @Test("repairs in bands: a moved label drawn from its mask is cairo's full repaint")
  func repairs() {
    var random = RandomRenderRuns.generator(seed: 0xba4d_1abe)
    var replays = 0
    for index in RandomRenderRuns.cases(300) {
      let (window, background) = RandomLabels.window(&random)
      let scale = [1.0, 2.0, 1.5, 1.25][random.index(4)]
      let renderer = Renderer.banded(rows: [1, 8, 200][random.index(3)])
      let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
      renderer.render(window, background: background, into: image.buffer, scale: scale)
      let views = RandomLabels.labelled(in: window)
      for step in 0..<3 {
        let view = views[random.index(views.count)]
        let before = RandomLabels.windowFrame(of: view)
        view.center.x += random.double(-4...4)
        view.center.y += random.double(-4...4)
        let damage = [before.union(RandomLabels.windowFrame(of: view)).insetBy(dx: -2, dy: -2)]
        renderer.render(window, background: background, into: image.buffer, scale: scale, damage: damage)
        let difference = image.difference(
          from: .cairoReference(of: window, background: background, scale: scale))
        #expect(
          difference == nil, "case \(index), step \(step), scale \(scale): \(String(describing: difference))")
      }
      replays += renderer.labelMasks.replays
    }
    #expect(replays > 200)
  }

  // cairo adds glyphs whose boxes overlap through a mask the size of the run's box on a
  // colour image, which loses the top row hinting puts above that box; on an A8 image it adds
  // them straight in and keeps the row. The mask was made on A8 and kept 12 pixels of that
  // row (case 1654 of `fullRepaints` with GP_RENDER_RUNS=10).
  @Test("a label whose glyph boxes overlap is cut to its run's box, as on the colour image")
  func overlappingGlyphBoxes() {
    let window = Window(size: Size(width: 120, height: 80), clock: VirtualClock())
    let view = View(
      frame: Rect(
        x: 35.988628662579444, y: 14.88177605443007, width: 87.98689021194019, height: 47.23087483555514))
    view.style = ViewStyle(
      shape: .roundRect(cornerRadius: 4), fill: nil, label: "5kj0uuéf ",
      labelColor: Color(red: 0xdb / 255, green: 0x41 / 255, blue: 0xa3 / 255), fontSize: 21.962979125968705)
    window.rootView.addSubview(view)
    let background = Color(red: 0x2e / 255, green: 0x17 / 255, blue: 0xa6 / 255)
    let renderer = Renderer()
    let image = Image(width: 150, height: 100)
    // The first repaint lays the label out, the second makes its mask and replays it.
    renderer.render(window, background: background, into: image.buffer, scale: 1.25)
    renderer.render(window, background: background, into: image.buffer, scale: 1.25)
    #expect(renderer.labelMasks.replays == 1)
    let difference = image.difference(from: .cairoReference(of: window, background: background, scale: 1.25))
    #expect(difference == nil, "\(String(describing: difference))")
  }

  @Test("pixman's OVER through coverage: the colour where covered, the destination where not")
  func over() {
    let source: UInt32 = 0xff20_80c0
    #expect(PixelMath.over(source, 255, 0xff00_0000) == source)
    #expect(PixelMath.over(source, 0, 0xff12_3456) == 0xff12_3456)
    // 0x80 · 128 + 0x80 = 16512; (16512 + 64) >> 8 = 64 = 0x40, and 0 · 127 adds nothing.
    #expect(PixelMath.over(0xff80_8080, 128, 0xff00_0000) == 0xff40_4040)
    // Where cairo's lerp rounds down, pixman's rounds up: 1 · 128 + 0x7f = 255 gives 0,
    // + 0x80 = 256 gives 1.
    #expect(PixelMath.lerp(0x0001_0001, 128, 0) == 0)
    #expect(PixelMath.over(0x0001_0001, 128, 0) == 0x0001_0001)
  }
}
