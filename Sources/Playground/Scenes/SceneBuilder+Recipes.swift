import GestureKit

/// Building the views and behaviours of the recipe scenes (paint, scroll-drag, menus, edge,
/// delivery).
extension SceneBuilder {
  /// The view of `spec` for the `paint` and `touchLog` touch handlers, else a plain
  /// ``SceneView``.
  static func makeRecipeView(for spec: ViewSpec) -> SceneView {
    switch spec.touchHandler {
    case .paint?: PaintCanvasView(frame: spec.frame)
    case .touchLog?: TouchLogView(frame: spec.frame)
    case .penReadout?: PenReadoutView(frame: spec.frame)
    default: SceneView(frame: spec.frame)
    }
  }

  /// Attaches the behaviours that need nothing but their own view (`menu`, with its right
  /// click); the ones that name another view or gesture are wired by
  /// ``finishRecipes(views:recognizers:)``.
  func attachRecipe(_ behavior: Behavior, of recognizer: GestureRecognizer, to view: SceneView) {
    guard case .menu = behavior else { return }
    MenuBehavior.attach(to: recognizer, of: view)
  }

  /// Once every view and recognizer exists (`gestures`: the scene's, in file order): wires `clear`, `flag`, `drawer` and `scrollStrip`
  /// to their targets (closing every drawer) and `pullOut` to its item (see
  /// ``attachPullOut(_:to:sharing:)``), and lets each touch-log view record its recognizers.
  func finishRecipes(
    views: [String: SceneView], recognizers: [String: GestureRecognizer], gestures: [GestureSpec]
  ) {
    // One behaviour per drawer view, shared by every gesture that moves it.
    var drawers: [ObjectIdentifier: DrawerBehavior] = [:]
    var pullOuts: [ObjectIdentifier: PullOutBehavior] = [:]
    for gesture in gestures {
      guard let recognizer = recognizers[gesture.id], let view = recognizer.view as? SceneView else {
        continue
      }
      switch gesture.behavior {
      case .clear(let target):
        guard let canvas = views[target] as? PaintCanvasView else { continue }
        let clear = ClearCanvasBehavior(canvas: canvas)
        recognizer.addTarget { recognizer in clear.handle(recognizer) }
      case .flag(let target, let flag):
        guard let targetRecognizer = recognizers[target] else { continue }
        let toggle = FlagToggleBehavior(button: view, target: targetRecognizer, flag: flag)
        recognizer.addTarget { recognizer in toggle.handle(recognizer) }
      case .drawer(let target):
        guard let drawerView = target.map({ views[$0] }) ?? view else { continue }
        let drawer = drawers[ObjectIdentifier(drawerView)] ?? DrawerBehavior(drawer: drawerView)
        if drawers[ObjectIdentifier(drawerView)] == nil {
          drawers[ObjectIdentifier(drawerView)] = drawer
          drawer.close()
        }
        recognizer.addTarget { recognizer in drawer.handle(recognizer) }
      case .scrollStrip(let target):
        guard let content = views[target] else { continue }
        let strip = ScrollStripBehavior(content: content)
        (recognizer as? PanGestureRecognizer)?.wheelStepDistance = WheelStep.distance(page: view.bounds.width)
        recognizer.addTarget { recognizer in strip.handle(recognizer) }
      case .pullOut:
        attachPullOut(recognizer, to: view, sharing: &pullOuts)
      default:
        break
      }
    }
    for view in views.values {
      // A canvas takes every finger, whatever `multipleTouch` says.
      if view is PaintCanvasView { view.isMultipleTouchEnabled = true }
      guard let log = view as? TouchLogView else { continue }
      for recognizer in view.gestureRecognizers { log.observe(recognizer) }
    }
  }
}
