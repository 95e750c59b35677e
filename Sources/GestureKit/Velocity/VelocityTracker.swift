/// Estimates the velocity of a moving point from timed position samples.
///
/// The estimate is the derivative, at the newest sample, of the least-squares degree-2
/// polynomial through the samples of the last 100 ms (at most 20), per axis, as Flutter and
/// Android do. With exactly two samples it is the straight line between them; with fewer, or
/// when the newest sample is older than 40 ms at the time asked (the finger stopped), it is
/// zero. The magnitude is clamped to 8000 px/s. Constants are in `GestureConstants`.
public struct VelocityTracker: Sendable {
  private struct Sample: Sendable {
    let time: Double
    let position: Point
  }

  private var samples: [Sample] = []

  /// A tracker with no samples.
  public init() {}

  /// How many samples are kept (at most `GestureConstants.velocityMaximumSamples`).
  public var sampleCount: Int { samples.count }

  /// The time of the newest sample, if any.
  public var latestSampleTime: Double? { samples.last?.time }

  /// Records that the point was at `position` at `time` (seconds, never decreasing).
  public mutating func addSample(_ position: Point, at time: Double) {
    samples.append(Sample(time: time, position: position))
    if samples.count > GestureConstants.velocityMaximumSamples {
      samples.removeFirst(samples.count - GestureConstants.velocityMaximumSamples)
    }
  }

  /// Forgets every sample (velocity reads zero until new ones arrive).
  public mutating func reset() {
    samples.removeAll()
  }

  /// The velocity in pixels per second as of `now` (seconds).
  public func velocity(at now: Double) -> Point {
    guard let newest = samples.last, now - newest.time <= GestureConstants.velocityStopTimeout else {
      return .zero
    }
    // A hair of slack so that a sample exactly 100 ms old (at 120 Hz, say) still counts.
    let recent = samples.filter { newest.time - $0.time <= GestureConstants.velocityHorizon + 1e-9 }
    guard recent.count >= 2 else { return .zero }
    let estimate = recent.count == 2 ? linear(recent[0], recent[1]) : fitted(recent, newest: newest.time)
    return clamped(estimate)
  }

  private func linear(_ first: Sample, _ second: Sample) -> Point {
    let dt = second.time - first.time
    guard dt > 0 else { return .zero }
    return (second.position - first.position) / dt
  }

  /// The slope at the newest sample of the best quadratic (or, if the samples cannot fix a
  /// quadratic, the best line).
  private func fitted(_ recent: [Sample], newest: Double) -> Point {
    // Times relative to the newest sample, in units of the horizon, keep the sums near 1.
    let unit = GestureConstants.velocityHorizon
    let u = recent.map { ($0.time - newest) / unit }
    let xs = recent.map(\.position.x)
    let ys = recent.map(\.position.y)
    for degree in [2, 1] {
      if let cx = PolynomialFit.fit(x: u, y: xs, degree: degree),
        let cy = PolynomialFit.fit(x: u, y: ys, degree: degree)
      {
        return Point(x: cx[1] / unit, y: cy[1] / unit)
      }
    }
    return .zero
  }

  private func clamped(_ velocity: Point) -> Point {
    let speed = velocity.length
    guard speed > GestureConstants.maximumVelocity else { return velocity }
    return velocity * (GestureConstants.maximumVelocity / speed)
  }
}
