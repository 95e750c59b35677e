/// How fast the compositor's events arrive, and so how long the event loop may leave the
/// connection unread (`FramePacer.quietUntil`) before the socket could fill.
///
/// While the loop leaves the connection unread, what the compositor sends waits in the
/// socket. A compositor on libwayland before 1.23 (Weston 10, Debian 12) disconnects a client
/// whose socket stays full ("error in client communication"): the kernel holds about 278
/// writes of the compositor's at Linux's default socket buffer (212,992 bytes, each small
/// write counted at its allocation's size; measured with a socket pair), and a compositor may
/// write each event on its own. A burst of injected input (3,600 touch frames, two writes
/// each, at 20,000 commands a second) had the app disconnected within one frame's quiet
/// spell.
///
/// So a quiet spell lasts at most as long as ``budget`` events take to arrive at the rate of
/// the last few reads, and there is none right after a pause, when that rate is unknown: the
/// first events of a burst are read as they come, which gives its rate. Nor is there one right
/// after a read that found a budget's worth of events: the loop is behind. A spell lasts at most a
/// frame of the output, a tenth of a second when presentations stop coming. A touch screen at
/// 120 Hz never shortens one; a mouse at 1,000 Hz (2,000 events a second with their frames)
/// makes them at most 31 ms, one at 8,000 Hz 4 ms.
///
/// Times are the app's clock in seconds; nothing is allocated after `init`.
struct ArrivalRate {
  /// Events that may arrive during a quiet spell: under a quarter of the 278 writes a full
  /// socket holds, each event counted as a write of its own. What arrives while the events
  /// read after the spell are dispatched and the frame is drawn adds to it: at 20,000 a
  /// second, 20 more for every millisecond of that work (128 left the debug build dropped
  /// under AddressSanitizer).
  static let budget = 64.0
  /// Reads (each of at least one event) the rate is measured over: enough that a burst's
  /// reads are still remembered after a few sparse ones (with 4, a flood of ten-finger frames
  /// in bursts 20 ms apart had Weston 10 disconnect the app 10 times in 10; with 8 and the
  /// rules below, 2 in 10).
  static let historyCount = 8
  /// A longer gap (seconds) between two reads that found events is a pause: the rate is
  /// unknown until the next read. Twice the longest quiet spell
  /// (`FramePacer.emptyCommitPatience`).
  static let pause = 0.2

  /// The times of the last reads that found events, oldest first, and how many each found.
  private var times: [Double] = []
  private var counts: [Int] = []

  init() {
    times.reserveCapacity(Self.historyCount)
    counts.reserveCapacity(Self.historyCount)
  }

  /// A read at `time` that dispatched `events` events (nothing is recorded for none).
  mutating func read(_ events: Int, at time: Double) {
    guard events > 0 else { return }
    if let last = times.last, time - last > Self.pause || time < last {
      times.removeAll(keepingCapacity: true)
      counts.removeAll(keepingCapacity: true)
    }
    if times.count == Self.historyCount {
      times.removeFirst()
      counts.removeFirst()
    }
    times.append(time)
    counts.append(events)
  }

  /// The shortest time between two reads that a rate is taken over (seconds): reads closer
  /// than that are one burst, whose rate the average over them gives.
  static let shortestInterval = 0.001

  /// Events a second over the reads remembered: those found by all but the first, over the
  /// time since the first; or, when higher, those found by one read over the time since the
  /// one before (at least ``shortestInterval``). Nil with fewer than two reads since the
  /// last pause.
  ///
  /// The faster of the two, because input may come in bursts with gaps between them shorter
  /// than a pause: three reads of a burst of ten-finger frames and one event after a 20 ms
  /// gap averaged 1,450 events a second, and the quiet spell planned at that rate let the
  /// next burst fill the socket (Weston 10 disconnected the app); the burst's own reads came
  /// at 12,800 a second.
  var eventsPerSecond: Double? {
    guard times.count >= 2, let first = times.first, let last = times.last else { return nil }
    var arrived = 0
    var fastest = 0.0
    for index in 1..<times.count {
      arrived += counts[index]
      fastest = max(
        fastest, Double(counts[index]) / max(times[index] - times[index - 1], Self.shortestInterval))
    }
    return max(Double(arrived) / max(last - first, 1e-6), fastest)
  }

  /// Until when (seconds) the loop may leave the connection unread from `now`: at most the
  /// time ``budget`` events take at ``eventsPerSecond``. `now` (no quiet spell) when the rate
  /// is unknown, the last read is a pause ago, or it found ``budget`` events or more.
  func quietLimit(now: Double) -> Double {
    guard let last = times.last, now - last <= Self.pause, let rate = eventsPerSecond else {
      return now
    }
    // A read that found a budget's worth or more took from a backlog (libwayland reads at
    // most 4 KiB, about 150 touch events, at a time): more may be waiting, at any rate.
    if let found = counts.last, Double(found) >= Self.budget { return now }
    return now + Self.budget / rate
  }
}
