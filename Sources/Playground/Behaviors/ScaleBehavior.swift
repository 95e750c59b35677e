import GestureKit

/// The `scale` behaviour: the target of a pinch recognizer that scales its view, as in
/// Apple's "Handling pinch gestures" article.
///
/// - began: remembers the view's scale;
/// - began/changed/ended: the view's scale = its scale at began × the pinch's `scale`, about
///   the view's center (the transform applies about the center), keeping the rotation a
///   simultaneous `rotate` behaviour sets; fingers placed symmetrically about the center stay
///   over the same points of the view;
/// - cancelled: the scale goes back to the one at began;
/// - the scale stays within ``scaleRange(of:from:)``: a photo pinched down stays big enough to
///   grab and pinch back, and one pinched up stops once it covers its superview twice over,
///   as photo viewers bound their zoom (a view pinched to nothing was lost to the user until
///   the scene was rebuilt).
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
      view.setTransformScale(Self.clamp(initialScale * pinch.scale, of: view, from: initialScale))
    case .changed, .ended:
      view.setTransformScale(Self.clamp(initialScale * pinch.scale, of: view, from: initialScale))
    case .cancelled:
      view.setTransformScale(initialScale)
    case .possible, .failed:
      break
    }
  }

  /// The scales a pinch may give `view`, whose scale was `initial` at began: down to the one
  /// at which its shorter side shows ``BehaviorLimits/fingerTarget`` window points long
  /// (whatever the scene's fit in the window: on a phone a scene point is a third of one; 1
  /// for a view already smaller), up to the one at which its longer side is
  /// ``BehaviorLimits/maximumSpan`` times its superview's longer side (at least 1); widened
  /// to hold `initial`, so that a view a scene file sized outside the range does not jump.
  static func scaleRange(of view: View, from initial: Double) -> ClosedRange<Double> {
    let size = view.bounds.size
    // The shorter side in the superview's units at which it shows the target's length.
    let least = BehaviorLimits.length(BehaviorLimits.fingerTarget, in: view.superview)
    let shorter = min(size.width, size.height)
    let longer = max(size.width, size.height)
    let smallest = shorter > least ? least / shorter : 1
    let room = view.superview.map { max($0.bounds.width, $0.bounds.height) } ?? longer
    let largest = longer > 0 ? max(1, BehaviorLimits.maximumSpan * room / longer) : 1
    return min(smallest, initial)...max(largest, initial)
  }

  /// `scale` within ``scaleRange(of:from:)``.
  private static func clamp(_ scale: Double, of view: View, from initial: Double) -> Double {
    let range = scaleRange(of: view, from: initial)
    return min(range.upperBound, max(range.lowerBound, scale))
  }
}
