import GestureKit

/// The small menu of the `menu` behaviour, built as views on top of the scene: a transparent
/// layer (`menu-layer`) covering the window, whose tap (`menu-dismiss`) closes the menu, and
/// on it a panel (`menu`) with one button per ``Action`` (`menu-colour`, `menu-duplicate`,
/// `menu-delete`), each with a tap of the same name (a finger, or either mouse button) that
/// performs the action on the target view and closes the menu.
///
/// The layer catches every touch while the menu is open, so a tap elsewhere only closes it
/// (as a UIKit menu does). Its tap only receives touches that hit the layer itself, so
/// tapping a button never also closes through the layer first. In a window wider or taller
/// than the scene, a tap of the same name on the window's root view closes the menu from the
/// surround beside the scene as well; the strip's controls keep working.
///
/// As in UIKit and GTK, the finger that opened the menu can also slide onto a button, which
/// lights up (``highlight(at:in:)``), and lift there to choose it (``choose(at:in:)``);
/// lifted anywhere else, it leaves the menu open.
enum ContextMenu {
  /// What the menu offers.
  enum Action: String, CaseIterable {
    /// Gives the view the next fill of ``palette``, and the label colour that reads best on it.
    case colour
    /// Adds a copy of the view, 30 px right and down (``duplicateOffset(for:in:)``), just
    /// above it, with its own menu (offered while the view's superview holds fewer than
    /// ``duplicateLimit`` views).
    case duplicate
    /// Removes the view.
    case delete

    /// The button's label.
    var title: String {
      switch self {
      case .colour: "Colour"
      case .duplicate: "Duplicate"
      case .delete: "Delete"
      }
    }
  }

  /// The fills ``Action/colour`` cycles through.
  static let palette = ["#e06c75", "#e5c07b", "#98c379", "#61afef", "#c678dd"].map { Color(hex: $0)! }
  /// The size of a menu button.
  static let buttonSize = Size(width: 120, height: 36)
  /// The identifier of the covering layer.
  static let layerID = "menu-layer"
  /// A button's fill.
  static let buttonFill = Color(hex: "#3e4451")!
  /// The fill of the button under the finger that opened the menu.
  static let highlightFill = Color(hex: "#4d78cc")!
  /// A disabled button's label.
  static let disabledLabel = Color(hex: "#7f848e")!
  /// The views a superview may hold for ``Action/duplicate`` to be offered. Without a bound, a
  /// long trace (or a patient user) duplicating again and again grows the scene without
  /// end, and each copy costs more than the last (its id is checked against every view's, its
  /// place found among its siblings): 500 copies took 0.4 s to replay and 2,000 took 2.9 s
  /// (debug build). 1,000 views take under 2 MB.
  static let duplicateLimit = 1000

  /// Whether `action` can be chosen for `target` now.
  static func isEnabled(_ action: Action, for target: SceneView) -> Bool {
    switch action {
    case .colour, .delete: true
    case .duplicate: (target.superview?.subviews.count ?? duplicateLimit) < duplicateLimit
    }
  }

  /// The view the scene's top-level views are subviews of (the app's scene container, or
  /// the window's root view): the highest ancestor of `view` that is no ``SceneView``.
  static func container(of view: View) -> View {
    var top = view
    while let parent = top.superview, parent is SceneView { top = parent }
    return top.superview ?? top
  }

