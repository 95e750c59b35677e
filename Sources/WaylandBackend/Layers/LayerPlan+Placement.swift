import GestureKit

// Where a lifted view's layer can show it without drawing it again (`LayerPlan`'s `move`),
// at whole logical pixels, whether that is within `LayerPlan.edgeTolerance` of the view's
// place, and how far its edges went in a frame.
extension LayerPlan {
  /// How a layer shows its picture: at (`x`, `y`), `width` x `height` logical pixels, from
  /// `source` of its buffer (nil: all of it).
  struct Shown: Equatable {
    /// The layer's left edge, window coordinates.
    var x: Int
    /// The layer's top edge, window coordinates.
    var y: Int
    /// The destination width.
    var width: Int
    /// The destination height.
    var height: Int
    /// The part of the buffer shown, at a fraction of a pixel: the picture resampled by the
    /// compositor (nil: the whole buffer).
    var source: LayerSource?
    /// Whether the picture's edges are within `edgeTolerance` of the view's (an unscaled
    /// picture shown whole on the device grid, or any shown through `source`).
    var isExact: Bool
  }

  /// Whole logical pixels searched for one on the device grid (`Renderer.maximumLayerGrid`):
  /// past it a picture is not shifted through its source but shown at whole logical pixels.
  static let maximumGridSearch = 8

  /// Where the layer of `entry` shows its view under `now` (its transform to the window), when
  /// the compositor can show it from the picture drawn under `entry.drawn`: the change between
  /// the two is a translation, or with `canScale` a translation and a positive uniform scale.
  /// `isExact`: at `scale` (device pixels per logical pixel) whole logical pixels show the
  /// picture's edges within `edgeTolerance` device pixels of the view's, an unscaled picture
  /// on the device grid (`Renderer.layerGrid`). When they do not, the move is `fast` (a slow
  /// one is drawn again instead) and `canScale`, the picture is shown exactly through a source
  /// rectangle at a fraction of a pixel, if the view's box leaves room for it inside the
  /// picture (its transparent margin), resampled by the compositor (`shifted`).
  static func shown(
    _ entry: Lifted, now: AffineTransform, canScale: Bool, scale: Double = 1, fast: Bool = false
  ) -> Shown? {
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
    let offGrid =
      abs(change.a - 1) < tolerance && scale != scale.rounded()
      && (!onDeviceGrid(x, scale: scale) || !onDeviceGrid(y, scale: scale))
    let isExact = off * scale <= edgeTolerance + tolerance && !offGrid
    let rounded = Shown(
      x: Int(x), y: Int(y), width: Int(width), height: Int(height), source: nil, isExact: isExact)
    guard !isExact, fast, canScale else { return rounded }
    return shifted(entry, now: now, change: change, target: target, scale: scale) ?? rounded
  }

  /// `entry`'s picture shown exactly where the view is under `now`, through a viewport's
  /// source rectangle at a fraction of a buffer pixel (`wp_viewport.set_source`), when whole
  /// logical pixels on the device grid inside `target` (the picture's edges now) hold the
  /// view's drawn box, device pixels rounded out; nil otherwise. The compositor resamples it.
  private static func shifted(
    _ entry: Lifted, now: AffineTransform, change: AffineTransform,
    target: (minX: Double, minY: Double, maxX: Double, maxY: Double), scale: Double
  ) -> Shown? {
    guard let box = entry.view.drawnBox(toWindow: now) else { return nil }
    // The destination: the widest rectangle on the grid inside the picture's edges.
    guard let minX = gridPixel(atLeast: target.minX, scale: scale),
      let minY = gridPixel(atLeast: target.minY, scale: scale),
      let maxX = gridPixel(atMost: target.maxX, scale: scale),
      let maxY = gridPixel(atMost: target.maxY, scale: scale),
      // It must hold every device pixel the view's box touches.
      Double(minX) * scale <= (box.minX * scale).rounded(.down) + 1e-9,
      Double(minY) * scale <= (box.minY * scale).rounded(.down) + 1e-9,
      Double(maxX) * scale >= (box.maxX * scale).rounded(.up) - 1e-9,
      Double(maxY) * scale >= (box.maxY * scale).rounded(.up) - 1e-9
    else { return nil }
    // Buffer pixel u is window point (corner + u) / scale as drawn (`renderLayer`), and
    // a * that + t now: the source starts at the buffer pixel shown at the destination's
    // corner, and spans scale / a buffer pixels per logical pixel.
    let extent = entry.extent.rect
    let corner = (x: (extent.minX * scale).rounded(), y: (extent.minY * scale).rounded())
    let perLogical = scale / change.a
    let source = LayerSource(
      x: (Double(minX) - change.tx) * perLogical - corner.x,
      y: (Double(minY) - change.ty) * perLogical - corner.y,
      width: Double(maxX - minX) * perLogical, height: Double(maxY - minY) * perLogical)
    // Inside the buffer (`ViewLayer.show`: the extent's size in device pixels, rounded up).
    let slack = 1e-6
    guard source.x >= -slack, source.y >= -slack, source.width > 0, source.height > 0,
      source.x + source.width <= extent.width * scale + slack,
      source.y + source.height <= extent.height * scale + slack
    else { return nil }
    return Shown(
      x: minX, y: minY, width: maxX - minX, height: maxY - minY, source: source,
      isExact: true)
  }

  /// The first whole logical pixel from `value` up (or down, `atMost`) that is a whole device
  /// pixel at `scale`, within `maximumGridSearch` of it; nil when there is none.
  private static func gridPixel(atLeast value: Double, scale: Double) -> Int? {
    let start = value.rounded(.up)
    return (0..<maximumGridSearch).lazy.map { start + Double($0) }.first(where: {
      onDeviceGrid($0, scale: scale)
    })
    .map { Int($0) }
  }

  /// `gridPixel(atLeast:scale:)`, downwards.
  private static func gridPixel(atMost value: Double, scale: Double) -> Int? {
    let start = value.rounded(.down)
    return (0..<maximumGridSearch).lazy.map { start - Double($0) }.first(where: {
      onDeviceGrid($0, scale: scale)
    })
    .map { Int($0) }
  }

  /// Whether logical `value` is a whole device pixel at `scale`.
  private static func onDeviceGrid(_ value: Double, scale: Double) -> Bool {
    abs(value * scale - (value * scale).rounded()) <= 1e-9
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
