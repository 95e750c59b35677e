/// An axis-aligned rectangle: an origin and a size, with CGRect's conventions.
///
/// The edge accessors (`minX`, `maxX`, ...) and `width`/`height` read the standardized
/// rectangle, so a negative size behaves like the same rectangle with a positive one.
/// `contains` is half-open: the min edges are inside, the max edges are not.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The corner the size is measured from (the top-left corner for positive sizes).
  public var origin: Point
  /// The extent from `origin`; may be negative.
  public var size: Size

  /// A rectangle from an origin and a size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// A rectangle from its origin's coordinates and its size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The smallest x.
  public var minX: Double { min(origin.x, origin.x + size.width) }
  /// The x of the centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The largest x.
  public var maxX: Double { max(origin.x, origin.x + size.width) }
  /// The smallest y.
  public var minY: Double { min(origin.y, origin.y + size.height) }
  /// The y of the centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The largest y.
  public var maxY: Double { max(origin.y, origin.y + size.height) }
  /// The (non-negative) width.
  public var width: Double { abs(size.width) }
  /// The (non-negative) height.
  public var height: Double { abs(size.height) }
  /// The centre point.
  public var center: Point { Point(x: midX, y: midY) }

  /// True when the rectangle encloses no area (a zero width or height).
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// True when `point` lies inside: `minX <= x < maxX` and `minY <= y < maxY`.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// True when `other` lies wholly inside (its edges may lie on this rectangle's edges), as
  /// `CGRect.contains(_:)` with a rectangle.
  public func contains(_ other: Rect) -> Bool {
    minX <= other.minX && minY <= other.minY && maxX >= other.maxX && maxY >= other.maxY
  }

  /// True when the two rectangles share some area (touching edges do not count).
  public func intersects(_ other: Rect) -> Bool {
    !intersection(other).isEmpty
  }

  /// The smallest rectangle containing both (empty rectangles count as their origin point).
  public func union(_ other: Rect) -> Rect {
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The area both rectangles cover; `Rect.zero` (empty) when they do not overlap.
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return .zero }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The standardized rectangle shrunk by `dx` on the left and right and `dy` on the top and
  /// bottom (negative values grow it). Insetting past the centre gives an empty rectangle at
  /// the centre.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let w = max(0, width - 2 * dx)
    let h = max(0, height - 2 * dy)
    return Rect(x: midX - w / 2, y: midY - h / 2, width: w, height: h)
  }

  /// The rectangle moved by `(dx, dy)`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(origin: origin + Point(x: dx, y: dy), size: size)
  }

  /// The bounding box of the four corners mapped through `transform`.
  public func applying(_ transform: AffineTransform) -> Rect {
    let corners = [
      Point(x: minX, y: minY), Point(x: maxX, y: minY),
      Point(x: minX, y: maxY), Point(x: maxX, y: maxY),
    ].map { $0.applying(transform) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let x0 = xs.min()!
    let y0 = ys.min()!
    return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
  }

  /// `(x,y WxH)`, for logs and test transcripts.
  public var description: String {
    "(\(formatCoordinate(origin.x)),\(formatCoordinate(origin.y)) \(size))"
  }
}
