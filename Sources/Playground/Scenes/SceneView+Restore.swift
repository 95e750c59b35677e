import GestureKit

/// The `reset` and `resetScene` behaviours: views put back as the scene file describes them,
/// without rebuilding the tree (recognizers in flight keep working).
extension SceneView {
  /// Puts this view back as the file describes it: highlight off, counter 0, the file's
  /// frame, no transform, and its file place among its siblings.
  public func restore() {
    if isHighlighted { toggleHighlight() }
    count = 0
    transform = .identity
    frame = initialFrame
    guard let superview else { return }
    let siblings = superview.subviews.compactMap { $0 as? SceneView }.sorted {
      $0.initialIndex < $1.initialIndex
    }
    if let index = siblings.firstIndex(where: { $0 === self }) {
      // Bring every later sibling forward again, in file order, so this view sits below them.
      for later in siblings[index...] { superview.bringSubviewToFront(later) }
    }
  }

  /// Puts every view of this view's scene back as the file describes it (see ``restore()``),
  /// parents before their children, so that the whole scene looks as it did when built. The
  /// scene is the tree of scene views under the first ancestor that is not one (the window's
  /// root view, or whatever container the app installed the scene in).
  public func restoreScene() {
    var top: SceneView = self
    while let parent = top.superview as? SceneView { top = parent }
    guard let container = top.superview else { return restoreTree(top) }
    let children = container.subviews.compactMap { $0 as? SceneView }.sorted {
      $0.initialIndex < $1.initialIndex
    }
    for child in children { child.restore() }
    for child in children { restoreTree(child) }
  }

  /// Restores the subviews of `view`, depth first.
  private func restoreTree(_ view: SceneView) {
    let children = view.subviews.compactMap { $0 as? SceneView }.sorted { $0.initialIndex < $1.initialIndex }
    for child in children { child.restore() }
    for child in children { restoreTree(child) }
  }
}
