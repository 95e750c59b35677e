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

  @Test("at a fractional scale the edges fall on whole pixels both logical and in the buffer")
  func fractionalScale() {
    // 10.5 ..< 12.2 logical at 1.25: multiples of 4 logical pixels, 8 ..< 16, buffer 10 ..< 20.
    #expect(rect(10.5, 10.5, 1.7, 1.7, scale: 1.25) == BufferRect(x0: 10, y0: 10, x1: 20, y1: 20))
    #expect(BufferRect.exactStep(for: 1) == 1 && BufferRect.exactStep(for: 2) == 1)
    #expect(BufferRect.exactStep(for: 1.5) == 2 && BufferRect.exactStep(for: 1.75) == 4)
    #expect(BufferRect.exactStep(for: 160.0 / 120) == 3)
    #expect(BufferRect.exactStep(for: .nan) == 1 && BufferRect.exactStep(for: 1.0001) == 1)
    // Whatever the rectangle, converted to logical pixels and back, rounding inward each way
    // (as KWin does), the buffer rectangle is unchanged: nothing that changed is left out.
    for scale in [1.25, 1.5, 1.75, 160.0 / 120, 2.25] {
      for index in 0..<50 {
        let x = Double(index * 37 % 400) + 0.3
        let y = Double(index * 53 % 500) + 0.7
        let damaged = rect(x, y, 1 + Double(index % 9) * 3.1, 2.5, scale: scale)
        let logical = (
          (Double(damaged.x0) / scale).rounded(.up), (Double(damaged.x1) / scale).rounded(.down)
        )
        #expect(
          (logical.0 * scale).rounded(.up) == Double(damaged.x0)
            && (logical.1 * scale).rounded(.down) == Double(damaged.x1), "\(scale) \(damaged)")
        #expect(Double(damaged.x0) <= x * scale && Double(damaged.x1) >= (x + 1) * scale)
      }
    }
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
