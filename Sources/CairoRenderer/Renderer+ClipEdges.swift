import CCairo
import GestureKit

/// Axis-aligned rectangles cairo draws under a clip with fractional edges, repaired in bands.
///
/// cairo fills a rectangle, and strokes one, as boxes. Before compositing them it reduces the
/// clip to the pixels the boxes reach (the boxes intersected with the clip, rounded out, within
/// the target): when a fractional edge of the clip falls in those pixels, it draws the boxes as
/// a polygon through its scan converter (15 sample rows a pixel); otherwise straight, with 256
/// levels of coverage for each fractional edge. The two disagree by a few levels wherever the
/// rectangle's own edges are fractional (`positionQuantum` rounding puts clipping views on
/// half pixels), even far from the clip's edge.
///
/// A full repaint reduces the clip within the frame. A band's scratch image may cut away
/// the clip's fractional edges (a band inside a clipping view), so cairo would take the other
/// way. Then a clip is added whose one fractional edge lies half a pixel into the band's margin
/// (a row or column drawn and thrown away, on a side where the frame goes on past the scratch
/// image): cairo takes the polygon way again, and every pixel kept is inside that clip.
///
/// And cairo fills a rectangle covering its whole target as a paint, which takes the clip
/// another way again. A band inside a large clipped rectangle is covered by it where the full
/// repaint's frame (or group surface) is not: the band is then drawn again holding a pixel
/// outside the rectangle (`noteCoveringFill`).
///
/// A curved shape (a rounded rectangle, a circle) whose box lies inside the target is drawn
/// past such a clip's fractional edge in the shape's own last row, as if unclipped there; cut
/// by the target, it is clipped there. The band then holds all of the shape the clip lets
/// through (`requireCurve`).
extension Renderer {
  /// cairo's fixed-point unit: a device pixel is 256 of them.
  static let fixedOne = 256

  /// Half a device pixel: where the added clip's edge lies in a margin row or column.
  static let marginClipInset = 0.5

  /// A rectangle in device space, in cairo's fixed point (1/256 of a pixel).
  struct FixedBox {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    /// The part inside both; nil when they share no area.
    func intersection(_ other: FixedBox) -> FixedBox? {
      let box = FixedBox(
        minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
        maxY: min(maxY, other.maxY))
      return box.minX < box.maxX && box.minY < box.maxY ? box : nil
    }

    /// The whole pixels it touches.
    var pixels: PixelBox {
      let one = Renderer.fixedOne
      return PixelBox(
        minX: minX >> 8, minY: minY >> 8, maxX: (maxX + one - 1) >> 8, maxY: (maxY + one - 1) >> 8)
    }

    /// Whether an edge is not on a pixel boundary.
    var isFractional: Bool { (minX | minY | maxX | maxY) & (Renderer.fixedOne - 1) != 0 }

    /// Whether one of its fractional edges lies in a pixel of `box` (the edge between two
    /// pixels when whole).
    func hasFractionalEdge(in box: PixelBox) -> Bool {
      let mask = Renderer.fixedOne - 1
      let columns = box.minX..<box.maxX
      let rows = box.minY..<box.maxY
      guard !columns.isEmpty, !rows.isEmpty else { return false }
      return (minX & mask != 0 && columns.contains(minX >> 8))
        || (maxX & mask != 0 && columns.contains(maxX >> 8))
        || (minY & mask != 0 && rows.contains(minY >> 8)) || (maxY & mask != 0 && rows.contains(maxY >> 8))
    }
  }

