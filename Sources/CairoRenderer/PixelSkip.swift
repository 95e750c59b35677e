/// Pixels of one image that a repair leaves as they are: up to two boxes of a band's scratch
/// image that the buffer already holds (a moved card's unchanged inside, see
/// Renderer+Unchanged.swift). Storing them would be wasted, so the background and the exact
/// shortcuts' solid runs skip them, and they are not copied back; what cairo draws there is
/// thrown away.
struct PixelSkip {
  /// The image the boxes belong to (nil: skip nothing).
  var target: UnsafeMutableRawPointer?
  /// The boxes, in the image's pixels; empty ones skip nothing.
  var first = PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
  var second = PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0)

  /// Skips nothing.
  static var none: PixelSkip { PixelSkip() }

  /// Whether anything is skipped in the image at `data`.
  @inline(__always)
  func applies(to data: UnsafeMutableRawPointer) -> Bool {
    target == data
  }

  /// The columns skipped in row `y`: those of the first box holding the row (an empty range
  /// when none does).
  @inline(__always)
  func columns(inRow y: Int) -> (start: Int, end: Int) {
    if y >= first.minY, y < first.maxY { return (first.minX, first.maxX) }
    if y >= second.minY, y < second.maxY { return (second.minX, second.maxX) }
    return (0, 0)
  }

  /// Calls `body` with the parts of columns `start..<end` of row `y` outside the skipped ones
  /// (none, one or two).
  @inline(__always)
  func forEachKept(row y: Int, from start: Int, to end: Int, _ body: (Int, Int) -> Void) {
    let skipped = columns(inRow: y)
    guard skipped.start < skipped.end, skipped.start < end, skipped.end > start else {
      body(start, end)
      return
    }
    if start < skipped.start { body(start, skipped.start) }
    if skipped.end < end { body(skipped.end, end) }
  }

  /// These boxes moved by `offset` (into another image's pixels), for the image at `data`.
  func moved(by offset: (x: Int, y: Int), onto data: UnsafeMutableRawPointer) -> PixelSkip {
    func move(_ box: PixelBox) -> PixelBox {
      PixelBox(
        minX: box.minX + offset.x, minY: box.minY + offset.y, maxX: box.maxX + offset.x,
        maxY: box.maxY + offset.y)
    }
    return PixelSkip(target: data, first: move(first), second: move(second))
  }
}
