@testable import CairoRenderer

/// What a compositor does with layers, for comparing with cairo's full repaint.
enum LayerCompositing {
  /// `layer` composited with pixman's `OVER` onto a copy of `image`, its pixel (0, 0) at `at`.
  static func over(_ layer: Image, at: (x: Int, y: Int), onto image: Image) -> [UInt32] {
    var pixels = image.words
    over(layer, at: at, onto: &pixels, width: image.width, height: image.height)
    return pixels
  }

  /// `layer` composited with pixman's `OVER` onto `pixels` (`width` x `height`), its pixel
  /// (0, 0) at `at`.
  static func over(_ layer: Image, at: (x: Int, y: Int), onto pixels: inout [UInt32], width: Int, height: Int)
  {
    let source = layer.words
    for y in 0..<layer.height where y + at.y < height && y + at.y >= 0 {
      for x in 0..<layer.width where x + at.x < width && x + at.x >= 0 {
        let s = source[y * layer.width + x]
        let index = (y + at.y) * width + x + at.x
        let d = pixels[index]
        let inverse = 255 - (s >> 24)
        var result: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
          // pixman's MUL_UN8 (rounded division by 255), then a saturating add.
          let t = ((d >> UInt32(shift)) & 0xFF) * inverse + 0x80
          let channel = min(255, ((s >> UInt32(shift)) & 0xFF) + ((t + (t >> 8)) >> 8))
          result |= channel << UInt32(shift)
        }
        pixels[index] = result
      }
    }
  }

  /// The largest difference of one channel between `pixels` and `reference`, and where.
  static func largestChannelDifference(_ pixels: [UInt32], _ reference: Image) -> (
    level: Int, x: Int, y: Int
  ) {
    var largest = (level: 0, x: 0, y: 0)
    for (index, (a, b)) in zip(pixels, reference.words).enumerated() where a != b {
      for shift in stride(from: 0, through: 24, by: 8) {
        let level = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
        if level > largest.level { largest = (level, index % reference.width, index / reference.width) }
      }
    }
    return largest
  }
}
