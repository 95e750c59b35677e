import GestureKit

/// The `menu` behaviour: when a long press on its view begins, a ``ContextMenu`` with the
/// actions Colour, Duplicate and Delete opens next to the finger, on top of the scene. An
/// action is chosen by a tap, or by sliding the pressing finger onto it and lifting it
/// there; a tap anywhere else closes the menu. A press of the right button on the view opens
/// the same menu at the pointer (``attachSecondaryPress(named:to:behavior:)``), as on a desktop or an
/// iPad with a mouse, and so does a hovering pen's first barrel button, as in GTK.
final class MenuBehavior {
  private weak var view: SceneView?
  /// The covering layer of the menu this behaviour's press opened, while it is open.
  private weak var menu: View?

  /// A behaviour opening a menu for `view`.
  init(view: SceneView) {
    self.view = view
  }

  /// The recognizer's action: opens the menu when the press begins; then, as the finger
  /// slides, lights the button under it, and when it lifts on a button, chooses that button
  /// (lifted elsewhere, or cancelled, the menu stays open, nothing lit). Once another menu
  /// has replaced this press's (another finger's press), or it has closed, the finger does
  /// nothing to menus.
  func handle(_ recognizer: GestureRecognizer) {
    guard let view else { return }
    let container = ContextMenu.container(of: view)
    let point = recognizer.location(in: container)
    if recognizer.state == .began {
      menu = ContextMenu.open(for: view, at: point, in: container)
      return
    }
    guard let menu, menu.superview === container else { return }
    switch recognizer.state {
    case .changed:
      ContextMenu.highlight(at: point, in: container)
    case .ended:
      if !ContextMenu.choose(at: point, in: container) {
        ContextMenu.highlight(at: nil, in: container)
      }
    case .cancelled:
      ContextMenu.highlight(at: nil, in: container)
    default:
      break
    }
  }

  /// Makes `press`, a long press on `view`, open the menu for `view`, and adds the view's
  /// right-button press (``attachSecondaryPress(named:to:behavior:)``), named after the
  /// press: `NAME-click`. One behaviour serves both: while the menu either opened is up, its
  /// covering layer takes every touch, so the two never press at once.
  static func attach(to press: GestureRecognizer, of view: SceneView) {
    let behavior = MenuBehavior(view: view)
    press.addTarget { behavior.handle($0) }
    attachSecondaryPress(named: (press.name ?? "menu") + "-click", to: view, behavior: behavior)
  }

  /// Attaches a long press (`minimumPressDuration` 0.5 s) named `name` that opens a menu for
  /// `view`, with its right-button press: what a duplicate gets, so its copy has a menu too.
  static func attachLongPress(named name: String, to view: SceneView) {
    let press = LongPressGestureRecognizer()
    press.name = name
    view.addGestureRecognizer(press)
    attach(to: press, of: view)
  }

  /// Attaches a press named `name` of the secondary button, and of nothing else: the
  /// pointer's right button, or a hovering pen's first barrel button (GTK's secondary button
  /// for a pen). It opens the menu for `view` as the button goes down, where it went down, as
  /// GTK's and Qt's context menus open. Like the finger whose long press opened a menu, the
  /// pointer or the pen may then be moved onto a button and released there to choose it
  /// (``handle(_:)``).
  private static func attachSecondaryPress(named name: String, to view: SceneView, behavior: MenuBehavior) {
    let press = LongPressGestureRecognizer()
    press.name = name
    press.minimumPressDuration = 0
    press.buttonMaskRequired = .secondary
    press.allowedTouchTypes = [.indirectPointer, .pencil]
    press.addTarget { behavior.handle($0) }
    view.addGestureRecognizer(press)
  }
}
