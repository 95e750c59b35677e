/// A 2D affine transform with CGAffineTransform's conventions.
///
/// A point maps as `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`. Since y points down on
/// screen, a positive rotation angle turns clockwise. `t1.concatenating(t2)` applies `t1`
/// first, then `t2`; `translatedBy`/`scaledBy`/`rotatedBy` prepend the new step, as
/// CGAffineTransform does (the step happens in the transform's input space).
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
  /// The x scale / rotation component (x' contribution of x).
  public var a: Double
  /// The y' contribution of x.
  public var b: Double
  /// The x' contribution of y.
  public var c: Double
  /// The y scale / rotation component (y' contribution of y).
  public var d: Double
  /// The horizontal translation.
  public var tx: Double
  /// The vertical translation.
  public var ty: Double

  /// A transform from its six components.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation by `(x, y)`.
  public init(translationX x: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A scale by `x` horizontally and `y` vertically.
  public init(scaleX x: Double, y: Double) {
    self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians about the origin; positive is clockwise on screen.
  public init(rotationAngle angle: Double) {
    let cosine = Trigonometry.cos(angle)
    let sine = Trigonometry.sin(angle)
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// True when this is exactly the identity.
  public var isIdentity: Bool { self == .identity }

  /// The transform applying `self` first and then `other`.
  public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  /// The inverse transform, or nil when this one is not invertible (determinant zero).
  public func inverted() -> AffineTransform? {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return nil }
    let ia = d / determinant
    let ib = -b / determinant
    let ic = -c / determinant
    let id = a / determinant
    return AffineTransform(
      a: ia, b: ib, c: ic, d: id,
      tx: -(tx * ia + ty * ic),
      ty: -(tx * ib + ty * id))
  }

  /// This transform preceded by a translation by `(x, y)`.
  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// This transform preceded by a scale by `(x, y)`.
  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(scaleX: x, y: y).concatenating(self)
  }

  /// This transform preceded by a rotation by `angle` radians (clockwise on screen).
  public func rotatedBy(_ angle: Double) -> AffineTransform {
    AffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// The scale factor of the x axis, `sqrt(a*a + b*b)` (the uniform scale of a
  /// rotation-and-scale transform).
  public var scale: Double {
    (a * a + b * b).squareRoot()
  }

  /// The rotation angle in radians, `atan2(b, a)`, in [-pi, pi].
  public var rotation: Double {
    Trigonometry.atan2(b, a)
  }

  /// `[a b c d tx ty]`, for logs.
  public var description: String {
    "[\([a, b, c, d, tx, ty].map(formatCoordinate).joined(separator: " "))]"
  }
}
