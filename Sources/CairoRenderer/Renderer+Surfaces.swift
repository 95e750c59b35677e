import CCairo
import GestureKit

/// cairo surfaces over the buffers the renderer draws into, kept across frames so that a frame
/// creates none: a few for the app's buffers, and apart from them a few for the scratch
/// image, whose shape changes with the damage (so that it never pushes the app's buffers out).
extension Renderer {
  /// A cairo surface over `buffer`'s pixels, kept for the next frames.
  func surface(for buffer: PixelBuffer) -> OpaquePointer {
    if let scratch, buffer.data == scratch {
      return scratchSurface(for: buffer)
    }
    if let index = surfaces.firstIndex(where: {
      $0.buffer.data == buffer.data && $0.buffer.width == buffer.width && $0.buffer.height == buffer.height
        && $0.buffer.stride == buffer.stride
    }) {
      // Pixels may have changed outside cairo since (the compositor, copies, fast fills).
      cairo_surface_mark_dirty(surfaces[index].surface)
      return surfaces[index].surface
    }
    let surface = Self.makeSurface(for: buffer)
    if surfaces.count == Self.keptSurfaces {
      cairo_surface_destroy(surfaces.removeFirst().surface)
    }
    surfaces.append((buffer, surface))
    return surface
  }

  /// How many buffers' cairo surfaces are kept, and as many of the scratch image's shapes.
  static let keptSurfaces = 6

  /// The scratch image's surface for a band of `buffer`'s shape (its stride is its width):
  /// the last few shapes' are kept (a dragged card's damage alternates between a few sizes).
  private func scratchSurface(for buffer: PixelBuffer) -> OpaquePointer {
    if let index = scratchSurfaces.firstIndex(where: {
      $0.width == buffer.width && $0.height == buffer.height
    }) {
      cairo_surface_mark_dirty(scratchSurfaces[index].surface)
      return scratchSurfaces[index].surface
    }
    let surface = Self.makeSurface(for: buffer)
    if scratchSurfaces.count == Self.keptSurfaces {
      cairo_surface_destroy(scratchSurfaces.removeFirst().surface)
    }
    scratchSurfaces.append((surface, buffer.width, buffer.height))
    return surface
  }

  /// Destroys the scratch image's surfaces (before its pixels are freed).
  func dropScratchSurfaces() {
    for kept in scratchSurfaces { cairo_surface_destroy(kept.surface) }
    scratchSurfaces.removeAll()
  }

  private static func makeSurface(for buffer: PixelBuffer) -> OpaquePointer {
    let surface: OpaquePointer = cairo_image_surface_create_for_data(
      buffer.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
      Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
    precondition(
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      "cairo rejected the pixel buffer: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))"
    )
    return surface
  }
}
