import GestureKit

/// Wiring the `pullOut` behaviour of the scroll-drag recipe.
extension SceneBuilder {
  /// Wires a `pullOut` gesture: one ``PullOutBehavior`` per item, shared by all its gestures
  /// (kept in `behaviors`), and for a pan the ``PullOutDelegate`` with the direction rule (taking
  /// over the `simultaneousWith` answers of the delegate it replaces).
  func attachPullOut(
    _ recognizer: GestureRecognizer, to item: SceneView,
    sharing behaviors: inout [ObjectIdentifier: PullOutBehavior]
  ) {
    let behavior = behaviors[ObjectIdentifier(item)] ?? PullOutBehavior(item: item)
    behaviors[ObjectIdentifier(item)] = behavior
    recognizer.addTarget { recognizer in behavior.handle(recognizer) }
    guard recognizer is PanGestureRecognizer else { return }
    let delegate = PullOutDelegate(behavior: behavior, previous: recognizer.delegate)
    item.retainedDelegates.append(delegate)
    recognizer.delegate = delegate
  }
}
