// The sample recognizer of GestureKit.docc/WritingACustomRecognizer.md, as the article shows
// it (DocumentationSyncTests checks that it still does).

import GestureKit

/// Recognizes one finger dragged up or down, and reports how far it went (continuous).
final class VerticalScrubGestureRecognizer: GestureRecognizer {
  /// Pixels the finger must move before the scrub begins.
  var minimumDistance = 8.0

  /// Where the finger went down, in window coordinates.
  private var start: Point?
  /// The finger's vertical distance from where it went down (down is positive).
  private(set) var offset = 0.0

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    // One finger only: a second one fails a scrub that has not begun yet, and is simply
    // left out of one in progress.
    guard numberOfTouches == 1, start == nil else {
      if state == .possible {
        state = .failed
      } else {
        for touch in touches { ignore(touch, for: event) }
      }
      return
    }
    start = touches[0].locationInWindow
  }

  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard let start, let touch = touches.first else { return }
    let moved = touch.locationInWindow - start
    offset = moved.y
    switch state {
    case .possible where moved.length >= minimumDistance:
      state = abs(moved.y) > abs(moved.x) ? .began : .failed
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    switch state {
    case .began, .changed: state = .ended
    case .possible: state = .failed
    default: break
    }
  }

  override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    switch state {
    case .began, .changed: state = .cancelled
    case .possible: state = .failed
    default: break
    }
  }

  override func reset() {
    start = nil
    offset = 0
  }

  /// A scrub never makes a pinch fail: a second finger may still start one.
  override func canPrevent(_ other: GestureRecognizer) -> Bool {
    !(other is PinchGestureRecognizer)
  }
}
