import GestureKit

/// The pixels a moved view leaves as they were: what a repair need not redraw and a commit
/// need not report.
///
/// When the only change of a frame is a view's `center` (`ViewMove`), a pixel that lies
/// inside the view's uniform interior both before and after the move shows the same thing:
/// what is below it did not change, the view covers it whole with the same fill (or nothing),
/// and what is above it did not change either. The interior is the view's box less its
/// corners (a rounded rect's radius, an ellipse's inscribed rectangle), its stroke, one
/// device pixel for anti-aliasing and position snapping, and the rows its label may reach;
/// only pixels wholly inside its clipping ancestors count (cairo draws a clip's fractional
/// edge another way when a shape covers the whole clip). Views whose interior is not uniform
/// are left out: custom drawing, an image, subviews, a rotated view or a move that also
/// scales it.
extension Renderer {
  /// Replaces `region`'s contents with the pixels (window coordinates, whole device pixels
  /// at `scale`) that `move` left unchanged; empty when it cannot say.
  public func unchangedPixels(after move: ViewMove, scale: Double, into region: inout UnchangedRegion) {
    region.removeAll()
    let view = move.view
    let (from, to) = (move.from, move.to)
    guard scale > 0, scale.isFinite, !view.isHidden, view.alpha > 0, view.subviews.isEmpty,
      !(view is CustomDrawing), (view as? ImageView)?.image == nil,
      from.b == 0, from.c == 0, to.b == 0, to.c == 0, from.a > 0, from.d > 0, from.a == to.a,
      from.d == to.d,
      var inside = interior(of: view, toWindow: from, scale: scale)?.intersection(
        interior(of: view, toWindow: to, scale: scale) ?? .zero),
      !inside.isEmpty
    else { return }
    var ancestor = view.superview
    while let current = ancestor {
      if current.clipsToBounds {
        guard let clip = Self.deviceBox(current.bounds, toWindow: current.transformToWindow, scale: scale)
        else { return }
        inside = inside.intersection(clip)
        if inside.isEmpty { return }
      }
      ancestor = current.superview
    }
    let edges = (x0: inside.minX, y0: inside.minY, x1: inside.maxX, y1: inside.maxY)
    guard view.hasLabel, let label = view.style.label else {
      Self.add(edges, to: &region, scale: scale)
      return
    }
    // The rows the label may reach at either position (its lines centred in the bounds).
    var lines = 1.0
    for byte in label.utf8 where byte == UInt8(ascii: "\n") { lines += 1 }
    let reach = (lines * view.style.fontSize + View.labelOverflow + 1) * from.d * scale
    let centres = ((from.d * view.bounds.midY + from.ty) * scale, (to.d * view.bounds.midY + to.ty) * scale)
    let rows = (top: min(centres.0, centres.1) - reach, bottom: max(centres.0, centres.1) + reach)
    Self.add((edges.x0, edges.y0, edges.x1, min(edges.y1, rows.top)), to: &region, scale: scale)
    Self.add((edges.x0, max(edges.y0, rows.bottom), edges.x1, edges.y1), to: &region, scale: scale)
  }

  /// Adds the whole device pixels between the edges `x0..x1`, `y0..y1` (nothing when they
  /// hold none) to `region`, in window coordinates (whole pixels there at scale 1).
  private static func add(
    _ edges: (x0: Double, y0: Double, x1: Double, y1: Double), to region: inout UnchangedRegion, scale: Double
  ) {
    // Checked before making a `Rect`, which would turn a negative size around.
    guard edges.x1 > edges.x0, edges.y1 > edges.y0 else { return }
    let whole = Rect(x: edges.x0, y: edges.y0, width: edges.x1 - edges.x0, height: edges.y1 - edges.y0)
      .roundedIn
    guard !whole.isEmpty else { return }
    region.add(
      Rect(
        x: whole.minX / scale, y: whole.minY / scale, width: whole.width / scale, height: whole.height / scale
      ))
  }

  /// The device pixels (not rounded) inside which `view`, placed by `toWindow` (axis-aligned,
  /// unrotated), draws nothing but its fill: its box less its corners and stroke, and one
  /// device pixel.
  private func interior(of view: View, toWindow: AffineTransform, scale: Double) -> Rect? {
    let style = view.style
    let bounds = view.bounds
    let stroke = style.stroke != nil ? max(0, style.strokeWidth) : 0
    var inset: (dx: Double, dy: Double)
    switch style.shape {
    case .rect:
      inset = (0, 0)
    case .roundRect(let radius):
      let r = max(0, min(radius, bounds.width / 2, bounds.height / 2))
      inset = (r, r)
    case .circle:
      let corner = 1 - 0.5.squareRoot()
      inset = (bounds.width / 2 * corner, bounds.height / 2 * corner)
    }
    inset = (inset.dx + stroke, inset.dy + stroke)
    let local = bounds.insetBy(dx: inset.dx, dy: inset.dy)
    guard local.width > 0, local.height > 0,
      let box = Self.deviceBox(local, toWindow: toWindow, scale: scale)
    else { return nil }
    let shrunk = box.insetBy(dx: 1, dy: 1)
    return shrunk.width > 0 && shrunk.height > 0 ? shrunk : nil
  }

  /// `rect` (in a view's coordinates, placed by `toWindow`) in device pixels, or nil when
  /// `toWindow` rotates or the numbers are not finite.
  private static func deviceBox(_ rect: Rect, toWindow: AffineTransform, scale: Double) -> Rect? {
    guard toWindow.b == 0, toWindow.c == 0 else { return nil }
    let box = rect.boundingBox(applying: toWindow)
    let device = Rect(
      x: box.minX * scale, y: box.minY * scale, width: box.width * scale, height: box.height * scale)
    guard device.minX.isFinite, device.minY.isFinite, device.maxX.isFinite, device.maxY.isFinite else {
      return nil
    }
    return device
  }
}
