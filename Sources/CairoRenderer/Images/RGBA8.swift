/// One pixel as 8-bit red, green, blue and alpha, not premultiplied
/// (the way colours are written in scene files and PNGs).
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0...255.
  public var r: UInt8
  /// Green, 0...255.
  public var g: UInt8
  /// Blue, 0...255.
  public var b: UInt8
  /// Alpha (opacity), 0...255; 0 is fully transparent.
  public var a: UInt8

  /// A pixel from its four components.
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// The pixel as `#rrggbbaa`, handy in test failures.
  public var description: String {
    "#"
      + [r, g, b, a].map { byte in
        let digits = String(byte, radix: 16)
        return byte < 16 ? "0" + digits : digits
      }.joined()
  }

  /// True when every component differs from `other`'s by at most `tolerance`
  /// (antialiasing and rounding make exact comparisons brittle).
  public func isClose(to other: RGBA8, tolerance: Int = 2) -> Bool {
    abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
      && abs(Int(b) - Int(other.b)) <= tolerance && abs(Int(a) - Int(other.a)) <= tolerance
  }

  /// Converts one premultiplied `ARGB32` word (cairo's and `wl_shm`'s layout).
  init(premultipliedARGB word: UInt32) {
    let alpha = UInt32(word >> 24)
    guard alpha > 0 else {
      self.init(r: 0, g: 0, b: 0, a: 0)
      return
    }
    func unpremultiply(_ shift: UInt32) -> UInt8 {
      let value = (word >> shift) & 0xff
      return UInt8(min(255, (value * 255 + alpha / 2) / alpha))
    }
    self.init(r: unpremultiply(16), g: unpremultiply(8), b: unpremultiply(0), a: UInt8(alpha))
  }
}
