import GestureKit

/// The hint bar's room for the scene's hint, over the hint the ``ChromeView`` draws (it draws
/// nothing itself): a tap or a click on it calls ``onTap``, and the pointer or a pen resting on
/// it for ``HintPanelView/hoverDelay`` calls ``onHover`` with true, then with false when it
/// leaves (at once if the panel never showed). The session shows the whole hint in its
/// ``HintPanelView`` where the bar cut it (``ChromeView/hintIsCut``).
final class ChromeHintArea: View {
  /// Called when the hint is tapped or clicked.
  var onTap: () -> Void = {}
  /// Called with true once the pointer has rested on the hint for the delay, and with false
  /// when it leaves.
  var onHover: (Bool) -> Void = { _ in }
  /// The timer of a pointer's rest, while it is pending.
  private var hoverTimer: TimerHandle?

  /// An area at `frame` (the strip's coordinates).
  override init(frame: Rect) {
    super.init(frame: frame)
    identifier = "chrome.hint"
    // The recognizers reach the area through their `view`: the area owns them, so a capture
    // of it would keep the strip alive for ever.
    let tap = TapGestureRecognizer { recognizer in (recognizer.view as? ChromeHintArea)?.onTap() }
    tap.name = "chrome.hint.tap"
    addGestureRecognizer(tap)
    let hover = HoverGestureRecognizer { recognizer in
      (recognizer.view as? ChromeHintArea)?.hoverChanged(to: recognizer.state)
    }
    hover.name = "chrome.hint.hover"
    addGestureRecognizer(hover)
  }

  /// Starts the rest's timer as the pointer comes over the area; cancels it, or ends the
  /// hover, as it leaves.
  private func hoverChanged(to state: GestureRecognizer.State) {
    switch state {
    case .began:
      guard let clock = window?.clock else { return }
      if let hoverTimer { clock.cancel(hoverTimer) }
      hoverTimer = clock.schedule(at: clock.now + HintPanelView.hoverDelay) { [weak self] in
        guard let self else { return }
        hoverTimer = nil
        // Not for a strip taken out of the window meanwhile (rebuilt for a new size).
        if window != nil { onHover(true) }
      }
    case .ended, .cancelled, .failed:
      if let hoverTimer { window?.clock.cancel(hoverTimer) }
      hoverTimer = nil
      onHover(false)
    case .possible, .changed:
      break
    }
  }
}
