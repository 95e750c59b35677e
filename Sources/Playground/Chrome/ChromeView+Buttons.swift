import GestureKit

// The strip's tabs and buttons: made lit or not, and the overlay and timeline buttons
// replaced in place when they are toggled.
extension ChromeView {
  /// Shows the overlay and timeline buttons lit or not as given, replacing only a button whose
  /// state changed: the tabs, a press on one and the tabs' scrolling stay as they are, as a
  /// toolbar keeps its other buttons when one is toggled.
  func show(overlayVisible: Bool, timelineVisible: Bool) {
    if overlayVisible != self.overlayVisible {
      self.overlayVisible = overlayVisible
      replace("chrome.overlay", with: toggleButton(overlay: true))
    }
    if timelineVisible != self.timelineVisible {
      self.timelineVisible = timelineVisible
      replace("chrome.timeline", with: toggleButton(overlay: false))
    }
  }

  /// Puts `button` where the subview identified `identifier` is, in its place among the
  /// subviews.
  private func replace(_ identifier: String, with button: View) {
    guard let index = subviews.firstIndex(where: { $0.identifier == identifier }) else {
      preconditionFailure("the strip has no \(identifier)")
    }
    subviews[index].removeFromSuperview()
    insertSubview(button, at: index)
  }

  /// The overlay button (`overlay`) or the timeline button, for the current state and width.
  func toggleButton(overlay: Bool) -> View {
    let width = bounds.width
    let compact = ChromeLayout.buttonsAreCompact(width: width)
    let (identifier, frame, isOn, label, action) =
      overlay
      ? (
        "chrome.overlay", ChromeLayout.overlayButtonFrame(width: width), overlayVisible,
        compact ? "Overlay" : overlayVisible ? "Overlay on (D)" : "Overlay off (D)", onOverlayButton
      )
      : (
        "chrome.timeline", ChromeLayout.timelineButtonFrame(width: width), timelineVisible,
        compact ? "Timeline" : timelineVisible ? "Timeline on (T)" : "Timeline (T)", onTimelineButton
      )
    return Self.button(identifier, frame: frame, isOn: isOn, label: label, action: action)
  }

  /// Lights the button under the pointer, or puts it out, after a press that went down
  /// elsewhere with the mouse or a pen began or ended (``ChromeButton/updateFill()``).
  func refreshButtonHover() {
    func refresh(_ view: View) {
      for subview in view.subviews {
        if let button = subview as? ChromeButton { button.updateFill() } else { refresh(subview) }
      }
    }
    refresh(self)
  }

  /// A tab, or a button of the hint bar, lit while `isOn` (the selected tab), calling
  /// `action` when tapped; one that is not on is a ``ChromeButton``, which lights under the
  /// pointer, shows a press (a finger's after `pressDelay` seconds) and acts when the press is
  /// released over it.
  static func button(
    _ identifier: String, frame: Rect, isOn: Bool, label: String, pressDelay: Double = 0,
    action: @escaping () -> Void
  ) -> View {
    guard isOn else {
      let button = ChromeButton(frame: frame, label: label, pressDelay: pressDelay, action: action)
      button.identifier = identifier
      return button
    }
    let button = View(frame: frame)
    button.identifier = identifier
    button.style = ViewStyle(
      shape: .roundRect(cornerRadius: 6), fill: selectedFill, label: label, labelColor: background,
      fontSize: 12)
    let tap = TapGestureRecognizer { _ in action() }
    tap.name = identifier
    button.addGestureRecognizer(tap)
    return button
  }
}
