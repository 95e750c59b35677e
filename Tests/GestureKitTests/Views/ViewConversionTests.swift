import Testing

@testable import GestureKit

@Suite("View coordinate conversion")
struct ViewConversionTests {
  /// root; a (100,100,200,200) scaled 2x; b inside a at (10,10,20,20) rotated 90 degrees;
  /// c (300,0,100,100) untransformed.
  final class Scene {
    let harness = Harness()
    let a: View
    let b: View
    let c: View

    init() {
      a = harness.addView("a", 100, 100, 200, 200)
      a.transform = AffineTransform(scaleX: 2, y: 2)
      b = harness.addView("b", 10, 10, 20, 20, to: a)
      b.transform = AffineTransform(rotationAngle: Double.pi / 2)
      c = harness.addView("c", 300, 0, 100, 100)
    }
  }

  @Test("a point converts to window coordinates through every transform")
  func toWindow() {
    let scene = Scene()
    // a's centre (200,200) is its bounds centre (100,100); its point (0,0) is 100*2 up-left.
    #expect(scene.a.convert(Point.zero, to: nil) == Point(x: 0, y: 0))
    #expect(scene.a.convert(Point(x: 100, y: 100), to: nil) == Point(x: 200, y: 200))
    #expect(scene.a.convert(Point(x: 110, y: 100), to: nil) == Point(x: 220, y: 200))
    // b's centre is (20,20) in a; b's x axis points down in a (clockwise quarter turn).
    #expect(isClose(scene.b.convert(Point(x: 10, y: 10), to: scene.a), Point(x: 20, y: 20)))
    #expect(isClose(scene.b.convert(Point(x: 15, y: 10), to: scene.a), Point(x: 20, y: 25)))
    #expect(isClose(scene.b.convert(Point(x: 15, y: 10), to: nil), Point(x: 40, y: 50)))
  }

  @Test("conversion between any two views goes through their common space and round-trips")
  func betweenViews() {
    let scene = Scene()
    let p = Point(x: 3, y: 7)
    let inC = scene.b.convert(p, to: scene.c)
    let inWindow = scene.b.convert(p, to: nil)
    #expect(isClose(inC, inWindow - Point(x: 300, y: 0)))
    #expect(isClose(scene.c.convert(inC, to: scene.b), p))
    #expect(isClose(scene.b.convert(inC, from: scene.c), p))
    #expect(isClose(scene.b.convert(inWindow, from: nil), p))
    #expect(isClose(scene.b.convert(p, to: scene.b), p))
  }

  @Test("a view's scrolled bounds origin shifts its subviews")
  func boundsOrigin() {
    let scene = Scene()
    scene.c.bounds.origin = Point(x: 50, y: 0)
    #expect(scene.c.convert(Point(x: 50, y: 0), to: nil) == Point(x: 300, y: 0))
    #expect(scene.c.convert(Point(x: 300, y: 10), from: nil) == Point(x: 50, y: 10))
  }

  @Test("rects convert to their bounding box")
  func rects() {
    let scene = Scene()
    let r = scene.b.convert(Rect(x: 0, y: 0, width: 20, height: 10), to: nil)
    let corners = [Point(x: 0, y: 0), Point(x: 20, y: 10)].map { scene.b.convert($0, to: nil) }
    let expected = Rect(
      x: min(corners[0].x, corners[1].x), y: min(corners[0].y, corners[1].y),
      width: abs(corners[0].x - corners[1].x), height: abs(corners[0].y - corners[1].y))
    #expect(isClose(r, expected))
    #expect(isClose(scene.b.convert(r, from: nil), Rect(x: 0, y: 0, width: 20, height: 10)))
  }

  @Test("vectors convert through scale and rotation but ignore translation")
  func vectors() {
    let scene = Scene()
    #expect(scene.a.convertVector(Point(x: 10, y: 0), to: nil) == Point(x: 20, y: 0))
    #expect(scene.a.convertVector(Point(x: 20, y: 0), from: nil) == Point(x: 10, y: 0))
    // In b (rotated a quarter turn clockwise inside a scaled 2x), screen-right is b's -y.
    #expect(isClose(scene.b.convertVector(Point(x: 20, y: 0), from: nil), Point(x: 0, y: -10)))
    #expect(scene.c.convertVector(Point(x: 5, y: 5), from: nil) == Point(x: 5, y: 5))
  }
}
