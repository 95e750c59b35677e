/// A location or a vector in a 2D coordinate space, in logical pixels (y points down).
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate (grows downwards).
  public var y: Double

  /// A point at `(x, y)`.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `(0, 0)`.
  public static let zero = Point(x: 0, y: 0)

  /// The component-wise sum.
  public static func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  /// The component-wise difference (the vector from `rhs` to `lhs`).
  public static func - (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }

  /// Both components multiplied by `factor`.
  public static func * (lhs: Point, factor: Double) -> Point {
    Point(x: lhs.x * factor, y: lhs.y * factor)
  }

  /// Both components divided by `divisor`.
  public static func / (lhs: Point, divisor: Double) -> Point {
    Point(x: lhs.x / divisor, y: lhs.y / divisor)
  }

  /// The opposite vector.
  public static prefix func - (point: Point) -> Point {
    Point(x: -point.x, y: -point.y)
  }

  /// Adds `rhs` to `lhs`.
  public static func += (lhs: inout Point, rhs: Point) {
    lhs = lhs + rhs
  }

  /// Subtracts `rhs` from `lhs`.
  public static func -= (lhs: inout Point, rhs: Point) {
    lhs = lhs - rhs
  }

  /// The Euclidean distance to `other`.
  public func distance(to other: Point) -> Double {
    (other - self).length
  }

  /// The length of this point read as a vector from the origin.
  public var length: Double {
    (x * x + y * y).squareRoot()
  }

  /// This point mapped through `transform` (translation included).
  public func applying(_ transform: AffineTransform) -> Point {
    Point(
      x: transform.a * x + transform.c * y + transform.tx,
      y: transform.b * x + transform.d * y + transform.ty)
  }

  /// This vector mapped through `transform`'s linear part (its translation is ignored), as
  /// displacements and velocities convert.
  public func applyingToVector(_ transform: AffineTransform) -> Point {
    Point(x: transform.a * x + transform.c * y, y: transform.b * x + transform.d * y)
  }

  /// `(x, y)` with up to three decimals, for logs and test transcripts.
  public var description: String {
    "(\(formatCoordinate(x)),\(formatCoordinate(y)))"
  }
}

/// Formats a coordinate compactly: integers without a fraction, others with up to 3 decimals.
func formatCoordinate(_ value: Double) -> String {
  let rounded = (value * 1000).rounded() / 1000
  if rounded == rounded.rounded(), abs(rounded) < 1e15 {
    let integer = Int(rounded)
    return integer == 0 ? "0" : String(integer)
  }
  return String(rounded)
}
