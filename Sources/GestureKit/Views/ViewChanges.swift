/// What changed in a window since its changes were last taken, view by view: what a drawing
/// side needs to decide what to draw again (it remembers where it drew each view), and what
/// a backend needs to tell a frame whose only changes are views moving, scaling or turning
/// (which a layer of their own can show without drawing) from one that changes what views
/// look like.
///
/// Every change of a view that can show records it once (Window+Changes.swift):
/// - in `transformed` when its `center` or `transform` changed (its subtree moves with it);
/// - in `restyled` for any other change: bounds, style, alpha, visibility, clipping, custom
///   content (`setNeedsDisplay()`), being added, removed or reordered;
/// - in `invalidated`, with a rectangle, when part of its content changed
///   (`setNeedsDisplay(in:)`).
///
/// A view may be in several. Changes no view names (a resize, `needsDisplay = true`), or more
/// views than a list holds (`capacity`), make `isUnbounded` true: then anything may have
/// changed. Recording allocates nothing: the lists keep their storage from frame to frame.
public struct ViewChanges {
  /// The most views each list holds; past it the changes are `isUnbounded` (past it, the
  /// rectangles of `invalidated` are merged into its last entry for the same view).
  public static let capacity = 32

  /// Part of a view's content that changed.
  public struct Invalidation {
    /// The view whose content changed.
    public let view: View
    /// What changed, in the view's coordinates.
    public internal(set) var rect: Rect
  }

  /// Views whose centre or transform changed, each once, in the order of their first change.
  public private(set) var transformed: [View] = []
  /// Views with any other change, each once, in the order of their first change.
  public private(set) var restyled: [View] = []
  /// Parts of views' content that changed, in the order they were reported.
  public private(set) var invalidated: [Invalidation] = []
  /// Whether something changed that the lists do not name.
  public private(set) var isUnbounded = false

  /// No changes; storage for `capacity` views in each list.
  public init() {
    transformed.reserveCapacity(Self.capacity)
    restyled.reserveCapacity(Self.capacity)
    invalidated.reserveCapacity(Self.capacity)
  }

  /// Whether nothing changed.
  public var isEmpty: Bool {
    transformed.isEmpty && restyled.isEmpty && invalidated.isEmpty && !isUnbounded
  }

  /// Whether `view` or a view in its subtree is in `restyled` or `invalidated`, or a view in
  /// its subtree other than itself in `transformed`: whether what `view` and its subtree look
  /// like, as drawn in the view's own coordinates, may have changed. True when `isUnbounded`.
  public func changesContent(of view: View) -> Bool {
    if isUnbounded { return true }
    if restyled.contains(where: { $0.isDescendant(of: view) }) { return true }
    if invalidated.contains(where: { $0.view.isDescendant(of: view) }) { return true }
    return transformed.contains { $0 !== view && $0.isDescendant(of: view) }
  }

  /// `view`'s centre or transform changed.
  mutating func noteTransform(of view: View) {
    Self.note(view, in: &transformed, overflow: &isUnbounded)
  }

  /// `view` changed otherwise.
  mutating func noteRestyle(of view: View) {
    Self.note(view, in: &restyled, overflow: &isUnbounded)
  }

  /// `rect` (in `view`'s coordinates) of `view`'s content changed.
  mutating func noteInvalidation(of rect: Rect, in view: View) {
    if invalidated.count < Self.capacity {
      invalidated.append(Invalidation(view: view, rect: rect))
    } else if let index = invalidated.lastIndex(where: { $0.view === view }) {
      invalidated[index].rect = invalidated[index].rect.union(rect)
    } else {
      isUnbounded = true
    }
  }

  /// Something no view names changed.
  mutating func noteUnbounded() {
    isUnbounded = true
  }

  /// Back to no changes, keeping the storage.
  mutating func removeAll() {
    transformed.removeAll(keepingCapacity: true)
    restyled.removeAll(keepingCapacity: true)
    invalidated.removeAll(keepingCapacity: true)
    isUnbounded = false
  }

  private static func note(_ view: View, in list: inout [View], overflow: inout Bool) {
    if list.contains(where: { $0 === view }) { return }
    guard list.count < capacity else {
      overflow = true
      return
    }
    list.append(view)
  }
}
