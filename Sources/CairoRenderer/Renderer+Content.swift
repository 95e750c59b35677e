import CCairo
import GestureKit

/// A view's own content (fill, image, stroke, label, custom drawing), with the exact shortcuts
/// wherever cairo would draw straight into an image: the buffer drawn or, inside a
/// translucent view, the surface of its group.
///
/// `cairo_push_group` draws a translucent subtree into an image surface of its own (created
/// by the target's backend: an ARGB32 image over the group's box, whose device offset places
/// it in device space); `cairo_paint_with_alpha` then composites it. Drawn into that surface,
/// an opaque shape blends exactly as it would into the buffer, so the coverage masks replay
/// there too, at the group's offset and within its pixels (the frame and clip stay in device
/// pixels).
extension Renderer {
  /// Draws `view`'s own content (when `drawsOwnContent`: its box reaches `cull`) and its
  /// subviews in its own coordinate space; with `cull`, only the subviews that reach that
  /// rectangle (window coordinates, through `toWindow`). `bounds` and `alpha` are the view's.
  func drawContents(
    of view: View, bounds: Rect, alpha: Double, on cr: OpaquePointer, toWindow: AffineTransform, cull: Rect?,
    drawsOwnContent: Bool
  ) {
    let clips = view.clipsToBounds
    let grouped = alpha < 1
    // Inside a clip that is not whole pixels, cairo does not draw straight into the buffer;
    // inside a group, the fast paths draw into the group's surface (`enterGroup`).
    let direct = directTarget
    let directClipBefore = directClip
    let directOffsetBefore = directOffset
    let clipBefore = (box: clipBox, isPath: clipIsPath, group: groupExtents)
    defer {
      directTarget = direct
      directClip = directClipBefore
      directOffset = directOffsetBefore
      (clipBox, clipIsPath, groupExtents) = clipBefore
    }
    if clips, directTarget != nil {
      if let box = PixelBox.aligned(bounds, on: cr) {
        directClip = directClip.intersection(box)
      } else {
        directTarget = nil
      }
    }
    if clips {
      cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
      cairo_clip(cr)
      noteClip(bounds, on: cr)
    }
    if grouped {
      cairo_save(cr)
      noteGroup(box: clipGroup(of: view, bounds: bounds, clips: clips, on: cr, target: targetBox))
      cairo_push_group(cr)
      enterGroup(on: cr)
    }

    if drawsOwnContent {
      drawOwnContent(of: view, bounds: bounds, on: cr, toWindow: toWindow)
    }

    for subview in view.subviews {
      draw(subview, on: cr, superviewToWindow: toWindow, cull: cull)
    }

    if grouped {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, alpha)
      cairo_restore(cr)
    }
  }

  /// Makes the group just pushed on `cr` the fast paths' target when cairo draws straight into
  /// it: the enclosing target was direct, and the group is an ARGB32 image at a whole-pixel
  /// device offset and scale 1. Otherwise the fast paths stay off inside it.
  func enterGroup(on cr: OpaquePointer) {
    guard directTarget != nil, let group = cairo_get_group_target(cr),
      cairo_surface_get_type(group) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(group) == CAIRO_FORMAT_ARGB32,
      let data = cairo_image_surface_get_data(group)
    else {
      directTarget = nil
      return
    }
    var offset = (x: 0.0, y: 0.0)
    var scale = (x: 0.0, y: 0.0)
    cairo_surface_get_device_offset(group, &offset.x, &offset.y)
    cairo_surface_get_device_scale(group, &scale.x, &scale.y)
    guard scale == (1, 1), offset.x == offset.x.rounded(), offset.y == offset.y.rounded(),
      abs(offset.x) < Self.largestGroupOffset, abs(offset.y) < Self.largestGroupOffset
    else {
      directTarget = nil
      return
    }
    // cairo may have drawn into the new surface (it clears it); the fast paths read it.
    cairo_surface_flush(group)
    directTarget = PixelBuffer(
      data: UnsafeMutableRawPointer(data), width: Int(cairo_image_surface_get_width(group)),
      height: Int(cairo_image_surface_get_height(group)), stride: Int(cairo_image_surface_get_stride(group)))
    directOffset = (Int(offset.x), Int(offset.y))
  }

  /// The largest device offset, in pixels, of a group the fast paths draw into (beyond it the
  /// numbers are not a real frame's).
  static let largestGroupOffset = 1e6

  /// Draws `view`'s own content in its coordinate space (`bounds` its bounds, `toWindow` its
  /// transform to the window) and, while repairing damage, notes whether cairo's part of it
  /// would be cut by the scratch image's sides (`noteCut`).
  func drawOwnContent(of view: View, bounds: Rect, on cr: OpaquePointer, toWindow: AffineTransform) {
    let style = view.style
    var cairoFill = false
    var cairoStroke = false
    if let target = directTarget,
      fastFill.fill(
        style, in: bounds, on: cr, buffer: target, offset: directOffset, clip: directClip, frame: frameBox)
    {
      cairo_surface_mark_dirty(cairo_get_group_target(cr))
    } else if style.fill != nil {
      cairoFill = true
      let rectilinear = ShapePainter.isRectilinear(style.shape, in: bounds)
      if !rectilinear { requireCurve(in: bounds, on: cr) }
      let kept = rectilinear && keepsClipEdge(drawing: bounds, on: cr)
      ShapePainter.fill(style, in: bounds, on: cr)
      if kept { cairo_restore(cr) }
    }
    let image = (view as? ImageView)?.image
    if let image {
      paint(image, in: bounds, on: cr)
    }
    if let target = directTarget,
      fastFill.stroke(
        style, in: bounds, on: cr, buffer: target, offset: directOffset, clip: directClip, frame: frameBox)
    {
      cairo_surface_mark_dirty(cairo_get_group_target(cr))
    } else if style.stroke != nil {
      cairoStroke = true
      // The stroke of a rectangle covers its bounds (the outline is inset by half its width).
      let (shape, outline) = ShapePainter.strokeOutline(style.shape, in: bounds, width: style.strokeWidth)
      let rectilinear = ShapePainter.isRectilinear(shape, in: outline)
      if !rectilinear { requireCurve(in: bounds, on: cr) }
      let kept =
        style.strokeWidth > 0 && rectilinear
        && keepsClipEdge(drawing: bounds, strokeWidth: style.strokeWidth, on: cr)
      ShapePainter.stroke(style, in: bounds, on: cr)
      if kept { cairo_restore(cr) }
    }
    let labelClipped = paintLabel(style, in: bounds, on: cr)
    let custom = view as? CustomDrawing
    // Whether the custom drawing painted anything (a window-sized marker layer may not).
    customInk.painted = false
    if let custom {
      cairo_save(cr)
      custom.draw(in: DrawingContext(cr: cr, ink: customInk))
      cairo_restore(cr)
    }
    let customPainted = customInk.painted
    // A label drawn into a translucent view's group (a group surface is the target) is cut
    // inexactly by the scratch image's sides even when it is not clipped, and by its top and
    // bottom rows (RendererLabelRepairTests): the band must hold its whole reach, the group's
    // surface being limited by the scratch image. So must a label under a clip off whole
    // pixels, which cairo draws into the scratch image, not apart (`paintLabel` needs a clip
    // on whole pixels), and whose run's box a band's edge would cut (RendererLabelCutTests).
    // That is, if it reaches the scratch image at all: a band crossing the view away from
    // its label (the top of a card under a dragged one) draws none of it and need not grow.
    var groupedLabel = false
    if scratchColumns != nil {
      let grouped = cairo_get_group_target(cr) != cairo_get_target(cr)
      if grouped || directTarget == nil, let reach = labelReach(style, in: bounds, on: cr) {
        groupedLabel = grouped
        require(reach)
      }
    }
    if scratchColumns != nil,
      cairoFill || cairoStroke || image != nil || customPainted || labelClipped || groupedLabel
    {
      let box = bounds.boundingBox(applying: toWindow)
      let scale = frameScale
      noteCut(
        of: view, style: style,
        deviceBox: Rect(
          x: box.minX * scale, y: box.minY * scale, width: box.width * scale, height: box.height * scale),
        toWindow: toWindow, scale: scale, cairoFill: cairoFill, cairoStroke: cairoStroke,
        hasImage: image != nil, clipsLabel: labelClipped, groupedLabel: groupedLabel,
        isCustom: customPainted)
    }
  }
}
