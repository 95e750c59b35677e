import Testing

@testable import GestureKit

@Suite("Point")
struct PointTests {
  @Test("points add, subtract, scale and negate component-wise")
  func arithmetic() {
    let a = Point(x: 3, y: 4)
    let b = Point(x: 1, y: -2)
    #expect(a + b == Point(x: 4, y: 2))
    #expect(a - b == Point(x: 2, y: 6))
    #expect(a * 2 == Point(x: 6, y: 8))
    #expect(a / 2 == Point(x: 1.5, y: 2))
    #expect(-a == Point(x: -3, y: -4))
    var c = a
    c += b
    c -= Point(x: 1, y: 1)
    #expect(c == Point(x: 3, y: 1))
  }

  @Test("distance and length are Euclidean")
  func distance() {
    #expect(Point(x: 3, y: 4).length == 5)
    #expect(Point(x: 1, y: 1).distance(to: Point(x: 4, y: 5)) == 5)
    #expect(Point.zero.distance(to: .zero) == 0)
  }

  @Test("applying a transform includes its translation, applying to a vector does not")
  func applying() {
    let t = AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(translationX: 10, y: 20))
    #expect(Point(x: 1, y: 1).applying(t) == Point(x: 12, y: 23))
    #expect(Point(x: 1, y: 1).applyingToVector(t) == Point(x: 2, y: 3))
  }

  @Test("descriptions print integers bare and fractions with up to three decimals")
  func description() {
    #expect(Point(x: 12, y: 0).description == "(12,0)")
    #expect(Point(x: 12.5, y: -0.0001).description == "(12.5,0)")
    #expect(Point(x: 1.23456, y: -3).description == "(1.235,-3)")
  }
}
