/// The per-pixel blends of cairo and pixman, bit for bit, on premultiplied ARGB32 pixels.
///
/// Each works on two bytes of a pixel at a time (bytes 0 and 2, then 1 and 3): a product
/// `x · a` is divided by 255 as `(t + (t >> 8)) >> 8` with `t = x · a + bias`, the bias being
/// 0x7f in cairo's `mul8x2_8` and 0x80 in pixman's `UN8x4_MUL_UN8`.
enum PixelMath {
  /// What cairo's `mul8x2_8` adds to each product before dividing by 255.
  static let cairoBias: UInt32 = 0x007f_007f
  /// What pixman's `UN8x4_MUL_UN8` adds to each product before dividing by 255.
  static let pixmanBias: UInt32 = 0x0080_0080

  /// cairo's `lerp8x4`: `src * a + dst * (255 - a)` per byte, each product rounded as
  /// cairo's `mul8x2_8` does (the shape path's blend; FastFill.swift, CoverageMask.swift).
  @inline(__always)
  static func lerp(_ src: UInt32, _ a: UInt8, _ dst: UInt32) -> UInt32 {
    blend(src, a, dst, bias: cairoBias)
  }

  /// pixman's `over_n_8_8888` for an opaque `src` through coverage `a` (`a` < 255):
  /// `src * a + dst * (255 - a)` per byte, each product rounded as `UN8x4_MUL_UN8`, the sums
  /// saturated (the glyph path's blend; LabelMasks.swift).
  @inline(__always)
  static func over(_ src: UInt32, _ a: UInt8, _ dst: UInt32) -> UInt32 {
    blend(src, a, dst, bias: pixmanBias)
  }

  /// `src * a + dst * (255 - a)` per byte, each product plus `bias` before dividing, the sums
  /// saturated.
  @inline(__always)
  private static func blend(_ src: UInt32, _ a: UInt8, _ dst: UInt32, bias: UInt32) -> UInt32 {
    let rb = add(mul(src, a, bias: bias), mul(dst, ~a, bias: bias))
    let ag = add(mul(src >> 8, a, bias: bias), mul(dst >> 8, ~a, bias: bias))
    return rb | (ag << 8)
  }

  /// Bytes 0 and 2 of `x` times `a` / 255, each product plus `bias`.
  @inline(__always)
  private static func mul(_ x: UInt32, _ a: UInt8, bias: UInt32) -> UInt32 {
    let t = (x & 0x00ff_00ff) &* UInt32(a) &+ bias
    return ((t &+ ((t >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
  }

  /// Bytes 0 and 2 of `a` plus those of `b`, each saturated at 255.
  @inline(__always)
  private static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
    var t = a &+ b
    t |= 0x0100_0100 &- ((t >> 8) & 0x00ff_00ff)
    return t & 0x00ff_00ff
  }
}
