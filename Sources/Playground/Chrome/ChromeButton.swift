import GestureKit

/// A tab or a button of the strip that is not selected: it lights while the pointer or a pen
/// hovers over it (its hover, `chrome.hover`) and shows itself pressed while a finger, the
/// mouse or a pen that went down on it is over it, as GTK's buttons (`:hover`, `:active`)
/// and UIKit's (`isHighlighted`) do. Dragged off it, the press shows nothing until it comes
/// back. Released over it, it acts, however far it went meanwhile (GTK's `clicked`, UIKit's
/// `touchUpInside`); released elsewhere, or cancelled (the tab strip's scrolling, Esc), it
/// does not.
///
/// While a press that went down elsewhere is held (a card dragged across the strip), the
/// pointer lights nothing it passes, as GTK's pointer grab does.
final class ChromeButton: View {
  /// What a press released over the button does.
  private let action: () -> Void
  /// Whether the pointer or a pen hovers over the button (and no press elsewhere is held).
  private var isHovered = false
  /// The touch that went down on the button, while it is down.
  private weak var press: Touch?
  /// Whether that touch is over the button.
  private var isPressInside = false

  /// A button with the strip's tab style, `label` in it, at `frame`, doing `action` when a
  /// press on it is released over it.
  init(frame: Rect, label: String, action: @escaping () -> Void) {
    self.action = action
    super.init(frame: frame)
    style = ViewStyle(
      shape: .roundRect(cornerRadius: 6), fill: ChromeView.tabFill, label: label,
      labelColor: ChromeView.hintColor, fontSize: 12)
    let hover = HoverGestureRecognizer { recognizer in
      guard let button = recognizer.view as? ChromeButton else { return }
      var hovered = recognizer.state == .began || recognizer.state == .changed
      if hovered, let touches = button.window?.activeTouches {
        hovered = !touches.contains { $0.type != .direct && $0.view !== button }
      }
      button.isHovered = hovered
      button.updateFill()
    }
    hover.name = "chrome.hover"
    addGestureRecognizer(hover)
  }

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard press == nil, let touch = touches.first else { return }
    press = touch
    isPressInside = true
    updateFill()
  }

  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard let press, touches.contains(where: { $0 === press }) else { return }
    isPressInside = bounds.contains(press.location(in: self))
    updateFill()
  }

  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard let press, touches.contains(where: { $0 === press }) else { return }
    let inside = bounds.contains(press.location(in: self))
    release(touches)
    if inside { action() }
  }

  override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { release(touches) }

  /// Forgets the press if it is among `touches`.
  private func release(_ touches: [Touch]) {
    guard let press, touches.contains(where: { $0 === press }) else { return }
    self.press = nil
    isPressInside = false
    updateFill()
  }

  /// Sets the fill for the press and the hover.
  private func updateFill() {
    let fill =
      press != nil && isPressInside
      ? ChromeView.pressedFill : isHovered ? ChromeView.hoverFill : ChromeView.tabFill
    if style.fill != fill { style.fill = fill }
  }
}
