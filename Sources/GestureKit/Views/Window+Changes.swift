/// Change tracking: which views changed since the last frame, and how (``ViewChanges``).
///
/// Every change of a view that can show notes the view once per frame, after the change
/// (the property observers of `View`): its geometry (`center`, `transform`) as transformed,
/// anything else as restyled. Nothing is noted under a hidden or fully transparent ancestor
/// (that ancestor is noted when it reappears), nor for a hidden view's own changes other
/// than its visibility. Where views were drawn before the change is not GestureKit's
/// business: a drawing side remembers what it drew.
///
/// Every change of geometry, visibility or the tree also invalidates the window's cached
/// hit-test answer, noted or not.
extension Window {
  /// Moves the changes recorded since the last call into `taken` (replacing its contents)
  /// and clears `needsDisplay`, without allocating: the two swap storage.
  public func takeChanges(into taken: inout ViewChanges) {
    swap(&taken, &changes)
    changes.removeAll()
    hasChanges = false
  }

  /// Returns the changes recorded since the last call and clears them and `needsDisplay`.
  public func takeChanges() -> ViewChanges {
    var taken = ViewChanges()
    takeChanges(into: &taken)
    return taken
  }

  /// Records that anything in the window may have changed (a resize, a new buffer, or a
  /// change the caller cannot locate); sets `needsDisplay`.
  public func setNeedsDisplayInWholeWindow() {
    changes.noteUnbounded()
    hasChanges = true
  }

  /// Records that what the window shows in `rect` (window coordinates) changed; sets
  /// `needsDisplay`. The same as the root view's `setNeedsDisplay(in:)`.
  public func setNeedsDisplay(in rect: Rect) {
    rootView.setNeedsDisplay(in: rect)
  }
}

extension View {
  /// What kind of change a view notes.
  enum Change {
    /// Its `center` or `transform`.
    case transform
    /// Anything else it shows.
    case restyle
    /// Its visibility (`isHidden`, `alpha`): noted even when it is now invisible.
    case visibility
  }

  /// Marks the window as needing a redraw where this view and its subtree are drawn (call it
  /// when custom content changes). Records nothing for a detached view or one under a
  /// hidden ancestor. Allocates nothing.
  public func setNeedsDisplay() {
    noteChange(.restyle)
  }

  /// Marks the window as needing a redraw of `rect` (this view's coordinates) of this view's
  /// content: UIKit's `setNeedsDisplay(_:)`, for a view drawing many small things (markers,
  /// traces) of which few change. Records nothing for a detached view or one under a hidden
  /// ancestor. Allocates nothing.
  public func setNeedsDisplay(in rect: Rect) {
    guard let window = windowNoting(evenIfHidden: false) else { return }
    window.changes.noteInvalidation(of: rect, in: self)
  }

  /// Notes this view in its window's `changes` after a change of `kind`, sets `needsDisplay`
  /// and invalidates the hit-test cache. Does nothing for a detached view.
  func noteChange(_ kind: Change) {
    guard let window = windowNoting(evenIfHidden: kind == .visibility) else { return }
    if kind == .transform {
      window.changes.noteTransform(of: self)
    } else {
      window.changes.noteRestyle(of: self)
    }
  }

  /// The window this view is drawn in, when a change of it can show: nil for a detached
  /// view, one under a hidden or transparent ancestor, or (unless `evenIfHidden`) a hidden or
  /// transparent view. Marks the window as changed and its hit tests stale in every case but
  /// the detached one: every change that can move what a point hits comes here.
  private func windowNoting(evenIfHidden: Bool) -> Window? {
    var root = self
    var visible = evenIfHidden || (!isHidden && alpha > 0)
    while let parent = root.superview {
      if parent.isHidden || parent.alpha <= 0 { visible = false }
      root = parent
    }
    guard let window = root.hostWindow else { return nil }
    window.hasChanges = true
    window.invalidateHitTests()
    return visible ? window : nil
  }
}
