extension Window {
  /// Delivers pointer hover, the input of `HoverGestureRecognizer`s: the pointer is at
  /// `location` (window coordinates), or has left the window (nil), at `time` (seconds).
  ///
  /// The backend calls it for `wl_pointer.enter` and `motion` (with the location) and
  /// `leave` (nil); hover never goes through touches, and touches never hover. Each call is
  /// one cycle:
  ///
  /// 0. With no hover recognizer in the tree (`hoverRecognizerCount`) and none in progress,
  ///    nothing else happens: plain pointer motion costs nothing.
  /// 1. The location is hit-tested (as a touch-down would be, but afresh every time; the
  ///    answer is kept for the pointer's cursor and press, `cachedHitTest`).
  /// 2. Hover recognizers in progress whose view is no longer the hit view or one of its
  ///    ancestors end (all of them for nil, or when nothing is hit).
  /// 3. The enabled hover recognizers of the hit view and its ancestors (hit view first)
  ///    begin, or report `changed`.
  ///
  /// Beginning asks `shouldBegin` like any recognizer; hover recognizers share no touches,
  /// so they neither prevent nor are prevented by other recognizers. Like `send`, this is an
  /// input entry point: call it from the backend or a replay, not from an action (asserted).
  ///
  /// `pen` is the state of a tablet tool hovering there (nil for the pointer): a hover
  /// recognizer reports its distance as `zOffset`, and whether it is a pen, as UIKit's does.
  public func sendHover(_ location: Point?, at time: Double, pen: PenState? = nil) {
    assert(!isInCycle, "sendHover is an input entry point; it cannot be called from an action")
    currentTime = time
    lastHover = location.map { HoverPlace(location: $0, pen: pen) }
    guard hoverRecognizerCount > 0 || involvedRecognizers.contains(where: { $0 is HoverGestureRecognizer })
    else { return }
    let hit = location.flatMap { cachedHitTest($0) }
    lastHover?.view = hit
    runCycle(event: nil) {
      for case let hover as HoverGestureRecognizer in involvedRecognizers where hover.state.isActive {
        if let hit, let view = hover.view, view.window === self, hit.isDescendant(of: view) { continue }
        hover.pointerLeft()
      }
      guard let location else { return }
      var view = hit
      while let current = view {
        for case let hover as HoverGestureRecognizer in current.gestureRecognizers where hover.isEnabled {
          hover.pointerHovered(at: location, pen: pen)
        }
        view = current.superview
      }
    }
  }

  /// Sends the last hover again (the location and pen of the last ``sendHover(_:at:pen:)``)
  /// if the view under a pointer or pen that did not move is no longer the one it hovered:
  /// that view was replaced or moved away, or another appeared over it. As GTK hovers a
  /// widget shown under a still pointer, the new view's hover recognizers begin, and those of
  /// views no longer under it end. Does nothing while nothing hovers the window, or while the
  /// same view is under it. ``sendScroll(_:source:discrete:steps:at:time:)`` calls it after
  /// each scroll. From an action, call it through ``performAfterCurrentCycle(_:)``, as it is
  /// an input entry point.
  public func refreshHover(at time: Double) {
    guard let lastHover, hoverRecognizerCount > 0 || lastHover.view != nil else { return }
    guard cachedHitTest(lastHover.location) !== lastHover.view else { return }
    sendHover(lastHover.location, at: time, pen: lastHover.pen)
  }
}

/// Where the pointer or a pen last hovered a window: the location, the pen's state (nil for
/// the pointer) and the view hit there, if the window hit-tested it (it does only while it
/// has hover recognizers).
struct HoverPlace {
  var location: Point
  var pen: PenState?
  weak var view: View?
}
