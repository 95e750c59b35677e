import CCairo
import GestureKit

/// Draws a window's whole view tree into a pixel buffer with cairo.
///
/// Views are painted back to front (a view, then its subviews in order, last on
/// top). Each view draws in its own coordinate space: the origin moves to the
/// view's `center` in its superview, its `transform` is applied about that
/// point, and `bounds.origin` is scrolled away. Within that space a view paints
/// its fill, its image (for an ``ImageView``), its stroke, its label and, for a view that
/// conforms to ``CustomDrawing``, its own content.
///
/// - `isHidden` views and views with `alpha <= 0` are skipped with their subtrees.
/// - `alpha < 1` renders the view and its subtree into a group that is then
///   composited at that opacity, so overlapping children do not show through
///   each other (like `CALayer` group opacity).
/// - `clipsToBounds` clips the view's content and subtree to its bounds rect.
public final class Renderer {
  /// A renderer; it keeps no state between frames.
  public init() {}

  /// Paints `background` over the whole buffer, then the window's view tree.
  ///
  /// - Parameters:
  ///   - window: the tree to draw; window coordinates are the root view's.
  ///   - background: the colour under everything (replaces the buffer's pixels).
  ///   - buffer: the pixels to draw into, in buffer (device) pixels.
  ///   - scale: device pixels per logical pixel (the Wayland buffer scale).
  public func render(_ window: Window, background: Color, into buffer: PixelBuffer, scale: Double) {
    let surface: OpaquePointer = cairo_image_surface_create_for_data(
      buffer.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
      Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
    defer { cairo_surface_destroy(surface) }
    precondition(
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      "cairo rejected the pixel buffer: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))"
    )
    let cr: OpaquePointer = cairo_create(surface)
    defer { cairo_destroy(cr) }

    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    ShapePainter.setSource(background, on: cr)
    cairo_paint(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)

    cairo_scale(cr, scale, scale)
    drawContents(of: window.rootView, on: cr)
    cairo_surface_flush(surface)
  }

  /// Draws `view` (and its subtree) in its superview's coordinate space.
  private func draw(_ view: View, on cr: OpaquePointer) {
    guard !view.isHidden, view.alpha > 0 else { return }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_translate(cr, view.center.x, view.center.y)
    let t = view.transform
    if !t.isIdentity {
      var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
      cairo_transform(cr, &matrix)
    }
    cairo_translate(cr, -view.bounds.midX, -view.bounds.midY)
    drawContents(of: view, on: cr)
  }

  /// Draws `view`'s own content and subviews in its own coordinate space.
  private func drawContents(of view: View, on cr: OpaquePointer) {
    guard !view.isHidden, view.alpha > 0 else { return }
    let bounds = view.bounds
    if view.clipsToBounds {
      cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
      cairo_clip(cr)
    }
    let grouped = view.alpha < 1
    if grouped { cairo_push_group(cr) }

    let style = view.style
    ShapePainter.fill(style, in: bounds, on: cr)
    if let image = (view as? ImageView)?.image {
      paint(image, in: bounds, on: cr)
    }
    ShapePainter.stroke(style, in: bounds, on: cr)
    LabelPainter.paint(style, in: bounds, on: cr)
    if let custom = view as? CustomDrawing {
      cairo_save(cr)
      custom.draw(in: DrawingContext(cr: cr))
      cairo_restore(cr)
    }

    for subview in view.subviews {
      draw(subview, on: cr)
    }

    if grouped {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, view.alpha)
    }
  }

  /// Stretches `image` over `rect`, clipped to it.
  private func paint(_ image: Image, in rect: Rect, on cr: OpaquePointer) {
    guard rect.width > 0, rect.height > 0 else { return }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    cairo_clip(cr)
    cairo_translate(cr, rect.minX, rect.minY)
    cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
    cairo_surface_mark_dirty(image.surface)
    cairo_set_source_surface(cr, image.surface, 0, 0)
    // Pad, not the default "none": bilinear filtering must not fade the edges to transparent.
    cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint(cr)
  }
}
