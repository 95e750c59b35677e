import CairoRenderer

/// An axis-aligned box of whole pixels, bounds inclusive: the pixels
/// `minX...maxX` by `minY...maxY` of a screenshot.
struct PixelBox: Equatable, CustomStringConvertible {
  /// Leftmost column.
  var minX: Int
  /// Topmost row.
  var minY: Int
  /// Rightmost column.
  var maxX: Int
  /// Bottom row.
  var maxY: Int

  /// The box with these inclusive bounds.
  init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// This box of logical pixels in the pixels of an output of integer `scale`.
  func scaled(by scale: Int) -> PixelBox {
    PixelBox(
      minX: minX * scale, minY: minY * scale, maxX: (maxX + 1) * scale - 1, maxY: (maxY + 1) * scale - 1)
  }

  /// The pixels covered by a scene frame `[x, y, width, height]` with whole-pixel edges.
  init(frameX x: Int, y: Int, width: Int, height: Int) {
    self.init(minX: x, minY: y, maxX: x + width - 1, maxY: y + height - 1)
  }

  /// `x0,y0...x1,y1`.
  var description: String { "\(minX),\(minY)...\(maxX),\(maxY)" }

  /// The box moved by whole pixels.
  func offsetBy(dx: Int, dy: Int) -> PixelBox {
    PixelBox(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
  }

  /// The part of the box inside a `width` x `height` image, or nil if none.
  func clipped(width: Int, height: Int) -> PixelBox? {
    let box = PixelBox(
      minX: max(minX, 0), minY: max(minY, 0), maxX: min(maxX, width - 1), maxY: min(maxY, height - 1))
    return box.minX <= box.maxX && box.minY <= box.maxY ? box : nil
  }

  /// True when every edge is within `tolerance` pixels of `other`'s.
  func matches(_ other: PixelBox, tolerance: Int = 1) -> Bool {
    abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
      && abs(maxX - other.maxX) <= tolerance && abs(maxY - other.maxY) <= tolerance
  }

  /// The bounding box of the pixels of `image` whose red, green and blue each
  /// lie within `tolerance` of `color`'s, or nil if there are none. Pixels of
  /// other colours (labels, antialiased edges, a cursor) are simply not counted.
  static func bounding(_ color: RGBA8, tolerance: Int = 40, in image: Image) -> PixelBox? {
    bounding(
      color, tolerance: tolerance, in: PixelBox(frameX: 0, y: 0, width: image.width, height: image.height),
      of: image)
  }

  /// The bounding box of the pixels of `color` (each channel within `tolerance`) inside
  /// `region` of `image`, or nil if there are none.
  static func bounding(_ color: RGBA8, tolerance: Int, in region: PixelBox, of image: Image) -> PixelBox? {
    guard let region = region.clipped(width: image.width, height: image.height) else { return nil }
    var box: PixelBox?
    for y in region.minY...region.maxY {
      for x in region.minX...region.maxX {
        let pixel = image.pixel(x: x, y: y)
        guard abs(Int(pixel.r) - Int(color.r)) <= tolerance,
          abs(Int(pixel.g) - Int(color.g)) <= tolerance,
          abs(Int(pixel.b) - Int(color.b)) <= tolerance
        else { continue }
        let old = box ?? PixelBox(minX: x, minY: y, maxX: x, maxY: y)
        box = PixelBox(
          minX: min(old.minX, x), minY: min(old.minY, y), maxX: max(old.maxX, x), maxY: max(old.maxY, y))
      }
    }
    return box
  }
}
