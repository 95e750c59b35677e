import CCairo
import GestureKit

/// A rectangle of whole device pixels: columns `minX..<maxX`, rows `minY..<maxY`.
struct PixelBox {
  var minX: Int
  var minY: Int
  var maxX: Int
  var maxY: Int

  /// No limit.
  static let everything = PixelBox(minX: .min / 2, minY: .min / 2, maxX: .max / 2, maxY: .max / 2)

  /// `rect` (user space of `cr`) in device pixels when its edges fall exactly on pixel
  /// boundaries under a translation and scale; nil otherwise.
  static func aligned(_ rect: Rect, on cr: OpaquePointer) -> PixelBox? {
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return nil }
    let edges = (
      m.xx * rect.minX + m.x0, m.yy * rect.minY + m.y0, m.xx * rect.maxX + m.x0, m.yy * rect.maxY + m.y0
    )
    for edge in [edges.0, edges.1, edges.2, edges.3] where !(abs(edge) < 1e9 && edge == edge.rounded()) {
      return nil
    }
    return PixelBox(minX: Int(edges.0), minY: Int(edges.1), maxX: Int(edges.2), maxY: Int(edges.3))
  }

  /// The pixels in both.
  func intersection(_ other: PixelBox) -> PixelBox {
    PixelBox(
      minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
      maxY: min(maxY, other.maxY))
  }
}

/// Exact shortcuts for the commonest pixels of a frame, each giving the very bytes cairo would.
///
/// - Background: cairo's `SOURCE` paint of a solid colour stores one pixel value everywhere;
///   that value is taken from cairo once per colour (a 1x1 paint) and stored with a plain
///   fill loop.
/// - Opaque fills of rects and rounded rects under a translation and scale: cairo rasterizes
///   the path into per-pixel coverage `c` and, for an opaque colour with `OVER`, blends
///   each pixel as `c == 255 ? colour : lerp(colour, c, pixel)` (its
///   `_fill_xrgb32_lerp_opaque_spans`). Coverage depends only on the shape and on the device
///   position modulo whole pixels, so it is rendered once (by cairo, opaque white onto
///   transparent: the alpha byte is `c`) into a cached mask and replayed here with cairo's
///   blend arithmetic. A shape seen at a given sub-pixel position only once (a card moving by
///   fractions of a pixel) is left to cairo: the mask is made on the second sighting.
///
/// Used only where cairo would draw straight into the buffer (no clip, no group) and the
/// shape lies inside it; everything else goes through cairo. The renderer tests check both
/// shortcuts against cairo's own pixels.
final class FastFill {
  /// What determines a shape's coverage: the shape in user space, the device scale, and
  /// the device translation less whole pixels.
  struct MaskKey: Hashable {
    var shape: ViewShape
    var bounds: Rect
    var xx: Double
    var yy: Double
    var x0: Double
    var y0: Double
  }

  /// A shape's coverage, one byte per pixel, `width` x `height`.
  final class Mask {
    let width: Int
    let height: Int
    let coverage: UnsafeMutablePointer<UInt8>
    /// Each row's covered columns (half-open) and, inside them, its run of fully covered
    /// columns (stored without blending).
    let spans: UnsafeMutablePointer<(first: Int32, solidStart: Int32, solidEnd: Int32, end: Int32)>

    init(width: Int, height: Int) {
      self.width = width
      self.height = height
      coverage = .allocate(capacity: width * height)
      spans = .allocate(capacity: height)
    }

    deinit {
      coverage.deallocate()
      spans.deallocate()
    }
  }

  /// Empty pixels around a mask's shape.
  static let maskPadding = 2
  /// Masks kept at most; the cache is emptied when it is full.
  static let maximumMasks = 256

  private var masks: [MaskKey: Mask] = [:]
  /// Shapes seen once, not yet worth a mask.
  private var seen: Set<MaskKey> = []
  private var backgroundColor: Color?
  private var backgroundPixel: UInt32 = 0
  /// Fill colours' pixels (`cairoPixel`), by colour.
  private var pixels: [Color: UInt32] = [:]

  /// Whether the fast paths are used (tests turn them off to get cairo's own pixels).
  var isEnabled = true

