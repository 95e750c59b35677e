import Testing

@testable import GestureKit

@Suite("Trigonometry")
struct TrigonometryTests {
  /// Reference values from glibc (`sin`, `cos`, `atan2` through Python's math module).
  @Test("sine and cosine match known values to within 1e-15")
  func sineAndCosine() {
    let cases: [(x: Double, sin: Double, cos: Double)] = [
      (0, 0, 1),
      (Double.pi / 6, 0.49999999999999994, 0.86602540378443871),
      (Double.pi / 4, 0.70710678118654746, 0.70710678118654757),
      (1, 0.8414709848078965, 0.54030230586813977),
      (-1, -0.8414709848078965, 0.54030230586813977),
      (Double.pi / 2, 1, 6.123233995736766e-17),
      (Double.pi, 1.2246467991473532e-16, -1),
      (2.5, 0.59847214410395655, -0.8011436155469337),
      (-4, 0.7568024953079282, -0.65364362086361194),
      (100, -0.50636564110975879, 0.86231887228768389),
      (1e5, 0.03574879797201651, -0.9993608074382124),
    ]
    for c in cases {
      #expect(isClose(Trigonometry.sin(c.x), c.sin, tolerance: 1e-15), "sin(\(c.x))")
      #expect(isClose(Trigonometry.cos(c.x), c.cos, tolerance: 1e-15), "cos(\(c.x))")
    }
  }

  @Test("sine squared plus cosine squared is one across many turns")
  func pythagoras() {
    var x = -50.0
    while x < 50 {
      let s = Trigonometry.sin(x)
      let c = Trigonometry.cos(x)
      #expect(isClose(s * s + c * c, 1, tolerance: 1e-15), "x = \(x)")
      x += 0.37
    }
  }

  @Test("atan2 covers all four quadrants, the axes and signed zeros")
  func atan2() {
    let pi = Double.pi
    let cases: [(y: Double, x: Double, angle: Double)] = [
      (1, 1, pi / 4), (1, -1, 3 * pi / 4), (-1, -1, -3 * pi / 4), (-1, 1, -pi / 4),
      (0, 1, 0), (1, 0, pi / 2), (0, -1, pi), (-1, 0, -pi / 2), (-0.0, -1, -pi),
      (0, 0, 0), (0, -0.0, pi),
      (0.5, 1, 0.46364760900080609), (3, -2, 2.158798930342464), (-1e-3, 7, -0.00014285714188532557),
      (2, 1, 1.1071487177940904),
    ]
    for c in cases {
      #expect(isClose(Trigonometry.atan2(c.y, c.x), c.angle, tolerance: 1e-15), "atan2(\(c.y), \(c.x))")
    }
    #expect(Trigonometry.atan(Double.infinity) == pi / 2)
    #expect(Trigonometry.atan2(.nan, 1).isNaN)
    #expect(Trigonometry.sin(.infinity).isNaN)
  }

  @Test("atan inverts tan across its range")
  func atanRoundTrip() {
    var angle = -1.5
    while angle < 1.5 {
      let tangent = Trigonometry.sin(angle) / Trigonometry.cos(angle)
      #expect(isClose(Trigonometry.atan(tangent), angle, tolerance: 2e-15), "angle \(angle)")
      angle += 0.01
    }
  }
}