  /// `rect` (user space, under the axis-aligned `m`) in device space, rounded to fixed point
  /// as `cairo_rectangle` rounds it (the corner, then the size added); nil when not finite.
  static func fixedBox(_ rect: Rect, matrix m: cairo_matrix_t) -> FixedBox? {
    let x = m.xx * rect.minX + m.x0
    let y = m.yy * rect.minY + m.y0
    let (w, h) = (m.xx * rect.width, m.yy * rect.height)
    let limit = 1e9
    guard abs(x) < limit, abs(y) < limit, abs(w) < limit, abs(h) < limit else { return nil }
    let one = Double(fixedOne)
    let (x0, y0) = (Int((x * one).rounded(.toNearestOrEven)), Int((y * one).rounded(.toNearestOrEven)))
    let (x1, y1) = (
      x0 + Int((w * one).rounded(.toNearestOrEven)), y0 + Int((h * one).rounded(.toNearestOrEven))
    )
    return FixedBox(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1))
  }

  /// Records, while repairing damage, the clip to `bounds` (user space of `cr`) just set: its
  /// device box joins `clipBox`, or a rotated one makes the clip a path (`clipIsPath`).
  func noteClip(_ bounds: Rect, on cr: OpaquePointer) {
    guard scratchColumns != nil, !clipIsPath else { return }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy == 0, m.yx == 0, let box = Self.fixedBox(bounds, matrix: m) else {
      clipIsPath = true
      return
    }
    clipBox = clipBox.map { $0.intersection(box) ?? FixedBox(minX: 0, minY: 0, maxX: 0, maxY: 0) } ?? box
  }

  /// Before cairo fills the axis-aligned rectangle `rect` (user space of `cr`), or strokes
  /// it inside with `strokeWidth`, while repairing damage: when the full repaint would find a
  /// fractional edge of the clip in the pixels drawn and the scratch image has cut it away,
  /// saves `cr` and adds a clip with a fractional edge in the margin (see above). True when it
  /// did: the caller restores `cr`.
  func keepsClipEdge(drawing rect: Rect, strokeWidth: Double? = nil, on cr: OpaquePointer) -> Bool {
    // A clip of whole pixels (a window-sized container) costs no more than this test.
    guard scratchColumns != nil, !clipIsPath, let clip = clipBox, clip.isFractional else { return false }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy == 0, m.yx == 0, let shape = Self.fixedBox(rect, matrix: m) else { return false }
    // The boxes cairo draws: the rectangle, or its four sides (a stroke inside it).
    var boxes = [shape]
    if let strokeWidth {
      let one = Double(Self.fixedOne)
      let across = Int((abs(m.xx) * strokeWidth * one).rounded())
      let down = Int((abs(m.yy) * strokeWidth * one).rounded())
      boxes = [
        FixedBox(minX: shape.minX, minY: shape.minY, maxX: shape.maxX, maxY: shape.minY + down),
        FixedBox(minX: shape.minX, minY: shape.maxY - down, maxX: shape.maxX, maxY: shape.maxY),
        FixedBox(minX: shape.minX, minY: shape.minY, maxX: shape.minX + across, maxY: shape.maxY),
        FixedBox(minX: shape.maxX - across, minY: shape.minY, maxX: shape.maxX, maxY: shape.maxY),
      ]
    }
    if strokeWidth == nil { noteCoveringFill(shape) }
    // The pixels cairo reduces the clip to: in the full repaint, and in the scratch image.
    var full: PixelBox?
    var band: PixelBox?
    // The scratch image's sides some box crosses (the frame going on past them).
    var crossed = (top: false, bottom: false, left: false, right: false)
    for box in boxes {
      guard let drawn = box.intersection(clip) else { continue }
      let pixels = drawn.pixels.intersection(frameBox)
      guard pixels.minX < pixels.maxX, pixels.minY < pixels.maxY else { continue }
      full = full.map { $0.union(pixels) } ?? pixels
      let kept = pixels.intersection(targetBox)
      guard kept.minX < kept.maxX, kept.minY < kept.maxY else { continue }
      band = band.map { $0.union(kept) } ?? kept
      crossed.top = crossed.top || pixels.minY < kept.minY
      crossed.bottom = crossed.bottom || pixels.maxY > kept.maxY
      crossed.left = crossed.left || pixels.minX < kept.minX
      crossed.right = crossed.right || pixels.maxX > kept.maxX
    }
    guard let full, let band, clip.hasFractionalEdge(in: full), !clip.hasFractionalEdge(in: band) else {
      return false
    }
    // The frame goes on past the scratch image on that side: its outer row or column is margin.
    let target = targetBox
    let (width, height) = (Double(target.maxX - target.minX), Double(target.maxY - target.minY))
    let (left, top) = (Double(target.minX), Double(target.minY))
    let inset = Self.marginClipInset
    let edge: Rect
    if crossed.top {
      edge = Rect(x: left - 1, y: top + inset, width: width + 2, height: height + 1 - inset)
    } else if crossed.bottom {
      edge = Rect(x: left - 1, y: top - 1, width: width + 2, height: height + 1 - inset)
    } else if crossed.left {
      edge = Rect(x: left + inset, y: top - 1, width: width + 1 - inset, height: height + 2)
    } else if crossed.right {
      edge = Rect(x: left - 1, y: top - 1, width: width + 1 - inset, height: height + 2)
    } else {
      return false
    }
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_rectangle(cr, edge.minX, edge.minY, edge.width, edge.height)
    cairo_set_matrix(cr, &m)
    cairo_clip(cr)
    return true
  }

  /// Before cairo fills or strokes a curved shape in `bounds` (user space of `cr`) while
  /// repairing damage under a clip with fractional edges: the band must hold the pixels the
  /// shape's box and the clip share (see above; RendererEdgeRepairTests).
  func requireCurve(in bounds: Rect, on cr: OpaquePointer) {
    guard scratchColumns != nil, !clipIsPath, let clip = clipBox, clip.isFractional,
      let box = PixelBox.enclosing(bounds, on: cr)
    else { return }
    let pixels = box.intersection(clip.pixels).intersection(frameBox)
    guard pixels.minX < pixels.maxX, pixels.minY < pixels.maxY else { return }
    require(pixels)
  }

  /// Records, while repairing damage, a translucent view's group about to be pushed, `box`
  /// the device pixels `clipGroup` limited it to (before the target; nil: none): its surface
  /// holds the clip in force, rounded out, within that box and any enclosing group's.
  func noteGroup(box: PixelBox?) {
    guard scratchColumns != nil else { return }
    var extents = groupExtents ?? .everything
    if let clip = clipBox, !clipIsPath { extents = extents.intersection(clip.pixels) }
    if let box { extents = extents.intersection(box) }
    groupExtents = extents
  }

  /// cairo fills a rectangle that covers its whole target (the image drawn, or a group's
  /// surface) as a paint, which goes through a clip with fractional edges another way than
  /// the fill: the clip's fractional rows came out a few levels off. When `box` (device
  /// space, fixed point) covers the band's target but not the full repaint's, the band is
  /// drawn again holding the nearest pixel of the full repaint's target outside `box`
  /// (RendererEdgeRepairTests).
  private func noteCoveringFill(_ box: FixedBox) {
    let one = Self.fixedOne
    let limit = Int.max / (4 * one)
    let extents = groupExtents ?? .everything
    let (full, band) = (frameBox.intersection(extents), targetBox.intersection(extents))
    guard scratchColumns != nil, abs(full.minX) < limit, abs(full.maxX) < limit, abs(full.minY) < limit,
      abs(full.maxY) < limit, band.minX < band.maxX, band.minY < band.maxY
    else { return }
    func covers(_ target: PixelBox) -> Bool {
      box.minX <= target.minX * one && box.minY <= target.minY * one && box.maxX >= target.maxX * one
        && box.maxY >= target.maxY * one
    }
    guard covers(band), !covers(full) else { return }
    // The pixels just outside the box on each side, where the full repaint's target has them.
    let left = ((box.minX + one - 1) >> 8) - 1
    let top = ((box.minY + one - 1) >> 8) - 1
    let right = box.maxX >> 8
    let bottom = box.maxY >> 8
    let target = targetBox
    var nearest: (distance: Int, pixels: PixelBox)?
    func consider(_ distance: Int, _ pixels: PixelBox) {
      if nearest == nil || distance < nearest!.distance { nearest = (distance, pixels) }
    }
    if left >= full.minX {
      consider(target.minX - left, PixelBox(minX: left, minY: target.minY, maxX: left + 1, maxY: target.maxY))
    }
    if right < full.maxX {
      consider(
        right - target.maxX + 1, PixelBox(minX: right, minY: target.minY, maxX: right + 1, maxY: target.maxY))
    }
    if top >= full.minY {
      consider(target.minY - top, PixelBox(minX: target.minX, minY: top, maxX: target.maxX, maxY: top + 1))
    }
    if bottom < full.maxY {
      consider(
        bottom - target.maxY + 1,
        PixelBox(minX: target.minX, minY: bottom, maxX: target.maxX, maxY: bottom + 1))
    }
    if let nearest { require(nearest.pixels) }
  }
}
