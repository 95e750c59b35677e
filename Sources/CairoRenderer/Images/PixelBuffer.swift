/// A block of pixels the renderer draws into, owned by whoever allocated it.
///
/// The layout is cairo's `CAIRO_FORMAT_ARGB32`: one 32-bit word per pixel in
/// native endianness, alpha in the top byte, colour premultiplied by alpha.
/// That is also `wl_shm`'s `ARGB8888`/`XRGB8888`, so a Wayland shm buffer can
/// be handed to the renderer as it is.
public struct PixelBuffer {
  /// The first byte of the top row.
  public var data: UnsafeMutableRawPointer
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// Bytes from the start of one row to the start of the next (at least `width * 4`,
  /// a multiple of 4).
  public var stride: Int

  /// Describes existing memory as a pixel buffer; nothing is copied or allocated.
  public init(data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
    self.data = data
    self.width = width
    self.height = height
    self.stride = stride
  }
}
