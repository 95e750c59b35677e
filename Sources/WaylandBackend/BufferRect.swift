import GestureKit

/// A rectangle of whole buffer pixels (columns `x0..<x1`, rows `y0..<y1`), for the damage a
/// commit reports.
struct BufferRect: Equatable {
  var x0: Int
  var y0: Int
  var x1: Int
  var y1: Int

  /// No pixels.
  static let empty = BufferRect(x0: 0, y0: 0, x1: 0, y1: 0)

  /// Whether it holds no pixel.
  var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

  /// The buffer pixels wholly inside `rect` (window coordinates) at `scale`.
  init(inside rect: Rect, scale: Double) {
    let whole = Rect(
      x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale
    ).roundedIn
    self.init(x0: Int(whole.minX), y0: Int(whole.minY), x1: Int(whole.maxX), y1: Int(whole.maxY))
  }

  init(x0: Int, y0: Int, x1: Int, y1: Int) {
    (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
  }

  /// Calls `body` with disjoint rectangles covering this one less `hole` (at most four: the
  /// rows above and below it, and the columns beside it in its rows); nothing when empty.
  func subtracting(_ hole: BufferRect, _ body: (BufferRect) -> Void) {
    guard !isEmpty else { return }
    let cut = BufferRect(
      x0: max(x0, hole.x0), y0: max(y0, hole.y0), x1: min(x1, hole.x1), y1: min(y1, hole.y1))
    guard !cut.isEmpty else {
      body(self)
      return
    }
    // One at a time: an array of them would allocate on every commit.
    let above = BufferRect(x0: x0, y0: y0, x1: x1, y1: cut.y0)
    if !above.isEmpty { body(above) }
    let left = BufferRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)
    if !left.isEmpty { body(left) }
    let right = BufferRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)
    if !right.isEmpty { body(right) }
    let below = BufferRect(x0: x0, y0: cut.y1, x1: x1, y1: y1)
    if !below.isEmpty { body(below) }
  }
}
