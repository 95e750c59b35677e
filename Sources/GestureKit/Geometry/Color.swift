/// An RGBA colour with components in 0...1 (not premultiplied).
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// The red component, 0...1.
  public var red: Double
  /// The green component, 0...1.
  public var green: Double
  /// The blue component, 0...1.
  public var blue: Double
  /// The opacity, 0 (transparent) ... 1 (opaque).
  public var alpha: Double

  /// A colour from its components; values outside 0...1 are clamped.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = Self.clamp(red)
    self.green = Self.clamp(green)
    self.blue = Self.clamp(blue)
    self.alpha = Self.clamp(alpha)
  }

  /// Parses `"#rrggbb"` or `"#rrggbbaa"` (hex digits in either case); nil for anything else.
  public init?(hex: String) {
    guard hex.hasPrefix("#") else { return nil }
    let digits = Array(hex.utf8.dropFirst())
    guard digits.count == 6 || digits.count == 8 else { return nil }
    var bytes: [Double] = []
    var index = 0
    while index < digits.count {
      guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else {
        return nil
      }
      bytes.append(Double(high * 16 + low) / 255)
      index += 2
    }
    self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
  }

  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Fully transparent black.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// `"#rrggbbaa"` (components rounded to bytes).
  public var hexString: String {
    "#"
      + [red, green, blue, alpha].map { component in
        let byte = Int((component * 255).rounded())
        let text = String(byte, radix: 16)
        return byte < 16 ? "0" + text : text
      }.joined()
  }

  /// The same as `hexString`.
  public var description: String { hexString }

  private static func clamp(_ value: Double) -> Double {
    value.isNaN ? 0 : min(1, max(0, value))
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }
}
