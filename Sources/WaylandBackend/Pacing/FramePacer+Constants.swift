// The pacer's thresholds, in seconds unless told otherwise, each with where it comes from.
extension FramePacer {
  /// Seconds always added to the margin (the commit's way to the compositor).
  static let minimumSlack = 0.000_1
  /// A planned draw's deadline closer than this (seconds) is taken as reached: waking up for
  /// it would cost more than the inputs it could still take (a timer wake-up costs about 30
  /// µs of kernel time in a VM). The usual jitter of a presentation read at the deadline
  /// planned before it came (FramePacer+Quiet.swift).
  static let drawAtOnceWithin = 0.000_3
  /// The wake-up allowance before any planned draw was measured (seconds).
  static let initialWakeAllowance = 0.001
  /// How many recent draws and wake-ups the margin looks at.
  static let historyCount = 8
  /// Draw and wake-up samples older than this (seconds) are forgotten: after a pause the
  /// start-up draws, which repaint everything, would inflate the next drag's margin by many
  /// milliseconds, and one stall would stop planning (see `wakeLateness`).
  static let historyAge = PresentationTiming.staleAfter
  /// How many commits may wait for their presentation before the oldest is forgotten.
  static let pendingLimit = 8
  /// Seconds after which a frame callback asked by an empty commit no longer holds back a
  /// draw: ``PresentationTiming/maximumInterval``, the slowest repaint taken for one (10 Hz).
  static let emptyCommitPatience = PresentationTiming.maximumInterval
  /// Seconds after an event's expected time (``InputCadence``) by which it has arrived: its
  /// stamp's whole millisecond, the stamps' offset to this clock learned from one event,
  /// and the compositor's delivery.
  static let arrivalAllowance = 0.001_5
}
