import GestureKit

/// The `scale` behaviour: the target of a pinch recognizer that scales its view, as in
/// Apple's "Handling pinch gestures" article.
///
/// - began: remembers the view's scale;
/// - began/changed/ended: the view's scale = its scale at began × the pinch's `scale`, about
///   the view's center (the transform applies about the center), keeping the rotation a
///   simultaneous `rotate` behaviour sets; fingers placed symmetrically about the center stay
///   over the same points of the view;
/// - cancelled: the scale goes back to the one at began.
final class ScaleBehavior {
  private weak var view: View?
  private var initialScale = 1.0

  /// A scale behaviour for `view`.
  init(view: View) {
    self.view = view
  }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    guard let view, let pinch = recognizer as? PinchGestureRecognizer else { return }
    switch pinch.state {
    case .began:
      initialScale = view.transform.scale
      view.setTransformScale(initialScale * pinch.scale)
    case .changed, .ended:
      view.setTransformScale(initialScale * pinch.scale)
    case .cancelled:
      view.setTransformScale(initialScale)
    case .possible, .failed:
      break
    }
  }
}
