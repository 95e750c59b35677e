@testable import GestureKit

extension Harness {
  @discardableResult
  func addTap(_ name: String, to view: View, taps: Int = 1, touches: Int = 1) -> TapGestureRecognizer {
    let tap = TapGestureRecognizer()
    tap.name = name
    tap.numberOfTapsRequired = taps
    tap.numberOfTouchesRequired = touches
    view.addGestureRecognizer(tap)
    return tap
  }

  /// Adds an action writing "action NAME STATE at TIME" to the transcript.
  func logTimedActions(of recognizer: GestureRecognizer) {
    // The window holds the recognizer: a strong capture would keep both alive for ever.
    recognizer.addTarget { [transcript, weak window] r in
      let time = ((window?.currentTime ?? .nan) * 1000).rounded() / 1000
      transcript.add("action \(r.name ?? "?") \(r.state) at \(time)")
    }
  }

  /// A quick tap of touch `id` at (x, y): down at `time`, up 0.05 s later.
  func tap(_ id: Int, _ x: Double, _ y: Double, at time: Double) {
    down(id, x, y, at: time)
    up(id, at: time + 0.05)
  }

  /// Advances the virtual clock to `time`, firing the timers due by then.
  func advance(to time: Double) {
    clock.advance(to: time)
  }
}

/// A delegate answering the failure-requirement questions from closures, counting the calls.
final class RequirementDelegate: GestureRecognizerDelegate {
  var requiresFailureOf: (GestureRecognizer) -> Bool = { _ in false }
  var requiredToFailBy: (GestureRecognizer) -> Bool = { _ in false }
  private(set) var questions = 0

  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer)
    -> Bool
  {
    questions += 1
    return requiresFailureOf(other)
  }

  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer)
    -> Bool
  {
    questions += 1
    return requiredToFailBy(other)
  }
}
