import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// Labels cut by a repair's band give the full repaint's pixels (Renderer+LabelCuts.swift):
/// random labels, font sizes, colours, views (some in a clipping container), positions
/// (whole, quarter and arbitrary fractions of a pixel, some past the window's edges) and
/// scales, repaired in bands of 1, 8 or 200 rows after each move, against cairo's full
/// repaint.
@Suite("Renderer labels cut by a band")
struct RendererLabelCutTests {
  private static let characters = Array("AbcdefgHijklmnopqrstuvwxyzQW0123456789 .,!?-éàß@&ÉÅ")

  /// A 120x80 window of one to three random labelled views.
  private static func randomWindow(_ random: inout SplitMix64) -> (window: Window, background: Color) {
    let window = Window(size: Size(width: 120, height: 80), clock: VirtualClock())
    for _ in 0..<random.int(1...3) {
      let width = random.double(20...90)
      let height = random.double(14...50)
      let view = View(frame: Rect(x: 0, y: 0, width: width, height: height))
      view.center = Point(
        x: position(&random, in: 120, size: width), y: position(&random, in: 80, size: height))
      var text = String((0..<random.int(1...9)).map { _ in characters[random.index(characters.count)] })
      if random.chance(0.15) { text += "\n" + text.prefix(3) }
      view.style = ViewStyle(
        shape: random.chance(0.5) ? .rect : .roundRect(cornerRadius: 4),
        fill: random.chance(0.7) ? color(&random) : nil, label: text, labelColor: color(&random),
        fontSize: random.double(7...22))
      if random.chance(0.25) {
        // A clipping container on whole pixels, cutting into the view.
        let container = View(
          frame: Rect(
            x: Double(random.int(0...40)), y: Double(random.int(0...30)), width: Double(random.int(30...80)),
            height: Double(random.int(20...50))))
        container.clipsToBounds = true
        window.rootView.addSubview(container)
        view.center = Point(
          x: view.center.x - container.frame.minX, y: view.center.y - container.frame.minY)
        container.addSubview(view)
      } else {
        window.rootView.addSubview(view)
      }
    }
    return (window, color(&random))
  }

  /// A centre along an axis `extent` long for a view `size` long: on a whole, quarter or
  /// arbitrary fraction of a pixel.
  private static func position(_ random: inout SplitMix64, in extent: Double, size: Double) -> Double {
    let centre = random.double(size / 2 - 10...extent - size / 2 + 10)
    switch random.int(0...2) {
    case 0: return centre.rounded()
    case 1: return (centre * 4).rounded() / 4
    default: return centre
    }
  }

  private static func color(_ random: inout SplitMix64) -> Color {
    Color(red: random.double(0...1), green: random.double(0...1), blue: random.double(0...1))
  }

  /// The labelled views of `window`, in clipping containers or not.
  private static func labelled(in window: Window) -> [View] {
    window.rootView.subviews.map { $0.style.label == nil ? $0.subviews[0] : $0 }
  }

  // Without the label drawn apart, 34 of these 900 repairs lost or kept a glyph's edge row
  // (the top of an 'é' accent, 4 to 18 pixels) that cairo's full repaint draws.
  @Test("a moved label repaired in bands is cairo's full repaint, wherever a band cuts it")
  func repairs() {
    var random = SplitMix64(seed: 0xba4d_1abe)
    var failures = 0
    for index in 0..<300 {
      let (window, background) = Self.randomWindow(&random)
      let scale = [1.0, 2.0, 1.5, 1.25][random.index(4)]
      let renderer = Renderer.banded(rows: [1, 8, 200][random.index(3)])
      let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
      renderer.render(window, background: background, into: image.buffer, scale: scale)
      let views = Self.labelled(in: window)
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
