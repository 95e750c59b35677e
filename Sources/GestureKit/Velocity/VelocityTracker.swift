/// Estimates the velocity of a moving point from timed position samples.
///
/// The estimate is what Flutter's `VelocityTracker` and Android's LSQ2 strategy compute: the
/// least-squares degree-2 polynomial through the recent samples, per axis, and its slope at
/// the newest sample. The recent samples are found walking back from the newest: those of the
/// last 100 ms (at most 20), stopping at the first gap of more than 40 ms between consecutive
/// ones, so a finger that held still and then flicked is measured from where it moved again.
/// Nothing else is added: on a curved path the finger can end moving against the net
/// displacement of the samples used (it turned), and the slope says so, as the peers' does.
///
/// - With exactly two recent samples it is the straight line between them (Android lowers
///   the degree to the number of samples less one); with fewer it is zero.
/// - When the samples cannot fix a quadratic (fewer than three distinct times: samples at one
///   instant) it is the slope of the least-squares line through them; when they cannot fix a
///   line either, zero.
/// - It is zero when the newest sample is older than 40 ms at the time asked (the finger
///   stopped before lifting), and its magnitude is clamped to 8000 px/s.
/// - Times exactly at a limit (a sample exactly 40 ms old, a gap of exactly 40 ms, a sample
///   exactly 100 ms back) count as within it, whatever the clock's base, so that a replay of
///   a recording reads the velocities the live session read.
///
/// Constants, with their sources, are in `GestureConstants` (`velocityHorizon`,
/// `velocityMaximumSamples`, `velocityMaximumGap`, `velocityStopTimeout`, `maximumVelocity`,
/// `inputTimeTolerance`).
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
    // Times exactly at a limit count as within it, live or replayed (`inputTimeTolerance`):
    // a sample exactly 40 ms old still gives a velocity, one exactly 100 ms (or 40 ms) away
    // still counts.
    let tolerance = GestureConstants.inputTimeTolerance
    guard now - newest.time <= GestureConstants.velocityStopTimeout + tolerance else { return .zero }
    // Newest first, back to the horizon or the first long gap.
    var recent = Ring(repeating: newest)
    var recentCount = 0
    var previous = newest.time
    for index in stride(from: count - 1, through: 0, by: -1) {
      let candidate = sample(index)
      guard newest.time - candidate.time <= GestureConstants.velocityHorizon + tolerance,
        previous - candidate.time <= GestureConstants.velocityMaximumGap + tolerance
      else { break }
      recent[recentCount] = candidate
      recentCount += 1
      previous = candidate.time
    }
    guard recentCount >= 2 else { return .zero }
    let estimate =
      recentCount == 2
      ? linear(recent[1], newest)
      : (slope(of: recent, count: recentCount, newest: newest.time, degree: 2)
        ?? slope(of: recent, count: recentCount, newest: newest.time, degree: 1) ?? .zero)
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

  /// The slope at the newest sample of the least-squares polynomial of `degree` through the
  /// first `count` samples of `recent`, per axis; nil when the samples cannot fix it.
  private func slope(of recent: Ring, count: Int, newest: Double, degree: Int) -> Point? {
    guard count >= degree + 1 else { return nil }
    // Times relative to the newest sample, in units of the horizon, keep the sums near 1.
    let unit = GestureConstants.velocityHorizon
    var xMatrix = PolynomialFit.Matrix(repeating: 0)
    var yMatrix = PolynomialFit.Matrix(repeating: 0)
    for index in 0..<count {
      let u = (recent[index].time - newest) / unit
      PolynomialFit.accumulate(&xMatrix, x: u, y: recent[index].position.x, degree: degree)
      PolynomialFit.accumulate(&yMatrix, x: u, y: recent[index].position.y, degree: degree)
    }
    guard let cx = PolynomialFit.solve(&xMatrix, degree: degree),
      let cy = PolynomialFit.solve(&yMatrix, degree: degree)
    else { return nil }
    return Point(x: cx[1] / unit, y: cy[1] / unit)
  }

  /// `velocity` with its magnitude clamped to `GestureConstants.maximumVelocity`.
  private func clamped(_ velocity: Point) -> Point {
    let speed = velocity.length
    guard speed > GestureConstants.maximumVelocity else { return velocity }
    return velocity * (GestureConstants.maximumVelocity / speed)
  }
}
