import GestureKit
import TestSupport

/// Random windows of labelled views, for comparing the label shortcuts and repairs with
/// cairo's full repaint (RendererLabelCutTests, RendererLabelMaskTests).
enum RandomLabels {
  static let characters = Array("AbcdefgHijklmnopqrstuvwxyzQW0123456789 .,!?-éàß@&ÉÅ")

  /// A 120x80 window of one to three random labelled views; with `translucent`, most of them
  /// (or their clipping container) at an alpha below 1, drawn through a group.
  static func window(_ random: inout SplitMix64, translucent: Bool = false) -> (
    window: Window, background: Color
  ) {
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
      if translucent, random.chance(0.8) {
        window.rootView.subviews.last?.alpha = random.double(0.5...0.95)
      }
    }
    return (window, color(&random))
  }

  /// A centre along an axis `extent` long for a view `size` long: on a whole, quarter or
  /// arbitrary fraction of a pixel.
  static func position(_ random: inout SplitMix64, in extent: Double, size: Double) -> Double {
    let centre = random.double(size / 2 - 10...extent - size / 2 + 10)
    switch random.int(0...2) {
    case 0: return centre.rounded()
    case 1: return (centre * 4).rounded() / 4
    default: return centre
    }
  }

  static func color(_ random: inout SplitMix64) -> Color {
    Color(red: random.double(0...1), green: random.double(0...1), blue: random.double(0...1))
  }

  /// The labelled views of `window`, in clipping containers or not.
  static func labelled(in window: Window) -> [View] {
    window.rootView.subviews.map { $0.style.label == nil ? $0.subviews[0] : $0 }
  }

  /// `view`'s frame in window coordinates (its superview the root view or a container).
  static func windowFrame(of view: View) -> Rect {
    view.frame.offsetBy(dx: view.superview?.frame.minX ?? 0, dy: view.superview?.frame.minY ?? 0)
  }
}
