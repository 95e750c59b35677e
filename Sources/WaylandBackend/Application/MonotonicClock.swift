import GestureKit
import Glibc

/// A GestureKit `Clock` on `CLOCK_MONOTONIC`, in seconds.
///
/// Timers are kept in a GestureKit `TimerQueue`; the event loop turns `nextDeadline` into its
/// poll timeout and calls `fireDueTimers()` after every wake-up.
public final class MonotonicClock: Clock {
  private var timers = TimerQueue()

  /// Creates a clock with no timers.
  public init() {}

  /// Seconds on `CLOCK_MONOTONIC`.
  public var now: Double { Self.monotonicSeconds() }

  /// Schedules `action` to run at `deadline` (seconds on this clock).
  public func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle {
    timers.schedule(at: deadline, action)
  }

  /// Cancels a timer; cancelling one that fired or was cancelled does nothing.
  public func cancel(_ handle: TimerHandle) {
    timers.cancel(handle)
  }

  /// The earliest pending deadline, if any.
  var nextDeadline: Double? { timers.nextDeadline }

  /// Runs every timer whose deadline has passed, in deadline order, one at a time: a timer
  /// cancelled (or scheduled) by an earlier one is honoured.
  func fireDueTimers() {
    let time = now
    while let due = timers.popNextDue(now: time) { due.action() }
  }

  /// Milliseconds until the next deadline, for poll(2): -1 when there is none.
  func pollTimeout() -> Int32 {
    guard let deadline = nextDeadline else { return -1 }
    let remaining = (deadline - now) * 1000
    if remaining <= 0 { return 0 }
    return Int32(min(remaining.rounded(.up), 60_000))
  }

  /// Nanoseconds until the next deadline, for ppoll(2): -1 when there is none, 0 when it
  /// has passed. Exact, so that a planned draw wakes on time (poll's milliseconds round up).
  func pollTimeoutNanoseconds() -> Int64 {
    guard let deadline = nextDeadline else { return -1 }
    let remaining = (deadline - now) * 1e9
    if remaining <= 0 { return 0 }
    return Int64(min(remaining.rounded(.up), 60e9))
  }

  /// Reads CLOCK_MONOTONIC.
  static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
