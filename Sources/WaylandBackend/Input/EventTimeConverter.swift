/// Turns the compositor's 32-bit millisecond event times into seconds on the app's clock.
///
/// Compositors stamp input with milliseconds in an unspecified base (usually
/// CLOCK_MONOTONIC). Those stamps say when the input happened, which is what velocity needs,
/// but they must share a base with the clock that runs timers. The converter keeps an offset
/// learned from the first event and re-learns it when the two drift more than a second apart
/// (a different base, or a 32-bit wrap after 49 days). Times never go backwards.
struct EventTimeConverter {
  private var offset: Double?
  /// The latest time handed out (-infinity before the first).
  private(set) var last = -Double.infinity

  /// Seconds on the app clock for an event stamped `milliseconds`, received at `now`.
  mutating func seconds(milliseconds: UInt32, now: Double) -> Double {
    let raw = Double(milliseconds) / 1000
    if let offset, abs(raw + offset - now) <= 1.0 {
    } else {
      offset = now - raw
    }
    let time = max(raw + (offset ?? 0), last)
    last = time
    return time
  }
}
