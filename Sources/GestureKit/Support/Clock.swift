/// Identifies a timer scheduled on a ``Clock`` so that it can be cancelled.
public struct TimerHandle: Hashable, Sendable {
  /// The number the issuing ``TimerQueue`` gave this timer; unique per queue.
  public let rawValue: Int

  /// Wraps a raw timer number (clocks normally get handles from a ``TimerQueue``).
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }
}

/// The only source of time and timers GestureKit uses; GestureKit never reads real time.
///
/// The Wayland backend implements it on `CLOCK_MONOTONIC`; tests and replays use
/// ``VirtualClock``. Times are seconds, on the same base as `InputFrame.timestamp`.
public protocol Clock: AnyObject {
  /// The current time in seconds.
  var now: Double { get }
  /// Runs `action` once at `deadline` (or as soon as possible after it).
  func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle
  /// Cancels a timer; cancelling one that fired or was cancelled does nothing.
  func cancel(_ handle: TimerHandle)
}
