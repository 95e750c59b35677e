import GestureKit
import Testing

@testable import WaylandBackend

/// The damage a commit reports, in buffer pixels.
@Suite("Buffer rects")
struct BufferRectTests {
  private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, scale: Double) -> BufferRect
  {
    BufferRect(
      outside: Rect(x: x, y: y, width: width, height: height), scale: scale, width: 1000, height: 1000)
  }

  @Test("at scale 1 a window rectangle becomes the pixels it touches")
  func wholeScale() {
    #expect(rect(10.5, 3, 20, 9.7, scale: 1) == BufferRect(x0: 10, y0: 3, x1: 31, y1: 13))
    #expect(rect(10, 3, 20, 9, scale: 2) == BufferRect(x0: 20, y0: 6, x1: 60, y1: 24))
  }

  @Test("at a fractional scale the rectangle is rounded out to whole logical pixels first")
  func fractionalScale() {
    // 10.5 ..< 12.2 logical: whole logical pixels 10 ..< 13, at 1.25 buffer pixels 12.5 ..< 16.25.
    let damaged = rect(10.5, 10.5, 1.7, 1.7, scale: 1.25)
    #expect(damaged == BufferRect(x0: 12, y0: 12, x1: 17, y1: 17))
    // Converted back to logical pixels and rounded inward, as KWin does, it still holds them.
    let logicalInward = (
      (Double(damaged.x0) / 1.25).rounded(.up), (Double(damaged.x1) / 1.25).rounded(.down)
    )
    #expect(logicalInward.0 <= 10 && logicalInward.1 >= 13)
  }

  @Test("rectangles are clipped to the buffer; empty or not finite ones are empty")
  func clippedAndDegenerate() {
    #expect(
      BufferRect(outside: Rect(x: -5, y: 990, width: 20, height: 30), scale: 1, width: 1000, height: 1000)
        == BufferRect(x0: 0, y0: 990, x1: 15, y1: 1000))
    #expect(rect(.nan, 0, 5, 5, scale: 1).isEmpty)
    #expect(rect(0, 0, 0, 5, scale: 1).isEmpty)
    #expect(rect(0, 0, .infinity, 5, scale: 1).isEmpty)
  }
}
