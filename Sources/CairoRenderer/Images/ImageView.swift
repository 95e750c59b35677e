import CCairo
import GestureKit

/// A view that draws a bitmap stretched over its bounds (UIKit's
/// `UIImageView` with `scaleToFill`), under its label and above its fill.
open class ImageView: View {
  /// The bitmap to draw, or nil for none.
  public var image: Image? {
    didSet { setNeedsDisplay() }
  }
}

extension Renderer {
  /// Stretches `image` over `rect`, clipped to it.
  func paint(_ image: Image, in rect: Rect, on cr: OpaquePointer) {
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
