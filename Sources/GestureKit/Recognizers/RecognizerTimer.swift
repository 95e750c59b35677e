/// A one-shot timer on the clock of a recognizer's window, for recognizer deadlines (a tap
/// held too long, a long press that is due).
///
/// Scheduling replaces the pending timer; cancelling one that fired does nothing. Outside a
/// window nothing is scheduled. The action runs as its own window cycle at the deadline.
struct RecognizerTimer {
  private var handle: TimerHandle?
  private var clock: Clock?

  /// True while a timer is pending (or fired without being cancelled).
  var isScheduled: Bool { handle != nil }

  /// Schedules `action` at `deadline` on `recognizer`'s window, replacing the pending timer.
  mutating func schedule(
    at deadline: Double, for recognizer: GestureRecognizer, _ action: @escaping () -> Void
  ) {
    cancel()
    guard let window = recognizer.view?.window else { return }
    clock = window.clock
    handle = window.scheduleTimer(at: deadline, action)
  }

  /// Cancels the pending timer, if any.
  mutating func cancel() {
    if let handle, let clock { clock.cancel(handle) }
    handle = nil
    clock = nil
  }
}
