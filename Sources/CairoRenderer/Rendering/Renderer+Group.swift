import CCairo
import GestureKit

/// Group opacity without a window-sized group: `cairo_push_group` allocates a surface as large
/// as the current clip, so before pushing a view's group the renderer clips to the device
/// pixels its subtree can touch.
///
/// The clip is the subtree's device-space bounding box (every visible view's bounds, through
/// its transform; a view that clips to its bounds confines its subtree; labels are truncated
/// and clipped to their view's bounds, so they add nothing), rounded out and grown by
/// `groupMargin` pixels, intersected with the clip in force. Nothing the subtree draws reaches
/// past it, so the group holds what a window-sized one would inside the box, and outside it a
/// larger group would have been transparent, which compositing leaves untouched. A subtree with custom
/// drawing that does not clip has no known box and keeps the current clip.
extension Renderer {
  /// Device pixels added around a subtree's box: strokes' joins and curve flattening may
  /// reach a fraction of a pixel past the exact geometry.
  static let groupMargin = 3.0

  /// Clips `cr` (in `view`'s own coordinate space, about to push its group) to the device
  /// pixels `view` and its subtree can touch. `bounds` is the view's; `clips` whether it
  /// clips to them (its clip is already set).
  func clipGroup(of view: View, bounds: Rect, clips: Bool, on cr: OpaquePointer) {
    guard clipsGroups else { return }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    let toDevice = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    let box: Rect
    if clips {
      box = bounds.boundingBox(applying: toDevice)
    } else {
      guard let subtree = ownBox(of: view, bounds: bounds, toDevice: toDevice) else { return }
      box = subtree
    }
    guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return }
    // Limited to the clip in force (the target at most) before counting pixels: run-time
    // transforms can make huge geometry.
    var extents = (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0)
    cairo_identity_matrix(cr)
    cairo_clip_extents(cr, &extents.x0, &extents.y0, &extents.x1, &extents.y1)
    let limit = Rect(
      x: extents.x0, y: extents.y0, width: extents.x1 - extents.x0, height: extents.y1 - extents.y0)
    let clip = box.insetBy(dx: -Self.groupMargin, dy: -Self.groupMargin).roundedOut.intersection(limit)
    let area = clip.isEmpty ? 0 : Int(clip.width) * Int(clip.height)
    largestGroupArea = max(largestGroupArea, area)
    // The rectangle in device space; the path keeps it there when the matrix comes back.
    if clip.isEmpty {
      cairo_rectangle(cr, 0, 0, 0, 0)
    } else {
      cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
    }
    cairo_set_matrix(cr, &m)
    cairo_clip(cr)
  }

  /// The device box of everything `view` (not clipping to `bounds`) and its visible subtree
  /// may draw under `toDevice`; nil when unknown (custom drawing that does not clip).
  private func ownBox(of view: View, bounds: Rect, toDevice: AffineTransform) -> Rect? {
    if view is CustomDrawing { return nil }
    var box = bounds.boundingBox(applying: toDevice)
    for subview in view.subviews {
      guard subview.alpha > 0, !subview.isHidden else { continue }
      let center = subview.center
      let subBounds = subview.bounds
      let toSubDevice = AffineTransform(translationX: -subBounds.midX, y: -subBounds.midY)
        .concatenating(subview.transform)
        .concatenating(AffineTransform(translationX: center.x, y: center.y))
        .concatenating(toDevice)
      if subview.clipsToBounds {
        box = box.union(subBounds.boundingBox(applying: toSubDevice))
      } else {
        guard let sub = ownBox(of: subview, bounds: subBounds, toDevice: toSubDevice) else {
          return nil
        }
        box = box.union(sub)
      }
    }
    return box
  }
}
