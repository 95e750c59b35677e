import GestureKit

/// The delegate of a `pullOut` pan: the rule that keeps an item's pull and its strip's scrolling
/// from fighting. While the item is in its strip, its pan may begin only when the drag's initial
/// translation (the 10 px that made it begin) points mostly downward; otherwise it fails, and the
/// strip's pan, which sees the same touch, begins instead and scrolls. Once the item is pulled
/// out, its pan begins in any direction.
///
/// A delegate rather than a failure requirement: the strip's pan never waits for the item's, so
/// a horizontal drag scrolls at once and wheel scrolling (which honours failure requirements)
/// is never held up. The delegate also answers `shouldRecognizeSimultaneously` as the one it
/// replaces did (the gesture's `simultaneousWith`).
final class PullOutDelegate: GestureRecognizerDelegate {
  private let behavior: PullOutBehavior
  private let previous: GestureRecognizerDelegate?

  /// A delegate for the pan of `behavior`'s item, forwarding simultaneity to `previous`.
  init(behavior: PullOutBehavior, previous: GestureRecognizerDelegate?) {
    self.behavior = behavior
    self.previous = previous
  }

  /// True when `translation` points mostly downward: down, and more down than sideways (within
  /// 45° of straight down; y points down).
  static func pullsOut(_ translation: Point) -> Bool {
    translation.y > 0 && translation.y > abs(translation.x)
  }

  /// Any direction once the item is out; a mostly downward start while it is in the strip.
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    guard !behavior.isPulledOut, let pan = recognizer as? PanGestureRecognizer else { return true }
    return Self.pullsOut(pan.translation(in: pan.view?.superview))
  }

  /// What the gesture's `simultaneousWith` says (no by default).
  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    previous?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) ?? false
  }
}
