import GestureKit

/// The `drag` behaviour: the target of a pan recognizer that moves its view
/// under the finger, as in Apple's "Handling pan gestures" article.
///
/// - began: remembers the view's center and brings the view to the front;
/// - began/changed/ended: center = center at began + `translation(in: superview)`,
///   limited to the constraints' axis and kept inside the parent if asked; otherwise kept
///   with ``BehaviorLimits/fingerTarget`` window points of it (all of a smaller view) inside
///   the parent along each axis, so that a card dragged into the window's surround, or off
///   the window, stays there to be grabbed again (it was lost until the scene was rebuilt);
/// - cancelled: the view goes back to its center at began.
final class DragBehavior {
  private weak var view: SceneView?
  private let constraints: DragConstraints
  private var initialCenter = Point.zero

  /// A drag of `view` with `constraints`.
  init(view: SceneView, constraints: DragConstraints) {
    self.view = view
    self.constraints = constraints
  }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    guard let view, let pan = recognizer as? PanGestureRecognizer else { return }
    switch pan.state {
    case .began:
      initialCenter = view.center
      view.bringToFront()
      move(view, by: pan.translation(in: view.superview))
    case .changed, .ended:
      move(view, by: pan.translation(in: view.superview))
    case .cancelled:
      view.center = initialCenter
    case .possible, .failed:
      break
    }
  }

  private func move(_ view: SceneView, by translation: Point) {
    var offset = translation
    switch constraints.axis {
    case .x: offset.y = 0
    case .y: offset.x = 0
    case nil: break
    }
    var center = initialCenter + offset
    if constraints.staysWithinParent, let parent = view.superview {
      center = BehaviorLimits.center(center, of: view, inside: parent.bounds, keeping: nil)
    } else {
      center = BehaviorLimits.reachableCenter(center, of: view)
    }
    view.center = center
  }
}