  /// Opens the menu for `target` ``offsetFromPress`` window points right of and below
  /// `point` (in `container`'s coordinates), or left or above where the scene has no room
  /// (``corner(near:shown:offset:in:)``), kept inside `container`, on top of the scene, at
  /// its own size in the window (``place(_:at:in:)``); an open menu is closed first. Returns
  /// the menu's covering layer.
  @discardableResult
  static func open(for target: SceneView, at point: Point, in container: View) -> View {
    close(in: container)
    let size = container.bounds.size
    let layer = SceneView(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
    layer.identifier = layerID
    layer.addGestureRecognizer(MenuDismissTap(closing: container))
    // The window around a fitted scene (its surround) is outside the layer; a tap there
    // closes the menu too, through a tap on the window's root view while the menu is open.
    if let root = container.window?.rootView, root !== container {
      root.addGestureRecognizer(MenuDismissTap(closing: container))
    }

    let count = Double(Action.allCases.count)
    let panelSize = Size(width: buttonSize.width + 8, height: buttonSize.height * count + 8)
    let panel = SceneView(frame: Rect(origin: .zero, size: panelSize))
    panel.identifier = "menu"
    panel.style = ViewStyle(
      shape: .roundRect(cornerRadius: 8), fill: Color(hex: "#282c34")!, stroke: Color(hex: "#abb2bf")!,
      strokeWidth: 1)
    for (index, action) in Action.allCases.enumerated() {
      let button = MenuButton(
        action: action, on: target, isEnabled: isEnabled(action, for: target),
        frame: Rect(
          x: 4, y: 4 + Double(index) * buttonSize.height, width: buttonSize.width, height: buttonSize.height))
      panel.addSubview(button)
      guard button.isEnabled else { continue }
      let tap = TapGestureRecognizer()
      tap.name = "menu-\(action.rawValue)"
      // Either mouse button chooses, as in GTK's and Qt's menus: a menu opened with a right
      // click is often used with the same button.
      tap.buttonMaskRequired = [.primary, .secondary]
      tap.addTarget { [weak button, weak container] recognizer in
        guard recognizer.state == .ended, let button, let container else { return }
        choose(button, in: container)
      }
      button.addGestureRecognizer(tap)
    }
    layer.addSubview(panel)
    container.addSubview(layer)
    // Placed once in the window: its scale and whole-point corner come from the container's.
    let (scale, shown) = panelScale(of: panel, in: container)
    let corner = corner(near: point, shown: shown, offset: offsetFromPress * scale, in: container)
    place(panel, at: corner, in: container)
    return layer
  }

  /// Closes the menu open in `container`, if any, and removes the surround's tap.
  static func close(in container: View) {
    for view in container.subviews where view.identifier == layerID {
      view.removeFromSuperview()
    }
    // Only the surround's tap is ever on the root (the layer's went with the layer).
    guard let root = container.window?.rootView else { return }
    for tap in root.gestureRecognizers where tap is MenuDismissTap {
      root.removeGestureRecognizer(tap)
    }
  }

  /// The enabled button of the menu open in `container` under `point` (in `container`'s
  /// coordinates); nil when no menu is open or the point is on none.
  static func button(at point: Point, in container: View) -> MenuButton? {
    buttons(in: container).first {
      $0.isEnabled && $0.bounds.contains($0.convert(point, from: container))
    }
  }

  /// Lights the button of the menu open in `container` under `point` (nil: none) and puts
  /// the others back to their fill.
  static func highlight(at point: Point?, in container: View) {
    light(point.flatMap { button(at: $0, in: container) }, among: buttons(in: container))
  }

  /// Lights `lit` (nil: none) and puts the other menu buttons among `views` back to their
  /// fill: how the light moves under the pressing finger, the pointer and the keys.
  static func light(_ lit: MenuButton?, among views: [View]) {
    for case let button as MenuButton in views {
      let fill = button === lit ? highlightFill : buttonFill
      if button.style.fill != fill { button.style.fill = fill }
    }
  }

  /// Lights the enabled button `step` places after (1) or before (-1) the lit one of the
  /// menu open in `container`, wrapping around; with none lit, the first (or the last). The
  /// keyboard's way through the menu (Down and Up); does nothing when no menu is open.
  static func moveHighlight(by step: Int, in container: View) {
    let enabled = buttons(in: container).filter(\.isEnabled)
    guard !enabled.isEmpty else { return }
    let lit = enabled.firstIndex { $0.style.fill == highlightFill }
    let next =
      lit.map { ($0 + step % enabled.count + enabled.count) % enabled.count }
      ?? (step > 0 ? 0 : enabled.count - 1)
    light(enabled[next], among: enabled)
  }

  /// Chooses the lit button of the menu open in `container`: closes the menu and performs
  /// its action on the menu's view (Return). Returns whether a button was lit.
  @discardableResult
  static func chooseHighlighted(in container: View) -> Bool {
    guard let lit = buttons(in: container).first(where: { $0.isEnabled && $0.style.fill == highlightFill })
    else { return false }
    choose(lit, in: container)
    return true
  }

  /// The buttons of the menu open in `container` (none when no menu is open).
  private static func buttons(in container: View) -> [MenuButton] {
    let panels = container.subviews.last { $0.identifier == layerID }?.subviews ?? []
    return panels.flatMap(\.subviews).compactMap { $0 as? MenuButton }
  }

  /// Chooses the button of the menu open in `container` under `point`, if any: closes the
  /// menu and performs its action on the menu's view. Returns whether a button was there.
  @discardableResult
  static func choose(at point: Point, in container: View) -> Bool {
    guard let button = button(at: point, in: container) else { return false }
    choose(button, in: container)
    return true
  }

  /// Chooses `button` of the menu open in `container`, however it was chosen (a tap, the
  /// pressing finger lifted on it, Return): closes the menu, then performs the button's action
  /// on the menu's view, if that is still there.
  private static func choose(_ button: MenuButton, in container: View) {
    close(in: container)
    if let target = button.target { perform(button.action, on: target) }
  }

  /// True while a menu is open in `container`.
  static func isOpen(in container: View) -> Bool {
    container.subviews.contains { $0.identifier == layerID }
  }

  /// Performs `action` on `view`.
  static func perform(_ action: Action, on view: SceneView) {
    switch action {
    case .colour:
      let current = palette.firstIndex { $0 == view.style.fill }
      let fill = palette[((current ?? -1) + 1) % palette.count]
      view.style.fill = fill
      // The label stays readable on the new fill (white on the yellow read 1.7:1).
      view.style.labelColor = SceneView.readableLabel(on: fill)
    case .duplicate:
      guard isEnabled(.duplicate, for: view), let superview = view.superview else { return }
      let copy = SceneView(frame: view.frame)
      copy.center = view.center + duplicateOffset(for: view, in: superview)
      copy.transform = view.transform
      copy.style = view.style
      copy.image = view.image
      copy.hitTestMode = view.hitTestMode
      copy.identifier = uniqueID(base: original(of: view.identifier ?? "view") + "-copy", in: superview)
      MenuBehavior.attachLongPress(named: (copy.identifier ?? "copy") + "-press", to: copy)
      let index = superview.subviews.firstIndex { $0 === view }.map { $0 + 1 } ?? superview.subviews.count
      superview.insertSubview(copy, at: index)
    case .delete:
      view.removeFromSuperview()
    }
  }

  /// The id a copy's name starts from: `id` without the `-copy` or `-copyN` that a copy's
  /// id ends with, so that copies of copies are `square-copy2`, `square-copy3`... rather
  /// than `square-copy-copy-copy`.
  static func original(of id: String) -> String {
    let withoutNumber = id.reversed().drop { $0.isASCII && $0.isNumber }
    guard withoutNumber.starts(with: "ypoc-"), withoutNumber.count > "-copy".count else { return id }
    return String(withoutNumber.dropFirst("-copy".count).reversed())
  }

  /// `base`, `base2`, `base3`... the first not used by a view of `superview`'s window.
  private static func uniqueID(base: String, in superview: View) -> String {
    var root = superview
    while let parent = root.superview { root = parent }
    var used: Set<String> = []
    func collect(_ view: View) {
      if let id = view.identifier { used.insert(id) }
      view.subviews.forEach(collect)
    }
    collect(root)
    var candidate = base
    var number = 2
    while used.contains(candidate) {
      candidate = base + String(number)
      number += 1
    }
    return candidate
  }
}

/// The tap (`menu-dismiss`) that closes the menu open in a container: on the menu's layer,
/// and on the window's root view for the surround beside a fitted scene. It receives only
/// touches that hit its own view (it is its own delegate), so a tap on a button, or on
/// anything in front of the root, never also closes the menu through it.
private final class MenuDismissTap: TapGestureRecognizer, GestureRecognizerDelegate {
  /// The container whose menu a recognized tap closes.
  private weak var container: View?

  /// A tap closing the menu open in `container`.
  init(closing container: View) {
    self.container = container
    super.init()
    name = "menu-dismiss"
    // A click of either button outside the menu closes it, as in GTK.
    buttonMaskRequired = [.primary, .secondary]
    delegate = self
    addTarget { recognizer in
      guard recognizer.state == .ended, let tap = recognizer as? MenuDismissTap, let container = tap.container
      else { return }
      ContextMenu.close(in: container)
    }
  }

  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    touch.view === view
  }
}
