/// Estimates the velocity of a moving point from timed position samples.
///
/// The estimate is the derivative, at the newest sample, of the least-squares degree-2
/// polynomial through the samples of the last 100 ms (at most 20), per axis, as Flutter and
/// Android do. With exactly two samples it is the straight line between them; with fewer, or
/// when the newest sample is older than 40 ms at the time asked (the finger stopped), it is
/// zero. The magnitude is clamped to 8000 px/s. Constants are in `GestureConstants`.
///
/// The samples live in a fixed ring inside the value, and the fit works in fixed-size
/// storage: adding samples and asking the velocity never allocate.
public struct VelocityTracker: Sendable {
  private struct Sample: Sendable {
    var time: Double
    var position: Point
  }

  /// The ring's size, the most `GestureConstants.velocityMaximumSamples` may be.
  private static let ringSize = 20
  private typealias Ring = InlineArray<20, Sample>

  /// The samples, oldest at `oldest`, wrapping around.
  private var ring = Ring(repeating: Sample(time: 0, position: .zero))
  private var oldest = 0
  private var count = 0

  /// A tracker with no samples.
  public init() {}

  /// How many samples are kept (at most `GestureConstants.velocityMaximumSamples`).
  public var sampleCount: Int { count }

  /// The time of the newest sample, if any.
  public var latestSampleTime: Double? { count > 0 ? sample(count - 1).time : nil }

  /// Records that the point was at `position` at `time` (seconds, never decreasing).
  public mutating func addSample(_ position: Point, at time: Double) {
    let capacity = min(GestureConstants.velocityMaximumSamples, Self.ringSize)
    let new = Sample(time: time, position: position)
    ring[(oldest + count) % Self.ringSize] = new
    if count < capacity {
      count += 1
    } else {
      // Full: the new sample took the place of the oldest.
      oldest = (oldest + 1) % Self.ringSize
    }
  }

  /// Forgets every sample (velocity reads zero until new ones arrive).
  public mutating func reset() {
    oldest = 0
    count = 0
  }

  /// The velocity in pixels per second as of `now` (seconds).
  public func velocity(at now: Double) -> Point {
    guard count > 0 else { return .zero }
    let newest = sample(count - 1)
    guard now - newest.time <= GestureConstants.velocityStopTimeout else { return .zero }
    // A hair of slack so that a sample exactly 100 ms old (at 120 Hz, say) still counts.
    var recent = Ring(repeating: newest)
    var recentCount = 0
    for index in 0..<count where newest.time - sample(index).time <= GestureConstants.velocityHorizon + 1e-9 {
      recent[recentCount] = sample(index)
      recentCount += 1
    }
    guard recentCount >= 2 else { return .zero }
    let estimate =
      recentCount == 2
      ? linear(recent[0], recent[1]) : fitted(recent, count: recentCount, newest: newest.time)
    return clamped(estimate)
  }

  /// The `index`th sample kept, oldest first.
  private func sample(_ index: Int) -> Sample {
    ring[(oldest + index) % Self.ringSize]
  }

  private func linear(_ first: Sample, _ second: Sample) -> Point {
    let dt = second.time - first.time
    guard dt > 0 else { return .zero }
    return (second.position - first.position) / dt
  }

  /// The slope at the newest sample of the best quadratic (or, if the samples cannot fix a
  /// quadratic, the best line) through the first `count` samples of `recent`.
  private func fitted(_ recent: Ring, count: Int, newest: Double) -> Point {
    // Times relative to the newest sample, in units of the horizon, keep the sums near 1.
    let unit = GestureConstants.velocityHorizon
    for degree in stride(from: 2, through: 1, by: -1) where count >= degree + 1 {
      var xMatrix = PolynomialFit.Matrix(repeating: 0)
      var yMatrix = PolynomialFit.Matrix(repeating: 0)
      for index in 0..<count {
        let u = (recent[index].time - newest) / unit
        PolynomialFit.accumulate(&xMatrix, x: u, y: recent[index].position.x, degree: degree)
        PolynomialFit.accumulate(&yMatrix, x: u, y: recent[index].position.y, degree: degree)
      }
      if let cx = PolynomialFit.solve(&xMatrix, degree: degree),
        let cy = PolynomialFit.solve(&yMatrix, degree: degree)
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
