import GestureKit

/// Work a ``SceneView`` does in its own touch handlers (`touchesBegan` and the others), with
/// no recognizer involved: the view calls each of its handlers after its own work, with the
/// touches UIKit's delivery rules let through (GestureKit's "Touch Routing and Delivery" article).
///
/// Every method does nothing by default.
protocol SceneTouchHandler: AnyObject {
  /// Touches went down on `view` (or one of its subviews).
  func touchesBegan(_ touches: [Touch], in view: SceneView, with event: TouchEvent)
  /// Touches of `view` moved.
  func touchesMoved(_ touches: [Touch], in view: SceneView, with event: TouchEvent)
  /// Touches of `view` lifted.
  func touchesEnded(_ touches: [Touch], in view: SceneView, with event: TouchEvent)
  /// Touches of `view` were cancelled (by a recognizer, Esc or the compositor).
  func touchesCancelled(_ touches: [Touch], in view: SceneView, with event: TouchEvent)
}

extension SceneTouchHandler {
  /// Does nothing.
  func touchesBegan(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {}
  /// Does nothing.
  func touchesMoved(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {}
  /// Does nothing.
  func touchesEnded(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {}
  /// Does nothing.
  func touchesCancelled(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {}
}
