/// What a view covers when drawn: its bounds, with its subtree unless it clips them.
extension View {
  /// Whether this view draws a label.
  public var hasLabel: Bool {
    guard let label = style.label else { return false }
    return !label.isEmpty && style.fontSize > 0
  }

  /// What this view's own content may cover, in its own coordinates: its bounds (the stroke
  /// lies inside them, a label is truncated and clipped to them; custom drawing is expected
  /// to stay inside them too).
  public var drawnBounds: Rect { bounds }

  /// The bounding box, in window coordinates, of everything this view and its subtree draw,
  /// or nil when nothing (hidden, fully transparent, empty); `toWindow` maps this view's
  /// coordinates to the window's.
  ///
  /// A hidden or transparent view draws nothing with its subtree; a clipping view's subtree
  /// stays inside its own box (its `drawnBounds`). Ancestors' clips are not applied.
  public func drawnBox(toWindow: AffineTransform) -> Rect? {
    guard !isHidden, alpha > 0 else { return nil }
    let own = bounds.boundingBox(applying: toWindow)
    var box: Rect? = own.isEmpty ? nil : own
    if clipsToBounds { return box }
    for subview in subviews {
      guard let subBox = subview.drawnBox(toWindow: subview.transformToSuperview.concatenating(toWindow))
      else { continue }
      box = box.map { $0.union(subBox) } ?? subBox
    }
    return box
  }
}
