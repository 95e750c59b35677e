/// A ``Clock`` that only moves when told to: tests and replays run on it.
///
/// `advance(to:)` fires due timers one by one in deadline order, with `now` equal to each
/// timer's deadline while it runs; timers scheduled by a firing timer fire too if they fall
/// due before the target time.
public final class VirtualClock: Clock {
  /// The current virtual time in seconds.
  public private(set) var now: Double
  private var timers = TimerQueue()

  /// A clock reading `now` with no timers.
  public init(now: Double = 0) {
    self.now = now
  }

  /// Schedules `action` at `deadline`; it runs during a later `advance`.
  public func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle {
    timers.schedule(at: deadline, action)
  }

  /// Cancels a pending timer.
  public func cancel(_ handle: TimerHandle) {
    timers.cancel(handle)
  }

  /// The earliest pending deadline, if any.
  public var nextDeadline: Double? { timers.nextDeadline }

  /// Moves time forward to `time`, firing every timer due by then in deadline order.
  /// Moving backwards is ignored (time never decreases).
  public func advance(to time: Double) {
    while let next = timers.popNextDue(now: time) {
      now = max(now, next.deadline)
      next.action()
    }
    now = max(now, time)
  }

  /// Moves time forward by `seconds`, firing due timers.
  public func advance(by seconds: Double) {
    advance(to: now + seconds)
  }
}
