import CCairo
import GestureKit

/// A moving view on a layer of its own: its pixels drawn into a buffer of their own (which
/// the compositor then moves and scales, as Core Animation moves a `CALayer` without
/// redrawing it), and the window drawn without it.
///
/// A view qualifies (`layerExtent(of:in:scale:)`) when the layer, composited over the window
/// drawn without it, shows what the window drawn with it would:
/// - no ancestor is hidden or translucent (a translucent ancestor composites its subtree as
///   one group), and every clipping ancestor is unturned (its clip is a rectangle of the
///   window);
/// - no view drawn after it (a later sibling of it or of an ancestor, with its subtree) may
///   paint inside its extent (a view with nothing to paint there, such as an overlay covering
///   the window whose custom drawing says so, does not count, nor does one on a layer of its
///   own stacked above this one: `lifted`);
/// - some of it is inside the window and the clipping ancestors' clips.
///
/// The extent is the view's box grown by `layerMargin`, in whole logical pixels, cut to the
/// window and to the clipping ancestors' clips (a compositor does not clip a subsurface to
/// its parent): a card pinched past the scene's edge stays on its layer, its picture drawn
/// through the clips as the window would draw it. A cut picture cannot be moved by the
/// compositor (the cut would move with it): `layerPlacement` says when it is cut, and such a
/// layer is drawn again whenever its view moves (`LayerPlan`).
///
/// Checking the views drawn after it costs in proportion to their number. A check also finds
/// the view's room, a rectangle around it clear of them (`layerReach` wide at most); a dragged
/// view whose only change is its move is checked again in full only when it leaves that room.
///
/// The layer's pixels are premultiplied ARGB, transparent around the view; composited with
/// `OVER` they give the window's pixels exactly, except where two of the view's own
/// partly covering drawings meet over a partly covered pixel (a stroke's anti-aliased edge
/// over its fill's): there the 8-bit roundings come in another order (over transparency,
/// then over the window), which moves a channel by at most two levels: one in most such
/// pixels, two in a few of 16 000 random layers (RendererLayerTests).
extension Renderer {
  /// Logical pixels of transparent margin around a layer's view: more than a translucent
  /// view's group reaches past its box (`groupMargin` device pixels), so that nothing the
  /// view draws is cut by the layer's edge.
  public static let layerMargin = 4.0

  /// Logical pixels a layer's room reaches past its extent on every side
  /// (`layerExtent(of:in:scale:room:)`): a lifted view is checked again, with a walk over the
  /// views drawn after it, only when its extent leaves that room.
  public static let layerReach = 128.0

  /// The window rectangle (whole logical pixels) a layer showing `view` and its subtree
  /// covers, when `view` qualifies (see above) at `scale`; nil when it does not.
  public func layerExtent(of view: View, in window: Window, scale: Double, beneath lifted: [View] = [])
    -> Rect?
  {
    var room: Rect?
    return layerExtent(of: view, in: window, scale: scale, beneath: lifted, room: &room)
  }

  /// `layerExtent(of:in:scale:)`, with the view's room: a rectangle (window coordinates)
  /// around the extent inside which any extent of the view qualifies as long as nothing in
  /// the window changes but the view's centre. When `room` holds the room of an earlier call
  /// and the extent lies inside it, the view qualifies without the walk over the views drawn
  /// after it (which costs in proportion to their number); otherwise the view is checked in
  /// full and `room` replaced (nil when it does not qualify, or when its box lies within a
  /// rounding of a clipping ancestor's edge). Pass an earlier room back only while the view's
  /// geometry has been the window's only change since that call (`Window.changes`), and the
  /// views on layers above it (`lifted`, drawn after it) are the same.
  public func layerExtent(
    of view: View, in window: Window, scale: Double, beneath lifted: [View] = [], room: inout Rect?
  ) -> Rect? {
    layerPlacement(of: view, in: window, scale: scale, beneath: lifted, room: &room)?.extent
  }

  /// The most logical pixels between whole logical pixels that are whole device pixels too
  /// for a layer's extent to be laid on them (`layerGrid(scale:)`).
  public static let maximumLayerGrid = 8

  /// The step, in logical pixels, at which whole logical pixels are whole device pixels at
  /// `scale`: 1 at integer scales, 2 at 1.5, 3 at 4/3, 4 at 1.25 and 1.75, 5 at 1.2; nil when
  /// it is more than ``maximumLayerGrid`` (a scale such as 1.05, whose step is 20).
  public static func layerGrid(scale: Double) -> Double? {
    for step in 1...maximumLayerGrid {
      let device = Double(step) * scale
      if abs(device - device.rounded()) < 1e-9 { return Double(step) }
    }
    return nil
  }

