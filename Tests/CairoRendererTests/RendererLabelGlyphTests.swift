import CCairo
import GestureKit
import Glibc
import TestSupport
import Testing

@testable import CairoRenderer

/// The label cache stays bounded however many texts are drawn (their pixels are checked
/// against full repaints in `RendererWindowDamageTests` and `RendererLabelTests`).
@Suite("Renderer label glyphs")
struct RendererLabelGlyphTests {
  /// The surface size of each render, in device pixels.
  private static let side = (width: 96, height: 64)

  /// A context drawing on a new transparent `side`-sized image.
  private static func context() -> (surface: OpaquePointer, cr: OpaquePointer) {
    let surface: OpaquePointer = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, Int32(side.width), Int32(side.height))
    return (surface, cairo_create(surface))
  }

  @Test("a label whose text changes every frame keeps the layouts and the glyph buffer bounded")
  func counterStaysBounded() {
    let context = Self.context()
    defer {
      cairo_destroy(context.cr)
      cairo_surface_destroy(context.surface)
    }
    let cache = LabelPainter.Cache()
    let bounds = Rect(x: 4, y: 4, width: 80, height: 40)
    for frame in 0..<(3 * LabelPainter.Cache.maximumLayouts) {
      let style = ViewStyle(label: "Frame \(frame)", labelColor: .white, fontSize: 14)
      LabelPainter.paint(style, in: bounds, on: context.cr, cache: cache)
      #expect(cache.layouts.count <= LabelPainter.Cache.maximumLayouts)
      #expect(cache.recent.count <= LabelPainter.Cache.recentLayouts)
    }
    #expect(cache.glyphBuffer.capacity == GlyphBuffer.initialCapacity)
    #expect(cairo_status(context.cr) == CAIRO_STATUS_SUCCESS)
  }
}