  /// Fills every pixel of `buffer` with what cairo's `SOURCE` paint of `color` stores.
  func paintBackground(_ color: Color, into buffer: PixelBuffer) {
    if backgroundColor != color {
      backgroundPixel = Self.cairoPixel(color)
      backgroundColor = color
    }
    let pixel = backgroundPixel
    if buffer.stride == buffer.width * 4 {
      Self.store(pixel, at: buffer.data, count: buffer.width * buffer.height)
    } else {
      for row in 0..<buffer.height {
        Self.store(pixel, at: buffer.data.advanced(by: row * buffer.stride), count: buffer.width)
      }
    }
  }

  /// Fills `style`'s shape over `bounds` with its fill colour into `buffer`, as `cairo_fill`
  /// would on `cr` (whose target is `buffer`, not in a group, clipped at most to the
  /// pixel-aligned `clip`: cairo drops a clip that contains what it draws); false when the
  /// shortcut does not apply (nothing drawn).
  func fill(
    _ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer, buffer: PixelBuffer, clip: PixelBox
  ) -> Bool {
    guard isEnabled, let color = style.fill, color.alpha >= 1, bounds.width > 0, bounds.height > 0 else {
      return false
    }
    if case .circle = style.shape { return false }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return false }
    let pad = Self.maskPadding
    // The mask's pixel (0, 0) is the buffer's (originX, originY).
    let left = m.xx * bounds.minX + m.x0
    let top = m.yy * bounds.minY + m.y0
    // Huge geometry (a run-time transform can make it) would overflow the Int conversions
    // below: leave it to cairo, which clips it.
    let right = m.xx * bounds.maxX + m.x0
    let bottom = m.yy * bounds.maxY + m.y0
    guard [left, top, right, bottom].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else { return false }
    let originX = Int(left.rounded(.down)) - pad
    let originY = Int(top.rounded(.down)) - pad
    let width = Int((m.xx * bounds.width).rounded(.up)) + 2 * pad + 2
    let height = Int((m.yy * bounds.height).rounded(.up)) + 2 * pad + 2
    // What cairo touches (the shape's box, rounded out) must lie inside the buffer and the
    // clip; the mask's empty padding may stick out.
    guard Int(left.rounded(.down)) >= max(0, clip.minX), Int(top.rounded(.down)) >= max(0, clip.minY),
      Int(right.rounded(.up)) <= min(buffer.width, clip.maxX),
      Int(bottom.rounded(.up)) <= min(buffer.height, clip.maxY)
    else { return false }
    let key = MaskKey(
      shape: style.shape, bounds: bounds, xx: m.xx, yy: m.yy, x0: m.x0 - Double(originX),
      y0: m.y0 - Double(originY))
    let mask: Mask
    if let cached = masks[key] {
      mask = cached
    } else {
      guard seen.contains(key) else {
        if seen.count >= Self.maximumMasks { seen.removeAll(keepingCapacity: true) }
        seen.insert(key)
        return false
      }
      if masks.count >= Self.maximumMasks { masks.removeAll(keepingCapacity: true) }
      mask = Self.makeMask(key, width: width, height: height)
      masks[key] = mask
    }
    let pixel: UInt32
    if let known = pixels[color] {
      pixel = known
    } else {
      if pixels.count >= Self.maximumMasks { pixels.removeAll(keepingCapacity: true) }
      pixel = Self.cairoPixel(color)
      pixels[color] = pixel
    }
    composite(mask, pixel: pixel, into: buffer, x: originX, y: originY)
    // cairo_fill leaves no path behind.
    cairo_new_path(cr)
    return true
  }

  /// Stores `count` copies of `pixel` from `start`, 16 at a time.
  @inline(__always)
  private static func store(_ pixel: UInt32, at start: UnsafeMutableRawPointer, count: Int) {
    var next = start
    var left = count
    let wide = SIMD16<UInt32>(repeating: pixel)
    while left >= 16 {
      next.storeBytes(of: wide, as: SIMD16<UInt32>.self)
      next += 64
      left -= 16
    }
    while left > 0 {
      next.storeBytes(of: pixel, as: UInt32.self)
      next += 4
      left -= 1
    }
  }

  /// Blends `pixel` through `mask` into `buffer` at (`x`, `y`) with cairo's arithmetic.
  private func composite(_ mask: Mask, pixel: UInt32, into buffer: PixelBuffer, x: Int, y: Int) {
    for row in 0..<mask.height {
      let span = mask.spans[row]
      guard span.first < span.end else { continue }
      let coverage = mask.coverage.advanced(by: row * mask.width)
      let target = buffer.data.advanced(by: (y + row) * buffer.stride + x * 4).assumingMemoryBound(
        to: UInt32.self)
      // lerp is exact for every coverage (255 gives `pixel`, 0 the old pixel).
      for column in Int(span.first)..<Int(span.solidStart) {
        target[column] = Self.lerp(pixel, coverage[column], target[column])
      }
      if span.solidEnd > span.solidStart {
        Self.store(
          pixel, at: target.advanced(by: Int(span.solidStart)), count: Int(span.solidEnd - span.solidStart))
      }
      for column in Int(span.solidEnd)..<Int(span.end) {
        target[column] = Self.lerp(pixel, coverage[column], target[column])
      }
    }
  }

  /// cairo's `lerp8x4`: `src * a + dst * (255 - a)` per byte, each product rounded as
  /// cairo's `mul8x2_8` does.
  @inline(__always)
  static func lerp(_ src: UInt32, _ a: UInt8, _ dst: UInt32) -> UInt32 {
    let rb = add(mul(src, a), mul(dst, ~a))
    let ag = add(mul(src >> 8, a), mul(dst >> 8, ~a))
    return rb | (ag << 8)
  }

  @inline(__always)
  private static func mul(_ x: UInt32, _ a: UInt8) -> UInt32 {
    let t = (x & 0x00ff_00ff) &* UInt32(a) &+ 0x007f_007f
    return ((t &+ ((t >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
  }

  @inline(__always)
  private static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
    var t = a &+ b
    t |= 0x0100_0100 &- ((t >> 8) & 0x00ff_00ff)
    return t & 0x00ff_00ff
  }

  /// Renders the key's shape with cairo, opaque white onto transparent, and keeps the alpha.
  private static func makeMask(_ key: MaskKey, width: Int, height: Int) -> Mask {
    let mask = Mask(width: width, height: height)
    let stride = width * 4
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
    defer { pixels.deallocate() }
    pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    let surface = cairo_image_surface_create_for_data(
      pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
      Int32(stride))!
    let cr = cairo_create(surface)!
    var matrix = cairo_matrix_t(xx: key.xx, yx: 0, xy: 0, yy: key.yy, x0: key.x0, y0: key.y0)
    cairo_set_matrix(cr, &matrix)
    ShapePainter.addPath(key.shape, in: key.bounds, to: cr)
    cairo_set_source_rgba(cr, 1, 1, 1, 1)
    cairo_fill(cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    cairo_surface_destroy(surface)
    for row in 0..<height {
      var first = width
      var end = 0
      // The longest run of full coverage.
      var solid = (start: 0, end: 0)
      var runStart = -1
      for column in 0..<width {
        let alpha = UInt8(pixels.load(fromByteOffset: row * stride + column * 4, as: UInt32.self) >> 24)
        mask.coverage[row * width + column] = alpha
        if alpha != 0 {
          first = min(first, column)
          end = column + 1
        }
        if alpha == 255 {
          if runStart < 0 { runStart = column }
          if column + 1 - runStart > solid.end - solid.start { solid = (runStart, column + 1) }
        } else {
          runStart = -1
        }
      }
      end = max(first, end)
      if solid.end == solid.start { solid = (end, end) }
      mask.spans[row] = (Int32(first), Int32(solid.start), Int32(solid.end), Int32(end))
    }
    return mask
  }

  /// The pixel cairo stores for an opaque paint of `color` (premultiplied ARGB32).
  static func cairoPixel(_ color: Color) -> UInt32 {
    var pixel: UInt32 = 0
    withUnsafeMutableBytes(of: &pixel) { bytes in
      let surface = cairo_image_surface_create_for_data(
        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, 1, 1, 4)!
      let cr = cairo_create(surface)!
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
      ShapePainter.setSource(color, on: cr)
      cairo_paint(cr)
      cairo_destroy(cr)
      cairo_surface_flush(surface)
      cairo_surface_destroy(surface)
    }
    return pixel
  }
}
