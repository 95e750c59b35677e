import GestureKit

// The scene's whole hint (``HintPanelView``): shown from the strip's hint where the bar cuts
// it, hidden by a press elsewhere, Esc and another scene.
extension SceneSession {
  /// Connects the strip's hint area to the panel: a tap shows the whole hint or hides it; a
  /// pointer's rest shows it until the pointer leaves. A hint the bar shows whole does nothing.
  /// A panel shown by the pointer goes with the strip it rested on (rebuilt for a new size or
  /// a button): the new strip's area shows it again once the pointer rests there.
  func connectHint() {
    if hintPanel.reason == .hover { hintPanel.hide() }
    guard let area = chrome.hintArea else { return }
    area.onTap = { [unowned self] in
      if hintPanel.reason != nil {
        hintPanel.hide()
      } else if chrome.hintIsCut, let hint = scene.hint {
        hintPanel.show(hint, for: .tap)
      }
    }
    area.onHover = { [unowned self] resting in
      if !resting {
        if hintPanel.reason == .hover { hintPanel.hide() }
      } else if hintPanel.reason == nil, chrome.hintIsCut, let hint = scene.hint {
        hintPanel.show(hint, for: .hover)
      }
    }
  }

  /// Hides a panel shown by a tap when `touch` goes down anywhere but on the strip's hint
  /// (where the tap toggles it).
  func hideHint(pressedBy touch: Touch) {
    guard hintPanel.reason == .tap, touch.view !== chrome.hintArea else { return }
    hintPanel.hide()
  }
}
