import GestureKit

/// A rectangle of whole buffer pixels (columns `x0..<x1`, rows `y0..<y1`), for the damage a
/// commit reports.
struct BufferRect: Equatable {
  var x0: Int
  var y0: Int
  var x1: Int
  var y1: Int

  /// Whether it holds no pixel.
  var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

  /// The buffer pixels holding `rect` (window coordinates) at `scale`, within a buffer of
  /// `width` x `height`: `rect` rounded out to whole logical pixels, scaled, and rounded out
  /// to whole buffer pixels. A compositor converting such damage back to logical pixels at a
  /// fractional scale cannot round it inward past what changed (KWin does round inward).
  init(outside rect: Rect, scale: Double, width: Int, height: Int) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite, !rect.isEmpty
    else {
      self.init(x0: 0, y0: 0, x1: 0, y1: 0)
      return
    }
    let logical = rect.roundedOut
    let limit = (x: Double(width), y: Double(height))
    func clamped(_ value: Double, _ high: Double) -> Int { Int(min(high, max(0, value))) }
    self.init(
      x0: clamped((logical.minX * scale).rounded(.down), limit.x),
      y0: clamped((logical.minY * scale).rounded(.down), limit.y),
      x1: clamped((logical.maxX * scale).rounded(.up), limit.x),
      y1: clamped((logical.maxY * scale).rounded(.up), limit.y))
  }

  init(x0: Int, y0: Int, x1: Int, y1: Int) {
    (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
  }
}
