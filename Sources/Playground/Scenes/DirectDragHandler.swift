import GestureKit

/// The view's `touchHandler` `drag`: the cookbook's first recipe ("Touches", Recipe 1-1,
/// `DragView`), a view that follows a finger from its own `touchesBegan` / `touchesMoved`,
/// with no gesture recognizer.
///
/// - began: remembers the touch and the offset from the finger to the view's center (so the
///   view keeps its place under the finger instead of jumping to centre on it) and pops the
///   view to the front of its siblings;
/// - moved: center = the finger's location in the superview + that offset, keeping a part of
///   the view in reach where the finger takes it off the scene
///   (``BehaviorLimits/reachableCenter(_:of:)``);
/// - ended: the view stays where it is;
/// - cancelled: the view goes back to where it was when the touch went down.
///
/// Only the touch that started the drag moves the view; others are ignored until it lifts.
final class DirectDragHandler: SceneTouchHandler {
  /// The id of the touch dragging the view, while there is one.
  private var touchID: Int?
  /// The view's center minus the finger's location, in the superview's coordinates.
  private var offset = Point.zero
  /// The view's center when the touch went down.
  private var startCenter = Point.zero

  /// Starts a drag with the first touch, unless one is in progress.
  func touchesBegan(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {
    guard touchID == nil, let touch = touches.first else { return }
    touchID = touch.id
    startCenter = view.center
    offset = view.center - touch.location(in: view.superview)
    view.bringToFront()
  }

  /// Moves the view with the dragging touch.
  func touchesMoved(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {
    guard let touch = touches.first(where: { $0.id == touchID }) else { return }
    view.center = BehaviorLimits.reachableCenter(touch.location(in: view.superview) + offset, of: view)
  }

  /// Ends the drag where the finger lifted.
  func touchesEnded(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {
    guard let touch = touches.first(where: { $0.id == touchID }) else { return }
    view.center = BehaviorLimits.reachableCenter(touch.location(in: view.superview) + offset, of: view)
    touchID = nil
  }

  /// Puts the view back where the drag started.
  func touchesCancelled(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {
    guard touches.contains(where: { $0.id == touchID }) else { return }
    view.center = startCenter
    touchID = nil
  }
}
