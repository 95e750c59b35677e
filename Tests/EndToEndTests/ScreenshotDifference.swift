import CairoRenderer

/// How two screenshots of the same size differ, for assertions that read well.
struct ScreenshotDifference: CustomStringConvertible {
  /// How many pixels differ.
  var count = 0
  /// The first differing pixel (row-major order) and its two colours.
  var first: (x: Int, y: Int, before: RGBA8, after: RGBA8)?

  /// Compares `before` and `after` pixel by pixel (they must have one size), leaving out the
  /// pixels inside `excluded` grown by `margin` on every side.
  init(_ before: Image, _ after: Image, excluding excluded: [PixelBox] = [], margin: Int = 0) {
    precondition(
      before.width == after.width && before.height == after.height, "screenshots of different sizes")
    let left = excluded.map {
      PixelBox(minX: $0.minX - margin, minY: $0.minY - margin, maxX: $0.maxX + margin, maxY: $0.maxY + margin)
    }
    for y in 0..<before.height {
      for x in 0..<before.width {
        if left.contains(where: { x >= $0.minX && x <= $0.maxX && y >= $0.minY && y <= $0.maxY }) { continue }
        let a = before.pixel(x: x, y: y)
        let b = after.pixel(x: x, y: y)
        if a != b {
          count += 1
          if first == nil { first = (x, y, a, b) }
        }
      }
    }
  }

  /// True when no pixel differs.
  var isEmpty: Bool { count == 0 }

  /// "identical" or "N pixels differ, first at (x, y): #... -> #...".
  var description: String {
    guard let first else { return "identical" }
    return "\(count) pixels differ, first at (\(first.x), \(first.y)): \(first.before) -> \(first.after)"
  }
}