  /// `rect` rounded out to whole logical pixels that are whole device pixels at `scale` when
  /// the grid is small (`layerGrid(scale:)`), else to whole logical pixels. On the grid, a
  /// layer's buffer is exactly its viewport's size in device pixels and its corner a device
  /// pixel's, so the compositor shows its picture where the window would draw the view,
  /// without scaling it (at 1.25 a 89 px wide extent was 111.25 device pixels shown from a
  /// 112 px buffer: the card 1 px short until dropped).
  static func onDeviceGrid(_ rect: Rect, scale: Double) -> Rect {
    guard let step = layerGrid(scale: scale), step > 1 else { return rect.roundedOut }
    let minX = (rect.minX / step).rounded(.down) * step
    let minY = (rect.minY / step).rounded(.down) * step
    let maxX = (rect.maxX / step).rounded(.up) * step
    let maxY = (rect.maxY / step).rounded(.up) * step
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// `layerExtent(of:in:scale:beneath:room:)`, and whether the extent is cut (by the window's
  /// edge or a clipping ancestor's clip): then the picture shows only part of the view, and
  /// cannot be moved to show it elsewhere.
  public func layerPlacement(
    of view: View, in window: Window, scale: Double, beneath lifted: [View] = [], room: inout Rect?
  ) -> (extent: Rect, isCut: Bool)? {
    guard let place = Self.layerPlace(of: view, in: window, scale: scale) else {
      room = nil
      return nil
    }
    if let known = room, known.contains(place.extent) { return (place.extent, place.isCut) }
    let fit = Self.layerRoom(of: view, box: place.box, extent: place.extent, in: window, beneath: lifted)
    room = fit.room
    return fit.qualifies ? (place.extent, place.isCut) : nil
  }

  /// The extent of `view`'s layer (cut to the window and its clipping ancestors' clips), its
  /// drawn box and whether the extent is cut, when the view is in `window`, not its root, its
  /// clipping ancestors are unturned, and some of its extent is left.
  private static func layerPlace(of view: View, in window: Window, scale: Double) -> (
    extent: Rect, box: Rect, isCut: Bool
  )? {
    guard scale > 0, scale.isFinite, view !== window.rootView, view.window === window else {
      return nil
    }
    let toWindow = view.transformToWindow
    guard let box = view.drawnBox(toWindow: toWindow),
      box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite
    else { return nil }
    let whole = Self.onDeviceGrid(box.insetBy(dx: -layerMargin, dy: -layerMargin), scale: scale)
    let window = Rect(origin: .zero, size: window.size)
    var extent = whole.intersection(window)
    var ancestor = view.superview
    while let parent = ancestor, !extent.isEmpty {
      if parent.clipsToBounds {
        let parentToWindow = parent.transformToWindow
        guard parentToWindow.b == 0, parentToWindow.c == 0 else { return nil }
        extent = extent.intersection(parent.bounds.boundingBox(applying: parentToWindow).roundedOut)
      }
      ancestor = parent.superview
    }
    guard !extent.isEmpty, extent.width >= 1, extent.height >= 1 else { return nil }
    // Cut by a clip, laid on the grid again (the picture is transparent past the clip), within
    // the window (whose own corner is on it).
    let isCut = extent != whole
    if isCut { extent = Self.onDeviceGrid(extent, scale: scale).intersection(window) }
    return (extent, box, isCut)
  }

  /// Whether `view` (drawn in `box`, its layer covering `extent`) qualifies, walking up from
  /// it over its ancestors and the views drawn after it; and its room: the extent grown by
  /// `layerReach` within the window, cut so that it keeps inside every clipping ancestor
  /// (grown by `layerMargin`: an extent inside that holds a box inside the clip) and clear of
  /// every view drawn after it that may paint there. Nil room: no room is known (the view does
  /// not qualify, or its box lies within a rounding of a clip's edge). The `lifted` views
  /// and their subtrees, on layers above, are passed over.
  private static func layerRoom(
    of view: View, box: Rect, extent: Rect, in window: Window, beneath lifted: [View]
  )
    -> (qualifies: Bool, room: Rect?)
  {
    var room = extent.insetBy(dx: -layerReach, dy: -layerReach).intersection(
      Rect(origin: .zero, size: window.size))
    var kept = true
    var child = view
    while let parent = child.superview {
      guard !parent.isHidden, parent.alpha >= 1 else { return (false, nil) }
      let parentToWindow = parent.transformToWindow
      if parent.clipsToBounds {
        // Unturned (layerPlace): a clip that cuts the box cut the extent; no room is kept then.
        let clip = parent.bounds.boundingBox(applying: parentToWindow)
        let allowed = clip.insetBy(dx: -layerMargin, dy: -layerMargin)
        if clip.contains(box), allowed.contains(extent) {
          room = room.intersection(allowed)
        } else {
          kept = false
        }
      }
      // Everything drawn after `child`: its later siblings and their subtrees (found from the
      // end, so that a view in front costs nothing however many siblings it has).
      guard let index = parent.subviews.lastIndex(where: { $0 === child }) else { return (false, nil) }
      for later in parent.subviews[(index + 1)...] {
        let laterToWindow = later.transformToSuperview.concatenating(parentToWindow)
        guard mayPaint(later, toWindow: laterToWindow, inside: room, except: lifted) else { continue }
        if room == extent || mayPaint(later, toWindow: laterToWindow, inside: extent, except: lifted) {
          return (false, nil)
        }
        // It may paint in the room, not in the extent: the room keeps clear of its box, or
        // shrinks to the extent when the box meets the extent (a view painting elsewhere).
        if let laterBox = later.drawnBox(toWindow: laterToWindow), !laterBox.intersects(extent) {
          room = cut(room, clearOf: laterBox, keeping: extent)
        } else {
          room = extent
        }
      }
      child = parent
    }
    return (true, kept ? room : nil)
  }

  /// `room` cut on one side so that it no longer meets `box`, which lies clear of `extent`
  /// (itself inside `room`): of the sides `box` lies beyond, the cut keeping the most area
  /// (`extent` itself when there is none).
  private static func cut(_ room: Rect, clearOf box: Rect, keeping extent: Rect) -> Rect {
    var best = extent
    func consider(minX: Double, minY: Double, maxX: Double, maxY: Double) {
      let candidate = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
      if candidate.width * candidate.height > best.width * best.height { best = candidate }
    }
    if box.maxX <= extent.minX {
      consider(minX: max(room.minX, box.maxX), minY: room.minY, maxX: room.maxX, maxY: room.maxY)
    }
    if box.minX >= extent.maxX {
      consider(minX: room.minX, minY: room.minY, maxX: min(room.maxX, box.minX), maxY: room.maxY)
    }
    if box.maxY <= extent.minY {
      consider(minX: room.minX, minY: max(room.minY, box.maxY), maxX: room.maxX, maxY: room.maxY)
    }
    if box.minY >= extent.maxY {
      consider(minX: room.minX, minY: room.minY, maxX: room.maxX, maxY: min(room.maxY, box.minY))
    }
    return best
  }

  /// Whether `view` or its subtree (`toWindow`: the view's coordinates to the window's) may
  /// paint a pixel of `rect` (window coordinates): its drawn box meets it, and its style, its
  /// image or its custom drawing (`CustomDrawing.paintsNothing(in:)`) may paint there, or a
  /// subview may; the `lifted` views and their subtrees do not count.
  private static func mayPaint(
    _ view: View, toWindow: AffineTransform, inside rect: Rect, except lifted: [View]
  )
    -> Bool
  {
    guard !lifted.contains(where: { $0 === view }), let box = view.drawnBox(toWindow: toWindow),
      box.intersects(rect)
    else { return false }
    let style = view.style
    if style.fill != nil || style.stroke != nil || view.hasLabel || (view as? ImageView)?.image != nil {
      return true
    }
    if let custom = view as? CustomDrawing {
      guard let toView = toWindow.inverted(), custom.paintsNothing(in: rect.boundingBox(applying: toView))
      else {
        return true
      }
    }
    for subview in view.subviews
    where mayPaint(
      subview, toWindow: subview.transformToSuperview.concatenating(toWindow), inside: rect, except: lifted)
    {
      return true
    }
    return false
  }

  /// Draws `view` and its subtree alone into `buffer` (premultiplied ARGB, cleared to
  /// transparent first), as a full repaint of `window` at `scale` would draw them; the
  /// buffer's top-left corner is window point `origin` (whole logical pixels: a
  /// `layerExtent`'s origin; at a fractional scale it need not fall on a buffer pixel's
  /// corner of the window's buffer, and the view is drawn where it is all the same).
  public func renderLayer(
    of view: View, in window: Window, into buffer: PixelBuffer, origin: Point, scale: Double
  ) {
    layerMode = .only(view)
    defer { layerMode = .all }
    let cr: OpaquePointer = cairo_create(surface(for: buffer))
    defer { cairo_destroy(cr) }
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
    cairo_paint(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    // The buffer's corner where the compositor puts it: a device pixel's corner (exactly
    // `origin` times `scale` when the extent is on the device grid).
    cairo_translate(cr, -(origin.x * scale).rounded(), -(origin.y * scale).rounded())
    paint(window, background: nil, on: cr, scale: scale, cull: nil)
    // A translucent view is drawn opaque and the whole layer then scaled by its alpha: what
    // its group composited with that alpha over transparency gives, rounded the same way,
    // without a group surface allocated and composited every frame (a turning card's layer
    // is drawn every frame: in make bench's turning pinch, 0.6 ms of 1.5 ms per frame).
    let alpha = view.alpha
    if alpha < 1 {
      cairo_identity_matrix(cr)
      cairo_reset_clip(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
      cairo_paint_with_alpha(cr, alpha)
    }
    cairo_surface_flush(cairo_get_target(cr))
  }
}

/// Which views a frame draws: all of them, all but one that is on a layer of its own, or
/// only that one (with its subtree) for its layer.
enum LayerMode {
  /// Every view.
  case all
  /// Every view but these and their subtrees.
  case without([View])
  /// Only `view` and its subtree; its ancestors draw nothing of their own.
  case only(View)
}
