import Glibc

/// Scroll-view deceleration along one axis: after lift-off the offset keeps moving with the
/// finger's velocity, which decays exponentially (UIKit's normal rate, 0.998 per millisecond),
/// and stops dead at the ends of its range.
///
/// A pure model: ``advance(by:)`` moves it on by some seconds, so tests and the ``FrameAnimator``
/// drive it the same way.
struct Deceleration: Equatable {
  /// The fraction of velocity kept per millisecond (`UIScrollView.DecelerationRate.normal`).
  static let ratePerMillisecond = 0.998
  /// Below this speed (px/s) the motion stops.
  static let stopSpeed = 5.0

  /// The current offset.
  var position: Double
  /// The current velocity, px/s.
  var velocity: Double
  /// The offsets allowed; reaching an end stops the motion there.
  let range: ClosedRange<Double>

  /// A motion starting at `position` (clamped into `range`) with `velocity`.
  init(position: Double, velocity: Double, range: ClosedRange<Double>) {
    self.position = min(max(position, range.lowerBound), range.upperBound)
    self.velocity = velocity
    self.range = range
    if abs(velocity) < Self.stopSpeed { self.velocity = 0 }
  }

  /// True once the motion has stopped.
  var isFinished: Bool { velocity == 0 }

  /// Moves on by `seconds` (the exact integral of the exponential decay over that time);
  /// returns true while still moving.
  @discardableResult
  mutating func advance(by seconds: Double) -> Bool {
    guard !isFinished, seconds > 0 else { return !isFinished }
    let factor = Self.factor(over: seconds)
    position += velocity * (1 - factor) / Self.decayRate
    velocity *= factor
    if position <= range.lowerBound || position >= range.upperBound {
      position = min(max(position, range.lowerBound), range.upperBound)
      velocity = 0
    } else if abs(velocity) < Self.stopSpeed {
      velocity = 0
    }
    return !isFinished
  }

  /// The velocity kept after `seconds`.
  static func factor(over seconds: Double) -> Double {
    exp(-decayRate * seconds)
  }

  /// The decay constant k of v(t) = v0·e^(−kt), per second.
  static let decayRate = -1000 * log(ratePerMillisecond)
}
