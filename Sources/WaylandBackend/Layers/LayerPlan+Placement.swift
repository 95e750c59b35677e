import GestureKit

// Where a lifted view's layer can show it without drawing it again (`LayerPlan`'s `move`),
// at whole logical pixels, whether that is within `LayerPlan.edgeTolerance` of the view's
// place, and how far its edges went in a frame (a fast move need not be exact).
extension LayerPlan {
  /// Where the layer of `entry` shows its view under `now` (its transform to the window), when
  /// the compositor can show it from the picture drawn under `entry.drawn`: the change between
  /// the two is a translation, or with `canScale` a translation and a positive uniform scale.
  /// `isExact`: at `scale` (device pixels per logical pixel) whole logical pixels show the
  /// picture's edges within `edgeTolerance` device pixels of the view's, an unscaled picture
  /// on the device grid (`Renderer.layerGrid`).
  static func shown(_ entry: Lifted, now: AffineTransform, canScale: Bool, scale: Double = 1) -> (
    x: Int, y: Int, width: Int, height: Int, isExact: Bool
  )? {
    guard let inverse = entry.drawn.inverted() else { return nil }
    // Window points as drawn to window points now.
    let change = inverse.concatenating(now)
    let tolerance = 1e-9
    guard abs(change.b) < tolerance, abs(change.c) < tolerance, abs(change.a - change.d) < tolerance,
      change.a > 0, change.a.isFinite, change.tx.isFinite, change.ty.isFinite
    else { return nil }
    if abs(change.a - 1) >= tolerance && !canScale { return nil }
    let extent = entry.extent.rect
    // The picture's edges where the view's are now (window points), and where whole logical
    // pixels put them.
    let target = (
      minX: extent.minX * change.a + change.tx, minY: extent.minY * change.a + change.ty,
      maxX: extent.maxX * change.a + change.tx, maxY: extent.maxY * change.a + change.ty
    )
    let x = target.minX.rounded()
    let y = target.minY.rounded()
    let width = max(1, (extent.width * change.a).rounded())
    let height = max(1, (extent.height * change.a).rounded())
    let limit = Double(Int32.max / 2)
    guard abs(x) < limit, abs(y) < limit, width < limit, height < limit else { return nil }
    let off = max(
      abs(x - target.minX), abs(y - target.minY), abs(x + width - target.maxX), abs(y + height - target.maxY))
    // Unscaled, the picture's pixels are the output's only at a device pixel's corner.
    func onGrid(_ edge: Double) -> Bool { abs(edge * scale - (edge * scale).rounded()) <= tolerance }
    let offGrid = abs(change.a - 1) < tolerance && scale != scale.rounded() && (!onGrid(x) || !onGrid(y))
    let isExact = off * scale <= edgeTolerance + tolerance && !offGrid
    return (Int(x), Int(y), Int(width), Int(height), isExact)
  }

  /// Logical pixels the farthest edge of `entry`'s picture moves from the last frame
  /// (`entry.current`) to `now`: its extent's corners as the window had them then and has
  /// them now (infinite when a transform cannot be inverted).
  static func edgeTravel(_ entry: Lifted, now: AffineTransform) -> Double {
    guard let inverse = entry.drawn.inverted() else { return .infinity }
    let then = inverse.concatenating(entry.current)
    let change = inverse.concatenating(now)
    let rect = entry.extent.rect
    func travel(_ corner: Point) -> Double {
      let a = corner.applying(then)
      let b = corner.applying(change)
      return max(abs(b.x - a.x), abs(b.y - a.y))
    }
    return max(travel(Point(x: rect.minX, y: rect.minY)), travel(Point(x: rect.maxX, y: rect.maxY)))
  }
}
