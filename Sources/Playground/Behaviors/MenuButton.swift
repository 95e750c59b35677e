import GestureKit

/// A button of the menu that ``ContextMenu`` opens: the action it performs, and whether it
/// can be chosen. A disabled button is drawn with a dimmed label and has no tap; it neither
/// lights up under the finger nor closes the menu, as a disabled item of a UIKit or GTK menu.
///
/// An enabled button lights up while the pointer or a pen hovers over it (its hover,
/// `menu-hover`), as an item of a GTK menu does under the pointer; the keyboard's Up and Down
/// then go on from it. Leaving it puts its fill back.
final class MenuButton: SceneView {
  /// What the button does.
  let action: ContextMenu.Action
  /// Whether the button can be chosen (``ContextMenu/isEnabled(_:for:)`` when the menu opened).
  let isEnabled: Bool
  /// The view the menu was opened for, which the action acts on.
  private(set) weak var target: SceneView?

  /// A button for `action` on `target`, with its frame in the menu's panel.
  init(action: ContextMenu.Action, on target: SceneView, isEnabled: Bool, frame: Rect) {
    self.action = action
    self.target = target
    self.isEnabled = isEnabled
    super.init(frame: frame)
    identifier = "menu-\(action.rawValue)"
    style = ViewStyle(
      shape: .roundRect(cornerRadius: 6), fill: ContextMenu.buttonFill, label: action.title,
      labelColor: isEnabled ? .white : ContextMenu.disabledLabel, fontSize: 15)
    guard isEnabled else { return }
    let hover = HoverGestureRecognizer { recognizer in
      guard let button = recognizer.view as? MenuButton else { return }
      switch recognizer.state {
      case .began, .changed: ContextMenu.light(button, among: button.superview?.subviews ?? [])
      case .ended, .cancelled:
        if button.style.fill == ContextMenu.highlightFill { button.style.fill = ContextMenu.buttonFill }
      default: break
      }
    }
    hover.name = "menu-hover"
    addGestureRecognizer(hover)
  }
}
