import CCairo

/// A bitmap in memory: the target of off-screen rendering (snapshots, tests)
/// and the pixels of an image view.
///
/// The pixels are a cairo image surface in `ARGB32` (premultiplied, native
/// endianness; see ``PixelBuffer``). A new image is fully transparent.
public final class Image {
  /// The cairo surface owning the pixels (`cairo_surface_t *`).
  let surface: OpaquePointer

  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int

  /// A transparent image of the given size in pixels (both at least 1).
  public init(width: Int, height: Int) {
    precondition(width > 0 && height > 0, "an image needs at least one pixel, got \(width)x\(height)")
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    precondition(
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      "cairo could not allocate a \(width)x\(height) image")
    self.width = width
    self.height = height
  }

  /// Loads a PNG file; any PNG colour type is converted to premultiplied `ARGB32`.
  ///
  /// - Throws: ``ImageError``: the file is missing or unreadable, a directory, not a PNG, or
  ///   declares more than 16384 pixels a side or 40 megapixels (checked in its header, before
  ///   anything is decoded).
  public init(contentsOfPNG path: String) throws(ImageError) {
    // Read once, whole and bounded, then decoded from memory: the header is checked before
    // anything is decoded, and a file cut short is told from other failures.
    let bytes = try PNGHeader.contents(path: path)
    _ = try PNGHeader(bytes: bytes, path: path)
    final class Source {
      let bytes: [UInt8]
      var offset = 0
      var wantedMore = false
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let source = Source(bytes)
    let loaded: OpaquePointer = withExtendedLifetime(source) {
      cairo_image_surface_create_from_png_stream(
        { context, data, length in
          let source = Unmanaged<Source>.fromOpaque(context!).takeUnretainedValue()
          let count = Int(length)
          guard source.bytes.count - source.offset >= count else {
            source.wantedMore = true
            return CAIRO_STATUS_READ_ERROR
          }
          source.bytes.withUnsafeBytes { all in
            UnsafeMutableRawPointer(data!).copyMemory(
              from: all.baseAddress! + source.offset, byteCount: count)
          }
          source.offset += count
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())
    }
    let status = cairo_surface_status(loaded)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(loaded)
      if source.wantedMore { throw .truncated(path: path) }
      throw .cannotRead(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
    let width = Int(cairo_image_surface_get_width(loaded))
    let height = Int(cairo_image_surface_get_height(loaded))
    if cairo_image_surface_get_format(loaded) == CAIRO_FORMAT_ARGB32 {
      // Flushing drops the PNG bytes cairo attached as mime data; with them attached, the
      // renderer's `cairo_surface_mark_dirty` trips an assertion in cairo.
      cairo_surface_flush(loaded)
      surface = loaded
    } else {
      // RGB24, A8, ...: paint onto an ARGB32 surface so `pixel(x:y:)` has one layout.
      surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
      let cr: OpaquePointer = cairo_create(surface)
      cairo_set_source_surface(cr, loaded, 0, 0)
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
      cairo_paint(cr)
      cairo_destroy(cr)
      cairo_surface_destroy(loaded)
    }
    self.width = width
    self.height = height
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  /// The pixels, for the renderer to draw into; valid while the image lives.
  public var buffer: PixelBuffer {
    cairo_surface_flush(surface)
    return PixelBuffer(
      data: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!),
      width: width,
      height: height,
      stride: Int(cairo_image_surface_get_stride(surface))
    )
  }

  /// The colour at pixel (`x`, `y`), counted from the top left, un-premultiplied.
  /// Traps when the pixel is outside the image.
  public func pixel(x: Int, y: Int) -> RGBA8 {
    precondition(
      x >= 0 && x < width && y >= 0 && y < height,
      "pixel (\(x), \(y)) is outside the \(width)x\(height) image")
    cairo_surface_flush(surface)
    let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let word = data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    return RGBA8(premultipliedARGB: word)
  }

  /// The image encoded as a PNG file (with alpha), for a caller that writes it itself.
  ///
  /// - Throws: ``ImageError/cannotWrite(path:reason:)`` (path "") when cairo fails to encode.
  public func pngData() throws -> [UInt8] {
    cairo_surface_mark_dirty(surface)
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    let status = withExtendedLifetime(sink) {
      cairo_surface_write_to_png_stream(
        surface,
        { context, data, length in
          let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
          sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      throw ImageError.cannotWrite(path: "", reason: String(cString: cairo_status_to_string(status)))
    }
    return sink.bytes
  }

  /// Writes the image as a PNG file (with alpha).
  ///
  /// - Throws: ``ImageError/cannotWrite(path:reason:)`` when the file cannot be created.
  public func writePNG(to path: String) throws {
    cairo_surface_mark_dirty(surface)
    let status = cairo_surface_write_to_png(surface, path)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw ImageError.cannotWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
  }
}
