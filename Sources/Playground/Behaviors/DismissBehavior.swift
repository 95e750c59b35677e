import GestureKit

/// The `dismiss` behaviour: a recognized swipe throws its view off screen in the direction
/// the swipe went.
///
/// There is no animation engine: the view is moved at once to its final place, just outside
/// the window (its frame's near edge on the window's far edge), keeping the other
/// coordinate. The direction is the allowed one the fingers travelled farthest along (see
/// ``SwipeDirections/travelled(by:)``), so a swipe allowing left and right throws the view
/// the way the finger went. The view stays in the tree (and in the `final` log line).
final class DismissBehavior {
  private weak var view: View?

  /// A dismiss behaviour for `view`.
  init(view: View) {
    self.view = view
  }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    guard let view, let superview = view.superview, let window = view.window,
      let swipe = recognizer as? SwipeGestureRecognizer, swipe.state == .recognized,
      let direction = SwipeDirections.travelled(by: swipe)
    else { return }
    let frame = superview.convert(view.frame, to: nil)
    let offset: Point
    switch direction {
    case .left: offset = Point(x: -frame.maxX, y: 0)
    case .up: offset = Point(x: 0, y: -frame.maxY)
    case .down: offset = Point(x: 0, y: window.size.height - frame.minY)
    default: offset = Point(x: window.size.width - frame.minX, y: 0)
    }
    view.center += superview.convertVector(offset, from: nil)
  }
}
