import GestureKit

/// The `rotate` behaviour: the target of a rotation recognizer that turns its view, as in
/// Apple's "Handling rotation gestures" article.
///
/// - began: remembers the view's rotation;
/// - began/changed/ended: the view's rotation = its rotation at began + the gesture's
///   `rotation` (radians, clockwise on screen), about the view's center, keeping the scale a
///   simultaneous `scale` behaviour sets;
/// - cancelled: the rotation goes back to the one at began.
final class RotateBehavior {
  private weak var view: View?
  private var initialRotation = 0.0

  /// A rotate behaviour for `view`.
  init(view: View) {
    self.view = view
  }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    guard let view, let rotation = recognizer as? RotationGestureRecognizer else { return }
    switch rotation.state {
    case .began:
      initialRotation = view.transform.rotation
      view.setTransformRotation(initialRotation + rotation.rotation)
    case .changed, .ended:
      view.setTransformRotation(initialRotation + rotation.rotation)
    case .cancelled:
      view.setTransformRotation(initialRotation)
    case .possible, .failed:
      break
    }
  }
}
