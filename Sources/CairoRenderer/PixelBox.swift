import CCairo
import GestureKit

/// A rectangle of whole device pixels: columns `minX..<maxX`, rows `minY..<maxY`.
struct PixelBox {
  var minX: Int
  var minY: Int
  var maxX: Int
  var maxY: Int

  /// No limit.
  static let everything = PixelBox(minX: .min / 2, minY: .min / 2, maxX: .max / 2, maxY: .max / 2)

  /// `rect` (user space of `cr`) in device pixels when its edges fall exactly on pixel
  /// boundaries under a translation and scale; nil otherwise.
  static func aligned(_ rect: Rect, on cr: OpaquePointer) -> PixelBox? {
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return nil }
    let edges = (
      m.xx * rect.minX + m.x0, m.yy * rect.minY + m.y0, m.xx * rect.maxX + m.x0, m.yy * rect.maxY + m.y0
    )
    for edge in [edges.0, edges.1, edges.2, edges.3] where !(abs(edge) < 1e9 && edge == edge.rounded()) {
      return nil
    }
    return PixelBox(minX: Int(edges.0), minY: Int(edges.1), maxX: Int(edges.2), maxY: Int(edges.3))
  }

  /// The whole device pixels holding `rect` (user space of `cr`, under any matrix): its
  /// corners mapped to device space, rounded out; nil when they are not finite or beyond
  /// ``largestCoordinate``.
  static func enclosing(_ rect: Rect, on cr: OpaquePointer) -> PixelBox? {
    var box: Rect?
    for corner in 0..<4 {
      var x = corner & 1 == 0 ? rect.minX : rect.maxX
      var y = corner < 2 ? rect.minY : rect.maxY
      cairo_user_to_device(cr, &x, &y)
      guard x.isFinite, y.isFinite, abs(x) < largestCoordinate, abs(y) < largestCoordinate else { return nil }
      let point = Rect(x: x, y: y, width: 0, height: 0)
      box = box.map { $0.union(point) } ?? point
    }
    guard let box else { return nil }
    return PixelBox(
      minX: Int(box.minX.rounded(.down)), minY: Int(box.minY.rounded(.down)),
      maxX: Int(box.maxX.rounded(.up)), maxY: Int(box.maxY.rounded(.up)))
  }

  /// The largest device coordinate `enclosing(_:on:)` takes (beyond it the numbers are not a
  /// real frame's).
  static let largestCoordinate = 1e6

  /// The pixels in both.
  func intersection(_ other: PixelBox) -> PixelBox {
    PixelBox(
      minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
      maxY: min(maxY, other.maxY))
  }

  /// The smallest box holding both.
  func union(_ other: PixelBox) -> PixelBox {
    PixelBox(
      minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
      maxY: max(maxY, other.maxY))
  }
}
