/// A pure list of pending timers, ordered by deadline, shared by every ``Clock``.
///
/// Timers with equal deadlines fire in the order they were scheduled. The queue never reads
/// time: its owner says what `now` is.
public struct TimerQueue {
  private struct Entry {
    let handle: TimerHandle
    let deadline: Double
    let action: () -> Void
  }

  /// Pending timers, sorted by deadline then by scheduling order.
  private var entries: [Entry] = []
  private var nextID = 0

  /// An empty queue.
  public init() {}

  /// Adds a timer firing at `deadline` and returns its handle. A deadline that is NaN (a
  /// duration computed from nothing) never comes, as `+infinity`: it would otherwise be
  /// ordered nowhere, and, first in the queue, keep every timer after it from firing.
  public mutating func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle {
    let deadline = deadline.isNaN ? .infinity : deadline
    let handle = TimerHandle(rawValue: nextID)
    nextID += 1
    // Insert after every entry with a deadline <= this one (stable for equal deadlines).
    let index = entries.firstIndex { $0.deadline > deadline } ?? entries.count
    entries.insert(Entry(handle: handle, deadline: deadline, action: action), at: index)
    return handle
  }

  /// Removes a pending timer; unknown or already fired handles are ignored.
  public mutating func cancel(_ handle: TimerHandle) {
    entries.removeAll { $0.handle == handle }
  }

  /// The earliest pending deadline, or nil when no timer is pending.
  public var nextDeadline: Double? { entries.first?.deadline }

  /// How many timers are pending.
  public var count: Int { entries.count }

  /// Removes and returns every timer due at `now` (deadline <= now), in firing order.
  public mutating func popDue(now: Double) -> [(TimerHandle, () -> Void)] {
    let dueCount = entries.firstIndex { $0.deadline > now } ?? entries.count
    let due = entries.prefix(dueCount).map { ($0.handle, $0.action) }
    entries.removeFirst(dueCount)
    return due
  }

  /// Removes and returns the first timer due at `now`, if any, with its deadline.
  ///
  /// Clocks that fire timers one at a time use this, so that a timer cancelled by an earlier
  /// one in the same batch does not run.
  public mutating func popNextDue(now: Double) -> (handle: TimerHandle, deadline: Double, action: () -> Void)?
  {
    guard let first = entries.first, first.deadline <= now else { return nil }
    entries.removeFirst()
    return (first.handle, first.deadline, first.action)
  }
}
