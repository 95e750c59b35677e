import GestureKit

/// A tab or a button of the strip that is not selected: it lights while the pointer or a pen
/// hovers over it (its hover, `chrome.hover`) and shows itself pressed while a finger, the
/// mouse or a pen that went down on it is over it, as GTK's buttons (`:hover`, `:active`)
/// and UIKit's (`isHighlighted`) do. Dragged off it, the press shows nothing until it comes
/// back. Released over it, it acts, however far it went meanwhile (GTK's `clicked`, UIKit's
/// `touchUpInside`); released elsewhere, cancelled (the tab strip's scrolling, Esc), or after
/// the strip was rebuilt under it (a new window size or scene), it does not.
///
/// In a strip that scrolls (too narrow for its tabs), a finger's press shows only once it has
/// been held for ``scrollingPressDelay`` without the strip scrolling, as UIKit's scroll views
/// delay their content's touches (`delaysContentTouches`): a finger that swipes the tabs
/// sideways flashes none of them. It still acts when lifted sooner; the mouse and a pen
/// show their press at once, as GTK's buttons do.
///
/// While a press that went down elsewhere is held (a card dragged across the strip), the
/// pointer lights nothing it passes, as GTK's pointer grab does; released over the button,
/// it lights it at once, as GTK's crossing at the end of its grab does (``updateFill()``).
final class ChromeButton: View {
  /// What a press released over the button does.
  private let action: () -> Void
  /// Whether the pointer or a pen hovers over the button, lit or not.
  private var isPointerOver = false
  /// The touch that went down on the button, while it is down.
  private weak var press: Touch?
  /// Whether that touch is over the button.
  private var isPressInside = false
  /// How long a finger's press waits before it shows (0: at once).
  private let pressDelay: Double
  /// The timer that shows a finger's press after ``pressDelay``, while it is pending: the
  /// press shows once there is none.
  private var pressTimer: TimerHandle?

  /// How long a finger's press on a tab of a scrolling strip waits before it shows, in
  /// seconds: UIKit's scroll views delay their content's touches by 150 ms
  /// (`delaysContentTouches`, observed), long enough for a swipe to show it is one.
  static let scrollingPressDelay = 0.150

  /// A button with the strip's tab style, `label` in it, at `frame`, doing `action` when a
  /// press on it is released over it; a finger's press shows after `pressDelay` seconds
  /// (``scrollingPressDelay`` in a strip that scrolls, 0 elsewhere).
  init(frame: Rect, label: String, pressDelay: Double = 0, action: @escaping () -> Void) {
    self.action = action
    self.pressDelay = pressDelay
    super.init(frame: frame)
    style = ViewStyle(
      shape: .roundRect(cornerRadius: 6), fill: ChromeView.tabFill, label: label,
      labelColor: ChromeView.hintColor, fontSize: 12)
    let hover = HoverGestureRecognizer { recognizer in
      guard let button = recognizer.view as? ChromeButton else { return }
      button.isPointerOver = recognizer.state == .began || recognizer.state == .changed
      button.updateFill()
    }
    hover.name = "chrome.hover"
    addGestureRecognizer(hover)
  }

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard press == nil, let touch = touches.first else { return }
    press = touch
    isPressInside = true
    if touch.type == .direct, pressDelay > 0, let clock = window?.clock {
      pressTimer = clock.schedule(at: clock.now + pressDelay) { [weak self] in
        self?.pressTimer = nil
        self?.updateFill()
      }
    }
    updateFill()
  }

  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard let press, touches.contains(where: { $0 === press }) else { return }
    isPressInside = bounds.contains(press.location(in: self))
    updateFill()
  }

  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    guard let press, touches.contains(where: { $0 === press }) else { return }
    // A button taken out of the window under the press (the strip rebuilt for a new size, or
    // the overlay's button replaced when it turned on) no longer shows it, and does nothing,
    // as a GTK button destroyed under its press does not emit `clicked`.
    let inside = window != nil && bounds.contains(press.location(in: self))
    release(touches)
    if inside { action() }
  }

  override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { release(touches) }

  /// Forgets the press if it is among `touches`.
  private func release(_ touches: [Touch]) {
    guard let press, touches.contains(where: { $0 === press }) else { return }
    self.press = nil
    isPressInside = false
    if let pressTimer { window?.clock.cancel(pressTimer) }
    pressTimer = nil
    updateFill()
  }

  /// Whether the button lights: the pointer or a pen is over it, and no press that went down
  /// elsewhere with the mouse or a pen is held (fingers do not take the pointer).
  private var isHovered: Bool {
    guard isPointerOver, let touches = window?.activeTouches else { return isPointerOver }
    return !touches.contains { touch in
      touch.type != .direct && touch.view !== self && touch.phase != .ended && touch.phase != .cancelled
    }
  }

  /// Sets the fill for the press and the hover. ``ChromeView`` also calls it when a press
  /// elsewhere went down, lifted or was cancelled while the pointer stayed where it was, as
  /// the button would not otherwise hear of it until the pointer moves.
  func updateFill() {
    let fill =
      press != nil && isPressInside && pressTimer == nil
      ? ChromeView.pressedFill : isHovered ? ChromeView.hoverFill : ChromeView.tabFill
    if style.fill != fill { style.fill = fill }
  }
}
