import GestureKit

/// The cadence of the moving input (a finger, the pointer or a pen moving): when its events
/// came, and so when the next ones are expected.
///
/// Touch screens and mice report at a steady rate (120 Hz for a touch screen is common). A
/// planned draw can then start just after the last event expected before its deadline
/// instead of at the deadline: what comes between them was expected to be nothing, and the
/// commit gains that much slack against a late wake-up (`FramePacer.pacedDeadline`).
///
/// Times are the events' own stamps on the app's clock (whole milliseconds from the
/// compositor, shifted by `EventTimeConverter`), one per input frame: a finger's or the
/// pointer's motion, a touchpad gesture's update, a tablet tool's frame that moved it (its
/// motion has no stamp of its own).
struct InputCadence {
  /// How many recent event times the period is fitted to.
  static let historyCount = 8
  /// Fewer events than this give no prediction.
  static let minimumCount = 4
  /// Events this close together (seconds) belong to one input frame (the touches of one
  /// frame share their stamp).
  static let sameFrame = 0.000_5
  /// A gap longer than this (seconds) is a pause: the stream starts again.
  static let longestPeriod = 0.05
  /// How far (seconds) an event may come from the fitted line and the stream still be
  /// steady: the stamps' whole milliseconds and the compositor's delivery.
  static let steadiness = 0.001_5

  private var times: [Double] = []
  /// Whether a tablet tool moved since its last frame.
  private var toolMoved = false

  init() {
    times.reserveCapacity(Self.historyCount)
  }

  /// Follows the seat's `event`, stamped `time`: records the moving input's events and
  /// ends the stream when its finger, pointer, gesture or tool does.
  mutating func observe(_ event: SeatEvent, at time: Double) {
    switch event {
    case .touchMotion, .pointerMotion, .pinchUpdate, .swipeUpdate: record(time)
    case .tabletMotion: toolMoved = true
    case .tabletFrame:
      if toolMoved { record(time) }
      toolMoved = false
    case .touchUp, .touchCancel, .touchCapabilityLost: reset()
    case .pointerLeave, .pointerCapabilityLost, .pinchEnd, .swipeEnd: reset()
    case .tabletUp, .tabletProximityOut, .tabletToolRemoved: reset()
    default: break
    }
  }

  /// The moving input's event at `time`.
  mutating func record(_ time: Double) {
    if let last = times.last {
      if abs(time - last) < Self.sameFrame { return }
      if time < last || time - last > Self.longestPeriod { times.removeAll(keepingCapacity: true) }
    }
    if times.count == Self.historyCount { times.removeFirst() }
    times.append(time)
  }

  /// Whether the newest event recorded is within ``steadiness`` of `time`, a time on the
  /// line (``lastExpected(atOrBefore:)``): the event expected then has come, since a steady
  /// stream's events lie that close to the line.
  func hasEvent(near time: Double) -> Bool {
    guard let newest = times.last else { return false }
    return abs(newest - time) <= Self.steadiness
  }

  /// The stream ended (a lift, a cancel, the pointer leaving: ``observe(_:at:)``).
  mutating func reset() {
    times.removeAll(keepingCapacity: true)
  }

  /// The latest time on the stream's line (a least-squares fit of the times against their
  /// order) at or before `time`, when the stream is steady (at least ``minimumCount``
  /// events, each within ``steadiness`` of the line) and `time` at most ``longestPeriod``
  /// after its newest event; nil otherwise.
  func lastExpected(atOrBefore time: Double) -> Double? {
    let n = times.count
    guard n >= Self.minimumCount, let first = times.first else { return nil }
    // Fit t = first + a + b i; sums relative to `first` keep the precision.
    var sumI = 0.0
    var sumT = 0.0
    var sumII = 0.0
    var sumIT = 0.0
    for (i, t) in times.enumerated() {
      let x = Double(i)
      let y = t - first
      sumI += x
      sumT += y
      sumII += x * x
      sumIT += x * y
    }
    let count = Double(n)
    let period = (count * sumIT - sumI * sumT) / (count * sumII - sumI * sumI)
    guard period >= Self.sameFrame, period <= Self.longestPeriod else { return nil }
    let intercept = (sumT - period * sumI) / count
    for (i, t) in times.enumerated() where abs(t - first - intercept - period * Double(i)) > Self.steadiness {
      return nil
    }
    let newest = first + intercept + period * Double(n - 1)
    // Long after the last event the stream has most likely stopped.
    guard time >= newest, time - newest <= Self.longestPeriod else { return nil }
    return newest + ((time - newest) / period).rounded(.down) * period
  }
}
