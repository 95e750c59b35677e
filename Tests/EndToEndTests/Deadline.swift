/// A point in time after which a bounded wait gives up.
///
/// Every wait in the harness blocks on an event (a reply line, a file created in
/// a watched directory, a process exit) until its deadline; none sleeps.
struct Deadline {
  private let end: ContinuousClock.Instant

  /// A deadline `duration` from now.
  init(after duration: Duration) {
    end = ContinuousClock.now + duration
  }

  /// True once the deadline is reached.
  var hasPassed: Bool {
    ContinuousClock.now >= end
  }

  /// Milliseconds left, rounded up, never negative (for `poll`).
  var remainingMilliseconds: Int32 {
    let left = end - ContinuousClock.now
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
  }
}
