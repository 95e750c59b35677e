import GestureKit

/// The `count` behaviour: a counter shown in the view's label.
extension SceneView {
  /// The placeholder of a label that the counter replaces.
  static let countPlaceholder = "{count}"

  /// Makes the view show ``count`` in its label: `{count}` in the label is replaced by the
  /// counter, and a label without it gets the counter on a line of its own (no label: the
  /// counter alone).
  func showsCount() {
    guard labelTemplate == nil else { return }
    let label = style.label ?? ""
    if label.contains(Self.countPlaceholder) {
      labelTemplate = label
    } else {
      labelTemplate = label.isEmpty ? Self.countPlaceholder : label + "\n" + Self.countPlaceholder
    }
    updateCountLabel()
  }

  /// Writes ``count`` into the label (no-op for a view without a counter).
  func updateCountLabel() {
    guard let labelTemplate else { return }
    style.label = labelTemplate.replacing(Self.countPlaceholder, with: "\(count)")
  }
}
