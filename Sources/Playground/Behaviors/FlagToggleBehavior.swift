import GestureKit

/// The `flag` behaviour: each recognized tap flips one delivery flag (``DeliveryFlag``) of the
/// target recognizer. The tapped view's label shows the flag and its value (`delaysTouchesEnded:
/// on`) and the view is highlighted while the flag is on; when the target's view is a
/// ``TouchLogView`` the change is also written into its log. A change applies from the next
/// touch on, as UIKit's flags do.
final class FlagToggleBehavior {
  private weak var button: SceneView?
  private weak var target: GestureRecognizer?
  /// The flag this button flips.
  let flag: DeliveryFlag

  /// A behaviour for `button` flipping `flag` of `target`; it shows the current value at once.
  init(button: SceneView, target: GestureRecognizer, flag: DeliveryFlag) {
    self.button = button
    self.target = target
    self.flag = flag
    show()
  }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    guard recognizer.state == .ended, let target else { return }
    let value = !flag.value(of: target)
    flag.set(value, on: target)
    show()
    (target.view as? TouchLogView)?.record("— \(flag.rawValue) \(value ? "on" : "off")")
  }

  private func show() {
    guard let button, let target else { return }
    let on = flag.value(of: target)
    // Toggling the highlight restores the style saved when it went on, so label last.
    if button.isHighlighted != on { button.toggleHighlight() }
    button.style.label = "\(flag.rawValue): \(on ? "on" : "off")"
  }
}
