import Testing

@testable import GestureKit

@Suite("PolynomialFit")
struct PolynomialFitTests {
  @Test("exact data gives back its polynomial")
  func exact() throws {
    let x = [-1.0, -0.5, 0, 0.5, 1]
    let y = x.map { 3 + 2 * $0 - 4 * $0 * $0 }
    let c = try #require(PolynomialFit.fit(x: x, y: y, degree: 2))
    #expect(isClose(c[0], 3, tolerance: 1e-12) && isClose(c[1], 2, tolerance: 1e-12))
    #expect(isClose(c[2], -4, tolerance: 1e-12))
  }

  @Test("noisy data gives the least-squares line")
  func leastSquares() throws {
    // Points (0,0), (1,1), (2,1): the best line is y = 1/6 + x/2.
    let c = try #require(PolynomialFit.fit(x: [0, 1, 2], y: [0, 1, 1], degree: 1))
    #expect(isClose(c[0], 1.0 / 6, tolerance: 1e-12) && isClose(c[1], 0.5, tolerance: 1e-12))
  }

  @Test("too few distinct x values give no fit")
  func underdetermined() {
    #expect(PolynomialFit.fit(x: [1, 1, 1], y: [0, 1, 2], degree: 1) == nil)
    #expect(PolynomialFit.fit(x: [0, 1], y: [0, 1], degree: 2) == nil)
    #expect(PolynomialFit.fit(x: [0, 0, 1], y: [0, 1, 2], degree: 2) == nil)
  }
}
