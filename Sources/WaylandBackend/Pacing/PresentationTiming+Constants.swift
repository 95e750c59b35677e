// The thresholds of `PresentationTiming`, in seconds unless told otherwise, each with where it
// comes from.
extension PresentationTiming {
  /// Presentations older than this (seconds) say nothing about the next repaint.
  static let staleAfter = 0.25
  /// The longest gap between presentations taken for a repaint interval, in seconds (10 Hz);
  /// longer gaps are idle time.
  static let maximumInterval = 0.1
  /// How many recent samples the interval, the latch lead and the latch bound look at.
  static let historyCount = 8
  /// How far below the latch bound the first commit target is (seconds).
  static let initialGuard = 0.001
  /// How much later the target moves after each planned commit that made its repaint.
  static let probeStep = 0.000_025
  /// While no miss is remembered, the share of the distance left to the latch bound the target
  /// moves after each planned commit that made its repaint (when more than `probeStep`).
  static let probeFraction = 0.25
  /// ``probeFraction`` for a planned empty commit (a calibration's): missing the repaint
  /// costs nothing on screen, so it probes twice as fast and finds the latch (its first miss)
  /// within the calibration's few commits.
  static let emptyProbeFraction = 0.5
  /// How far before a missed commit's offset the target goes (seconds).
  static let missBackoff = 0.000_25
  /// For how many presentations a miss keeps bounding the target: about 17 s at 120 Hz, 51 s
  /// on Weston's 40 Hz headless output. Once a miss is forgotten the target is probed past
  /// the latch again within a few repaints, and each miss shows the inputs of two repaints a
  /// repaint late. With 32, `make bench`'s pinch repeated 14 and 15 frames in 9 launches,
  /// with 256 5 and 6 (BENCHMARKS.md, session 20); with 256, a compositor whose callback
  /// follows its latch by 1.5 ms missed a repaint every 2 s at 120 Hz, with 2048 only while
  /// first finding its latch (`PacingSimulationTests`, session 25).
  static let missMemory = 2048
  /// A repaint interval this much (a share) longer or shorter than the one the latch bound
  /// was learned at is another refresh rate (60 and 75 Hz are 20 % apart).
  static let rateChange = 0.1
  /// The target stays at least this far below the latch bound (seconds). The bound is the
  /// earliest recent callback, which follows the latch by the repaint and the wake-up that
  /// reads it, and the latch comes later than its earliest when the compositor's timer wakes
  /// late. On Weston 10's headless output (BENCHMARKS.md, session 25) the repaint starts 8.96
  /// to 9.3 ms after a presentation and the earliest of 8 callbacks comes 9.07 to 9.3 ms
  /// after it: 50 µs below that put commits past the earliest repaints about once a second,
  /// each showing the inputs of two repaints a repaint late. 250 µs still let a new process
  /// miss about once while the target first reached it (the bound is late by the repaint's
  /// own rendering); 500 µs, against 250 in the same five `make bench` runs on a repainting
  /// output, showed 27 % fewer inputs late for a missed commit and 9 % more held a repaint
  /// by a commit on time, the p99 lower in 8 of 10 (BENCHMARKS.md, session 31).
  static let boundGap = 0.000_5
  /// A commit presented less than this many intervals after its reference presentation made
  /// the repaint right after it. Not 1.5: Weston restarts an idle repaint loop on the late
  /// commit, presenting it only about 1.4 intervals after the reference.
  static let madeWithin = 1.2
  /// A commit whose own frame callback fired less than this many intervals after the latch
  /// bound (after its reference presentation) made the repaint right after it (a miss waits
  /// for a later repaint: an interval on a fixed refresh, the restart delay on Weston's idle
  /// loop).
  static let promptCallback = 0.25
}
