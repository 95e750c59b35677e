import GestureKit

@testable import CairoRenderer

extension Window {
  /// A 160x120 window holding one card like the app's purple one: a rounded rect at (10, 50)
  /// of 140x60 at alpha 0.9 (drawn through a group), with `label` at 10 pt when given.
  static func translucentCard(label: String? = nil) -> Window {
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    let card = View(frame: Rect(x: 10, y: 50, width: 140, height: 60))
    card.alpha = 0.9
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 8), fill: Color(red: 0.78, green: 0.47, blue: 0.87), label: label,
      fontSize: 10)
    window.rootView.addSubview(card)
    return window
  }

  /// A 120x80 window (the size `RandomLabels` makes) holding a container that clips to
  /// `container`, with a card of `style` at `card` in its coordinates.
  static func clippedCard(container: Rect, card: Rect, style: ViewStyle) -> Window {
    let window = Window(size: Size(width: 120, height: 80), clock: VirtualClock())
    let clipper = View(frame: container)
    clipper.clipsToBounds = true
    let view = View(frame: card)
    view.style = style
    clipper.addSubview(view)
    window.rootView.addSubview(clipper)
    return window
  }
}
