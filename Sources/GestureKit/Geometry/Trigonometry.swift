/// Sine, cosine and arctangent in pure Swift (the standard library has none without Glibc).
///
/// Accuracy is within a few units in the last place for arguments up to about a million
/// radians: arguments are reduced by multiples of pi/2 with a three-part Cody-Waite split of
/// pi/2 (fdlibm's constants), then evaluated with Taylor polynomials on [-pi/4, pi/4].
public enum Trigonometry {
  // pi/2 split into three parts whose multiples by small integers are exact (fdlibm).
  private static let halfPi1 = 1.57079632673412561417e+00
  private static let halfPi2 = 6.07710050630396597660e-11
  private static let halfPi3 = 2.02226624871116645580e-21
  private static let sqrt3 = 1.7320508075688772
  private static let tanPiOver12 = 0.2679491924311227

  /// The sine of `x` radians.
  public static func sin(_ x: Double) -> Double {
    guard x.isFinite else { return .nan }
    let (r, quadrant) = reduce(x)
    switch quadrant {
    case 0: return sinKernel(r)
    case 1: return cosKernel(r)
    case 2: return -sinKernel(r)
    default: return -cosKernel(r)
    }
  }

  /// The cosine of `x` radians.
  public static func cos(_ x: Double) -> Double {
    guard x.isFinite else { return .nan }
    let (r, quadrant) = reduce(x)
    switch quadrant {
    case 0: return cosKernel(r)
    case 1: return -sinKernel(r)
    case 2: return -cosKernel(r)
    default: return sinKernel(r)
    }
  }

  /// The arctangent of `x`, in (-pi/2, pi/2).
  public static func atan(_ x: Double) -> Double {
    if x.isNaN { return .nan }
    if x.isInfinite { return x > 0 ? Double.pi / 2 : -Double.pi / 2 }
    let a = abs(x)
    let result = a > 1 ? Double.pi / 2 - atanUnit(1 / a) : atanUnit(a)
    return x < 0 ? -result : result
  }

  /// The angle of the vector `(x, y)` from the positive x axis, in [-pi, pi], with C's
  /// conventions for signed zeros and infinities.
  public static func atan2(_ y: Double, _ x: Double) -> Double {
    if x.isNaN || y.isNaN { return .nan }
    let negativeY = y.sign == .minus
    let magnitude: Double
    if y == 0 {
      magnitude = x.sign == .minus ? Double.pi : 0
    } else if x.isInfinite && y.isInfinite {
      magnitude = x > 0 ? Double.pi / 4 : 3 * Double.pi / 4
    } else if x.isInfinite {
      magnitude = x > 0 ? 0 : Double.pi
    } else if y.isInfinite || x == 0 {
      magnitude = Double.pi / 2
    } else {
      let ax = abs(x)
      let ay = abs(y)
      let base = ay <= ax ? atanUnit(ay / ax) : Double.pi / 2 - atanUnit(ax / ay)
      magnitude = x < 0 ? Double.pi - base : base
    }
    return negativeY ? -magnitude : magnitude
  }

  /// Splits `x` into `r` in [-pi/4, pi/4] and the quadrant `k mod 4` with x = k*pi/2 + r.
  private static func reduce(_ x: Double) -> (Double, Int) {
    let k = (x / (Double.pi / 2)).rounded()
    let r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi3
    let quadrant = Int(k.truncatingRemainder(dividingBy: 4))
    return (r, (quadrant + 4) % 4)
  }

  /// sin(r) for |r| <= pi/4: Taylor series up to r^19 (remainder below 1e-19).
  private static func sinKernel(_ r: Double) -> Double {
    let r2 = r * r
    var sum = 0.0
    // Horner form of r * (1 - r2/3! + r2^2/5! - ...), built from the highest term down.
    var n = 19.0
    while n > 1 {
      sum = (1 - sum) * r2 / ((n - 1) * n)
      n -= 2
    }
    return r * (1 - sum)
  }

  /// cos(r) for |r| <= pi/4: Taylor series up to r^20 (remainder below 1e-19).
  private static func cosKernel(_ r: Double) -> Double {
    let r2 = r * r
    var sum = 0.0
    var n = 20.0
    while n > 0 {
      sum = (1 - sum) * r2 / ((n - 1) * n)
      n -= 2
    }
    return 1 - sum
  }

  /// atan(a) for 0 <= a <= 1.
  private static func atanUnit(_ a: Double) -> Double {
    guard a > tanPiOver12 else { return atanSeries(a) }
    // atan(a) = pi/6 + atan((a*sqrt3 - 1) / (sqrt3 + a)); the new argument is <= tan(pi/12).
    return Double.pi / 6 + atanSeries((a * sqrt3 - 1) / (sqrt3 + a))
  }

  /// atan(u) for |u| <= tan(pi/12) by its alternating series, to u^31 (error below 1e-18).
  private static func atanSeries(_ u: Double) -> Double {
    let u2 = u * u
    var sum = 0.0
    var n = 31.0
    while n >= 1 {
      sum = 1 / n - u2 * sum
      n -= 2
    }
    return u * sum
  }
}
