/// What changed in a window since its damage was last taken, view by view, so that a backend
/// can tell a frame whose only changes are views moving, scaling or turning (which a layer of
/// their own can show without drawing: the drawing side's business) from one that changes
/// what views look like.
///
/// Every visible change of a view records it once (Window+Damage.swift):
/// - in `transformed` when its `center` or `transform` changed (its subtree moves with it);
/// - in `restyled` for any other change: bounds, style, alpha, visibility, clipping, custom
///   content (`setNeedsDisplay()`), being added, removed or reordered.
///
/// A view may be in both. Changes no view names (a resize, `Window.setNeedsDisplay(in:)`), or
/// more views than a list holds (`capacity`), make `isUnbounded` true: then anything may have
/// changed. Recording allocates nothing: both lists keep their storage from frame to frame.
public struct ViewChanges {
  /// The most views each list holds; past it the changes are `isUnbounded`.
  public static let capacity = 16

  /// Views whose centre or transform changed, each once, in the order of their first change.
  public private(set) var transformed: [View] = []
  /// Views with any other visible change, each once, in the order of their first change.
  public private(set) var restyled: [View] = []
  /// Whether something changed that the lists do not name.
  public private(set) var isUnbounded = false

  /// No changes; storage for `capacity` views in each list.
  init() {
    transformed.reserveCapacity(Self.capacity)
    restyled.reserveCapacity(Self.capacity)
  }

  /// Whether nothing changed.
  public var isEmpty: Bool { transformed.isEmpty && restyled.isEmpty && !isUnbounded }

  /// Whether `view` or a view in its subtree is in `restyled`, or a view in its subtree other
  /// than itself in `transformed`: whether what `view` and its subtree look like, as drawn in
  /// the view's own coordinates, may have changed. True when `isUnbounded`.
  public func changesContent(of view: View) -> Bool {
    if isUnbounded { return true }
    if restyled.contains(where: { $0.isDescendant(of: view) }) { return true }
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

  /// Something no view names changed.
  mutating func noteUnbounded() {
    isUnbounded = true
  }

  /// Back to no changes, keeping the storage.
  mutating func removeAll() {
    transformed.removeAll(keepingCapacity: true)
    restyled.removeAll(keepingCapacity: true)
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
