/// An independent statement of the peers' velocity estimate (Flutter's `VelocityTracker`,
/// Android's LSQ2), for tests to compare `VelocityTracker` with: the same rule, written
/// another way. Samples are chosen walking back from the newest (100 ms, at most 20, stopping
/// at the first gap of more than 40 ms); the quadratic is solved from its 3x3 normal
/// equations by Cramer's rule (the tracker eliminates with pivoting), with times in
/// milliseconds before the newest sample, as Flutter writes them; zero once the newest sample
/// is older than 40 ms; the magnitude clamped to 8000 px/s.
public enum ReferenceVelocity {
  /// One timed position.
  public struct Sample: Sendable {
    /// Seconds.
    public var time: Double
    /// Pixels.
    public var x: Double
    /// Pixels.
    public var y: Double

    /// A sample at `time` seconds, at (`x`, `y`).
    public init(time: Double, x: Double, y: Double) {
      self.time = time
      self.x = x
      self.y = y
    }
  }

  /// The samples the peers fit, newest first, out of `samples` (oldest first).
  public static func window(_ samples: [Sample]) -> [Sample] {
    guard let newest = samples.last else { return [] }
    var chosen: [Sample] = []
    var previous = newest
    for sample in samples.reversed() {
      // Exactly 100 ms or 40 ms still counts (a microsecond of slack for the decimal times).
      if (newest.time - sample.time) * 1000 > 100 + 1e-6 { break }
      if (previous.time - sample.time) * 1000 > 40 + 1e-6 { break }
      chosen.append(sample)
      previous = sample
      if chosen.count == 20 { break }
    }
    return chosen
  }

  /// The velocity in px/s at `now` seconds of a point that was at `samples` (oldest first),
  /// or nil when three or more samples have fewer than three distinct times (the peers have
  /// no quadratic then).
  public static func velocity(_ samples: [Sample], at now: Double) -> (x: Double, y: Double)? {
    guard let newest = samples.last, (now - newest.time) * 1000 <= 40 + 1e-6 else { return (0, 0) }
    let used = window(samples)
    let v: (x: Double, y: Double)
    switch used.count {
    case 0, 1:
      return (0, 0)
    case 2:
      let dt = used[0].time - used[1].time
      guard dt > 0 else { return (0, 0) }
      v = ((used[0].x - used[1].x) / dt, (used[0].y - used[1].y) / dt)
    default:
      let ages = used.map { ($0.time - newest.time) * 1000 }
      guard let bx = slope(ages, used.map(\.x)), let by = slope(ages, used.map(\.y)) else { return nil }
      v = (bx * 1000, by * 1000)
    }
    let speed = (v.x * v.x + v.y * v.y).squareRoot()
    guard speed > 8000 else { return v }
    return (v.x * 8000 / speed, v.y * 8000 / speed)
  }

  /// The coefficient b of the least-squares `a + b t + c t^2` through (`t`, `p`), by
  /// Cramer's rule; nil when the system is singular.
  static func slope(_ t: [Double], _ p: [Double]) -> Double? {
    var s = [Double](repeating: 0, count: 5)
    var r = [Double](repeating: 0, count: 3)
    for (ti, pi) in zip(t, p) {
      var power = 1.0
      for k in 0..<5 {
        s[k] += power
        if k < 3 { r[k] += power * pi }
        power *= ti
      }
    }
    func det(_ m: [[Double]]) -> Double {
      m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
    let matrix = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
    let d = det(matrix)
    guard d != 0, d.isFinite else { return nil }
    var withRight = matrix
    for row in 0..<3 { withRight[row][1] = r[row] }
    return det(withRight) / d
  }
}
