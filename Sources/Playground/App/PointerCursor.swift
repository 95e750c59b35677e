import GestureKit
import WaylandBackend

/// Which cursor the pointer, or a tablet tool near the window, shows over a scene: the
/// answers to `WaylandApplication.cursorForPointer` and `cursorForTool`.
///
/// - A closed hand while the device's touch is dragging: the pointer's emulated touch
///   (`TouchInput.pointerID`) of the primary button (the right button's never drags), or the
///   tool's tip (`TouchInput.pencilID(tool:)`), tracked by a pan recognizer that has begun
///   (state began or changed), or on a view that moves with it by itself
///   (`"touchHandler": "drag"`).
/// - An open hand over a view that such a drag could start on: the hit view or one of its
///   ancestors has an enabled pan the device can drive (it accepts `indirectPointer`
///   touches for the pointer, `pencil` touches for a tool, and begins with one touch;
///   screen-edge pans do not count, they are not about the view under the device), or the
///   hit view has the `drag` touch handler. The strip's own pans (`chrome.*`: the tabs
///   scrolling sideways) do not count: the tabs are buttons.
/// - The default arrow elsewhere.
///
/// Pure and allocation-free: a walk up the hit view's ancestry, and a hit test only when
/// the window has none cached for the point (`Window.cachedHitTest`: the hover of the same
/// device frame, or an earlier query with nothing changed since).
public enum PointerCursor {
  /// The cursor for the pointer at `location` (window coordinates) over `window`.
  public static func kind(in window: Window, at location: Point) -> CursorKind {
    kind(in: window, at: location, inputID: TouchInput.pointerID, type: .indirectPointer)
  }

  /// The cursor for tablet tool `tool` (the `tool` of its `SeatEvent`s) at `location`
  /// (window coordinates) over `window`.
  public static func kind(in window: Window, at location: Point, tool: Int) -> CursorKind {
    kind(in: window, at: location, inputID: TouchInput.pencilID(tool: tool), type: .pencil)
  }

  /// The cursor for the device whose touches have `inputID` and `type`.
  private static func kind(in window: Window, at location: Point, inputID: Int, type: TouchType)
    -> CursorKind
  {
    for touch in window.activeTouches where touch.inputID == inputID && touch.type == type {
      // The pointer drags with its primary button only.
      if type == .indirectPointer, !touch.buttonMask.contains(.primary) { continue }
      if isDragging(touch) { return .closedHand }
    }
    // The device's hover (or press) hit-tested this point already, unless the tree changed.
    guard let hit = window.cachedHitTest(location) else { return .default }
    if hasDirectDrag(hit) { return .openHand }
    var current: View? = hit
    while let view = current {
      for recognizer in view.gestureRecognizers where canDrag(recognizer, with: type) {
        return .openHand
      }
      current = view.superview
    }
    return .default
  }

  /// True when `touch` drags something now.
  private static func isDragging(_ touch: Touch) -> Bool {
    for recognizer in touch.gestureRecognizers where recognizer is PanGestureRecognizer {
      if recognizer.state == .began || recognizer.state == .changed { return true }
    }
    if let view = touch.view, hasDirectDrag(view) { return true }
    return false
  }

  /// True for an enabled pan that one touch of `type` can begin.
  private static func canDrag(_ recognizer: GestureRecognizer, with type: TouchType) -> Bool {
    guard let pan = recognizer as? PanGestureRecognizer, !(pan is ScreenEdgePanGestureRecognizer),
      pan.name?.hasPrefix("chrome.") != true
    else { return false }
    return pan.isEnabled && pan.allowedTouchTypes.contains(type)
      && pan.minimumNumberOfTouches <= 1 && pan.maximumNumberOfTouches >= 1
  }

  /// True for a scene view that follows its touches itself (`"touchHandler": "drag"`).
  private static func hasDirectDrag(_ view: View) -> Bool {
    guard let sceneView = view as? SceneView else { return false }
    return sceneView.touchHandlers.contains { $0 is DirectDragHandler }
  }
}
