import GestureKit
import Testing

@testable import CairoRenderer

/// The renderer's exact shortcuts (background fill, cached coverage of opaque box fills and
/// strokes) give the very bytes cairo gives, at integer and fractional positions and scales,
/// under aligned and unaligned clips, overlapping each other, in full and damaged frames.
@Suite("Renderer fast paths")
struct RendererFastPathTests {
  /// A scene of `count` opaque rects and rounded rects from a fixed pseudo-random sequence.
  private func scene(seed: UInt64, fractional: Bool) -> Window {
    var state = seed
    func next(_ range: Double) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let unit = Double(state >> 11) / Double(1 << 53)
      let value = unit * range
      return fractional ? value : value.rounded()
    }
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    let clipper = View(frame: Rect(x: 80, y: 10, width: 70, height: next(1) > 0.5 ? 90 : 90.5))
    clipper.clipsToBounds = true
    window.rootView.addSubview(clipper)
    for index in 0..<30 {
      let view = View(
        frame: Rect(x: next(150) - 10, y: next(110) - 10, width: 4 + next(50), height: 4 + next(40)))
      let shape: ViewShape = index % 3 == 0 ? .rect : .roundRect(cornerRadius: next(12))
      // Strokes: opaque white or a colour (the shortcut), translucent (cairo), of widths
      // below, at and above a pixel.
      let strokes: [Color?] = [
        nil, .white, Color(red: next(1), green: next(1), blue: next(1)), nil,
        Color(red: 1, green: 1, blue: 1, alpha: 0.5),
      ]
      view.style = ViewStyle(
        shape: shape, fill: index % 5 == 4 ? nil : Color(red: next(1), green: next(1), blue: next(1)),
        stroke: strokes[index % strokes.count], strokeWidth: [2, 1, 3.5, 0.75][index % 4])
      (index % 4 == 0 ? clipper : window.rootView).addSubview(view)
    }
    return window
  }

  private func render(_ window: Window, scale: Double, fast: Bool, frames: Int) -> [UInt8] {
    let renderer = Renderer()
    renderer.fastFill.isEnabled = fast
    let width = Int(160 * scale)
    let height = Int(120 * scale)
    let image = Image(width: width, height: height)
    // Masks are made on a shape's second sighting: later frames use them.
    for _ in 0..<frames {
      renderer.render(
        window, background: Color(red: 0.12, green: 0.12, blue: 0.14), into: image.buffer, scale: scale)
    }
    let buffer = image.buffer
    return Array(UnsafeRawBufferPointer(start: buffer.data, count: buffer.stride * buffer.height))
  }

  @Test("full frames match cairo byte for byte", arguments: [1.0, 1.25, 2.0])
  func fullFrames(scale: Double) {
    for seed in 1...6 as ClosedRange<UInt64> {
      for fractional in [false, true] {
        let window = scene(seed: seed, fractional: fractional)
        let reference = render(window, scale: scale, fast: false, frames: 1)
        let fast = render(window, scale: scale, fast: true, frames: 3)
        #expect(fast == reference, "seed \(seed), fractional \(fractional), scale \(scale)")
      }
    }
  }

  @Test("a stroked card dragged by whole and fractional pixels repairs its damage as cairo would")
  func draggedStrokedCard() {
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    for index in 0..<12 {
      let view = View(
        frame: Rect(x: Double(index % 4) * 40, y: Double(index / 4) * 40, width: 36, height: 36))
      view.style = ViewStyle(
        shape: .roundRect(cornerRadius: 5), fill: Color(red: 0.2, green: 0.4, blue: 0.8), stroke: .black,
        strokeWidth: 1)
      window.rootView.addSubview(view)
    }
    let card = View(frame: Rect(x: 10, y: 10, width: 70, height: 50))
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 12), fill: Color(red: 0.9, green: 0.3, blue: 0.2), stroke: .white)
    window.rootView.addSubview(card)
    let background = Color(red: 0.12, green: 0.12, blue: 0.14)
    let fast = Renderer()
    let image = Image(width: 160, height: 120)
    fast.render(window, background: background, into: image.buffer, scale: 1)
    var region = DamageRegion()
    window.takeDamage(into: &region)
    // Back and forth, so that every position (whole and fractional) is seen again.
    let steps = [3.0, 3, 0.5, -0.5, -3, -3, 3, 3, 0.5, -0.5, -3, -3, 7.25, -7.25]
    for (frame, step) in steps.enumerated() {
      card.center = card.center + Point(x: step, y: step / 2)
      window.takeDamage(into: &region)
      fast.render(window, background: background, into: image.buffer, scale: 1, damage: region.rects)
      let reference = Renderer()
      reference.fastFill.isEnabled = false
      let expected = Image(width: 160, height: 120)
      reference.render(window, background: background, into: expected.buffer, scale: 1)
      #expect(image.bytes == expected.bytes, "frame \(frame)")
    }
  }

  @Test("cairo's blend: lerp by 255 gives the colour, by 0 the old pixel")
  func lerpEnds() {
    #expect(PixelMath.lerp(0xff12_3456, 255, 0xff65_4321) == 0xff12_3456)
    #expect(PixelMath.lerp(0xff12_3456, 0, 0xff65_4321) == 0xff65_4321)
  }
}
