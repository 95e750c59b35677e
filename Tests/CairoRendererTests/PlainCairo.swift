import CCairo
import CairoRenderer
import GestureKit
import TestSupport

/// A new image of `size` logical pixels at `scale`, painted with the default background and
/// then by `body` with plain cairo calls on a context scaled to logical pixels: the reference
/// side of the tests against plain cairo.
func plainCairoImage(size: Size, scale: Double, _ body: (OpaquePointer) -> Void) -> Image {
  let image = Image(width: Int(size.width * scale), height: Int(size.height * scale))
  let buffer = image.buffer
  let surface = cairo_image_surface_create_for_data(
    buffer.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(buffer.width),
    Int32(buffer.height), Int32(buffer.stride))
  let cr = cairo_create(surface)!
  cairo_scale(cr, scale, scale)
  cairo_set_source_rgba(cr, backgroundColor.red, backgroundColor.green, backgroundColor.blue, 1)
  cairo_paint(cr)
  body(cr)
  cairo_destroy(cr)
  cairo_surface_flush(surface)
  cairo_surface_destroy(surface)
  return image
}
