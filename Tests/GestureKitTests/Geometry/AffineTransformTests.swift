import Testing

@testable import GestureKit

@Suite("AffineTransform")
struct AffineTransformTests {
  let p = Point(x: 3, y: 5)

  @Test("points map as x' = a x + c y + tx and y' = b x + d y + ty")
  func mapping() {
    let t = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(p.applying(t) == Point(x: 1 * 3 + 3 * 5 + 5, y: 2 * 3 + 4 * 5 + 6))
    #expect(p.applying(.identity) == p)
    #expect(AffineTransform.identity.isIdentity)
    #expect(!t.isIdentity)
  }

  @Test("a positive rotation turns clockwise on screen, where y points down")
  func rotationDirection() {
    let quarter = AffineTransform(rotationAngle: Double.pi / 2)
    // The x axis (pointing right) turns to point down.
    #expect(isClose(Point(x: 1, y: 0).applying(quarter), Point(x: 0, y: 1), tolerance: 1e-15))
    #expect(isClose(Point(x: 0, y: 1).applying(quarter), Point(x: -1, y: 0), tolerance: 1e-15))
  }

  @Test("concatenating applies the receiver first, then the argument")
  func concatenationOrder() {
    let scale = AffineTransform(scaleX: 2, y: 2)
    let move = AffineTransform(translationX: 10, y: 0)
    #expect(p.applying(scale.concatenating(move)) == Point(x: 16, y: 10))
    #expect(p.applying(move.concatenating(scale)) == Point(x: 26, y: 10))
  }

  @Test("translatedBy, scaledBy and rotatedBy prepend their step, as CGAffineTransform does")
  func prepending() {
    let base = AffineTransform(scaleX: 2, y: 2)
    #expect(p.applying(base.translatedBy(x: 10, y: 0)) == Point(x: 26, y: 10))
    #expect(p.applying(base.scaledBy(x: 1, y: 3)) == Point(x: 6, y: 30))
    let rotated = AffineTransform.identity.rotatedBy(Double.pi / 2).translatedBy(x: 1, y: 0)
    #expect(isClose(Point.zero.applying(rotated), Point(x: 0, y: 1), tolerance: 1e-15))
  }

  @Test("the inverse undoes the transform, and a degenerate one has none")
  func inverse() throws {
    let t = AffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 3).translatedBy(x: 4, y: -5)
    let inverse = try #require(t.inverted())
    #expect(isClose(p.applying(t).applying(inverse), p, tolerance: 1e-12))
    #expect(isClose(p.applying(inverse).applying(t), p, tolerance: 1e-12))
    #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
  }

  @Test("scale and rotation read back a rotation-and-scale transform")
  func scaleAndRotation() {
    let t = AffineTransform(rotationAngle: -2.5).scaledBy(x: 1.5, y: 1.5)
    #expect(isClose(t.scale, 1.5, tolerance: 1e-12))
    #expect(isClose(t.rotation, -2.5, tolerance: 1e-12))
    #expect(AffineTransform.identity.rotation == 0)
    #expect(AffineTransform.identity.scale == 1)
  }
}
