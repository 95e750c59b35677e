import GestureKit
import Testing

@testable import WaylandBackend

/// The damage a commit reports less a moved card's unchanged pixels.
@Suite("Buffer rects")
struct BufferRectTests {
  private func pieces(of rect: BufferRect, less hole: BufferRect) -> [BufferRect] {
    var result: [BufferRect] = []
    rect.subtracting(hole) { result.append($0) }
    return result
  }

  @Test("a hole inside leaves the rows above and below and the columns beside it")
  func holeInside() {
    let rect = BufferRect(x0: 0, y0: 0, x1: 100, y1: 80)
    let hole = BufferRect(x0: 10, y0: 20, x1: 90, y1: 60)
    #expect(
      pieces(of: rect, less: hole) == [
        BufferRect(x0: 0, y0: 0, x1: 100, y1: 20), BufferRect(x0: 0, y0: 20, x1: 10, y1: 60),
        BufferRect(x0: 90, y0: 20, x1: 100, y1: 60), BufferRect(x0: 0, y0: 60, x1: 100, y1: 80),
      ])
    // Every pixel is counted once, and none of the hole's.
    let area = pieces(of: rect, less: hole).reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
    #expect(area == 100 * 80 - 80 * 40)
  }

  @Test("a hole apart, across an edge or over everything")
  func otherHoles() {
    let rect = BufferRect(x0: 0, y0: 0, x1: 100, y1: 80)
    #expect(pieces(of: rect, less: .empty) == [rect])
    #expect(pieces(of: rect, less: BufferRect(x0: 200, y0: 0, x1: 300, y1: 80)) == [rect])
    #expect(
      pieces(of: rect, less: BufferRect(x0: -5, y0: 40, x1: 105, y1: 200)) == [
        BufferRect(x0: 0, y0: 0, x1: 100, y1: 40)
      ])
    #expect(pieces(of: rect, less: BufferRect(x0: -1, y0: -1, x1: 101, y1: 81)).isEmpty)
    #expect(pieces(of: .empty, less: .empty).isEmpty)
  }

  @Test("window rectangles become the buffer pixels wholly inside them")
  func inside() {
    #expect(
      BufferRect(inside: Rect(x: 10.5, y: 3, width: 20, height: 9.7), scale: 1)
        == BufferRect(x0: 11, y0: 3, x1: 30, y1: 12))
    #expect(
      BufferRect(inside: Rect(x: 2, y: 2, width: 3, height: 3), scale: 1.5)
        == BufferRect(x0: 3, y0: 3, x1: 7, y1: 7))
  }
}
