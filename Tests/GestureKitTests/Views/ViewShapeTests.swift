import Testing

@testable import GestureKit

@Suite("ViewShape")
struct ViewShapeTests {
  let rect = Rect(x: 0, y: 0, width: 100, height: 50)

  @Test("a rect shape contains its whole bounds")
  func rectShape() {
    #expect(ViewShape.rect.contains(Point(x: 0, y: 0), in: rect))
    #expect(!ViewShape.rect.contains(Point(x: 100, y: 10), in: rect))
  }

  @Test("a circle shape is the inscribed ellipse")
  func ellipse() {
    #expect(ViewShape.circle.contains(Point(x: 50, y: 25), in: rect))
    #expect(ViewShape.circle.contains(Point(x: 1, y: 25), in: rect))
    #expect(!ViewShape.circle.contains(Point(x: 5, y: 5), in: rect))
  }

  @Test("a rounded rect cuts only its corners")
  func roundRect() {
    let shape = ViewShape.roundRect(cornerRadius: 10)
    #expect(shape.contains(Point(x: 50, y: 0), in: rect))
    #expect(shape.contains(Point(x: 2, y: 2), in: rect) == false, "11.3 px from the arc's centre")
    #expect(shape.contains(Point(x: 4, y: 4), in: rect), "inside the arc: 8.5 px from its centre")
    #expect(ViewShape.roundRect(cornerRadius: 0).contains(Point(x: 0, y: 0), in: rect))
  }
}
