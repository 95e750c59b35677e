import GestureKit

/// The `menu` behaviour: when a long press on its view begins, a ``ContextMenu`` with the
/// actions Colour, Duplicate and Delete opens next to the finger, on top of the scene. The actions work by tap; a
/// tap anywhere else closes the menu.
final class MenuBehavior {
  private weak var view: SceneView?

  /// A behaviour opening a menu for `view`.
  init(view: SceneView) {
    self.view = view
  }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    guard recognizer.state == .began, let view else { return }
    let container = ContextMenu.container(of: view)
    ContextMenu.open(for: view, at: recognizer.location(in: container), in: container)
  }

  /// Attaches a long press (`minimumPressDuration` 0.5 s) named `name` that opens a menu for
  /// `view`: what a duplicate gets, so its copy has a menu too.
  static func attachLongPress(named name: String, to view: SceneView) {
    let press = LongPressGestureRecognizer()
    press.name = name
    let behavior = MenuBehavior(view: view)
    press.addTarget { behavior.handle($0) }
    view.addGestureRecognizer(press)
  }
}
