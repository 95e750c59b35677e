extension View {
  /// Adds `view` on top of this view's subviews (moving it from its old superview; re-adding
  /// an existing subview brings it to the front).
  public func addSubview(_ view: View) {
    insertSubview(view, at: subviews.count + (view.superview === self ? -1 : 0))
  }

  /// Inserts `view` among the subviews at `index` (0 = back), clamped to the valid range;
  /// `view` first leaves its old superview.
  public func insertSubview(_ view: View, at index: Int) {
    precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself or its ancestor")
    view.setNeedsDisplay()
    view.detachFromSuperview()
    let position = max(0, min(index, subviews.count))
    subviews.insert(view, at: position)
    view.superview = self
    adjustHoverCount(by: view.hoverRecognizersInSubtree)
    view.setNeedsDisplay()
  }

  /// Removes this view (and its subtree) from its superview.
  public func removeFromSuperview() {
    setNeedsDisplay()
    detachFromSuperview()
  }

  /// Moves `view`, a subview, to the front (drawn last, hit-tested first).
  public func bringSubviewToFront(_ view: View) {
    guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
    subviews.append(subviews.remove(at: index))
    view.setNeedsDisplay()
  }

  /// Moves `view`, a subview, to the back.
  public func sendSubviewToBack(_ view: View) {
    guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
    subviews.insert(subviews.remove(at: index), at: 0)
    view.setNeedsDisplay()
  }

  /// True when this view is `view` or lies in its subtree.
  public func isDescendant(of view: View) -> Bool {
    var current: View? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  /// Attaches `recognizer` to this view (detaching it from another view first).
  public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
    if recognizer.view === self { return }
    recognizer.view?.removeGestureRecognizer(recognizer)
    gestureRecognizers.append(recognizer)
    recognizer.view = self
    if recognizer is HoverGestureRecognizer { adjustHoverCount(by: 1) }
  }

  /// Detaches `recognizer`. One in the middle of a gesture is first cancelled (began or
  /// changed) or failed (possible with touches); it receives nothing further.
  public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
    guard recognizer.view === self else { return }
    recognizer.abandonAttempt()
    gestureRecognizers.removeAll { $0 === recognizer }
    recognizer.view = nil
    if recognizer is HoverGestureRecognizer { adjustHoverCount(by: -1) }
  }

  /// Removes this view from its superview's list without redrawing.
  private func detachFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
    parent.adjustHoverCount(by: -hoverRecognizersInSubtree)
  }

  /// Adds `delta` to the hover recognizer count of this view and its ancestors (up to the
  /// root, whose count is the window's).
  private func adjustHoverCount(by delta: Int) {
    guard delta != 0 else { return }
    var current: View? = self
    while let view = current {
      view.hoverRecognizersInSubtree += delta
      current = view.superview
    }
  }
}
