import Testing

@testable import GestureKit

@Suite("Rect")
struct RectTests {
  let rect = Rect(x: 10, y: 20, width: 100, height: 50)

  @Test("edges, centre and size read the standardized rectangle")
  func edges() {
    #expect([rect.minX, rect.midX, rect.maxX] == [10, 60, 110])
    #expect([rect.minY, rect.midY, rect.maxY] == [20, 45, 70])
    #expect(rect.center == Point(x: 60, y: 45))
    let flipped = Rect(x: 110, y: 70, width: -100, height: -50)
    #expect([flipped.minX, flipped.maxX, flipped.width, flipped.height] == [10, 110, 100, 50])
    #expect(Rect(origin: Point(x: 10, y: 20), size: Size(width: 100, height: 50)) == rect)
  }

  @Test("contains is half-open: min edges inside, max edges outside")
  func contains() {
    #expect(rect.contains(Point(x: 10, y: 20)))
    #expect(rect.contains(Point(x: 109.9, y: 69.9)))
    #expect(!rect.contains(Point(x: 110, y: 30)))
    #expect(!rect.contains(Point(x: 50, y: 70)))
    #expect(!rect.contains(Point(x: 9.9, y: 30)))
    #expect(!Rect.zero.contains(Point.zero))
  }

  @Test("a rectangle contains another lying wholly inside it, edges included")
  func containsRect() {
    #expect(rect.contains(rect))
    #expect(rect.contains(Rect(x: 10, y: 20, width: 10, height: 50)))
    #expect(rect.contains(Rect(x: 50, y: 30, width: 60, height: 5)))
    #expect(!rect.contains(Rect(x: 50, y: 30, width: 60.5, height: 5)))
    #expect(!rect.contains(Rect(x: 9.5, y: 30, width: 5, height: 5)))
    #expect(!rect.contains(Rect(x: 20, y: 19, width: 5, height: 5)))
    #expect(!rect.contains(Rect(x: 20, y: 60, width: 5, height: 11)))
  }

  @Test("emptiness means zero width or height")
  func emptiness() {
    #expect(Rect.zero.isEmpty)
    #expect(Rect(x: 5, y: 5, width: 0, height: 10).isEmpty)
    #expect(!rect.isEmpty)
  }

  @Test("intersection, intersects and union")
  func setOperations() {
    let other = Rect(x: 100, y: 60, width: 50, height: 50)
    #expect(rect.intersection(other) == Rect(x: 100, y: 60, width: 10, height: 10))
    #expect(rect.intersects(other))
    #expect(rect.union(other) == Rect(x: 10, y: 20, width: 140, height: 90))
    let touching = Rect(x: 110, y: 20, width: 10, height: 10)
    #expect(!rect.intersects(touching))
    #expect(rect.intersection(touching) == .zero)
    #expect(rect.intersection(touching).isEmpty)
  }

  @Test("insetting shrinks around the centre and never below empty")
  func inset() {
    #expect(rect.insetBy(dx: 10, dy: 5) == Rect(x: 20, y: 25, width: 80, height: 40))
    #expect(rect.insetBy(dx: -5, dy: 0) == Rect(x: 5, y: 20, width: 110, height: 50))
    #expect(rect.insetBy(dx: 60, dy: 0) == Rect(x: 60, y: 20, width: 0, height: 50))
    #expect(rect.offsetBy(dx: 1, dy: -1) == Rect(x: 11, y: 19, width: 100, height: 50))
  }

  @Test("applying a transform gives the bounding box of the transformed corners")
  func applying() {
    let square = Rect(x: -10, y: -10, width: 20, height: 20)
    let rotated = square.applying(AffineTransform(rotationAngle: Double.pi / 4))
    let half = 10 * 2.0.squareRoot()
    #expect(isClose(rotated, Rect(x: -half, y: -half, width: 2 * half, height: 2 * half)))
    let moved = rect.applying(AffineTransform(scaleX: 2, y: 1).translatedBy(x: 0, y: 0))
    #expect(moved == Rect(x: 20, y: 20, width: 200, height: 50))
  }
}
