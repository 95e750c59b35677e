import CCairo
import GestureKit

/// Exact shortcuts for the commonest pixels of a frame, each giving the very bytes cairo would.
///
/// - Background: cairo's `SOURCE` paint of a solid colour stores one pixel value everywhere;
///   that value is taken from cairo once per colour (a 1x1 paint) and stored with a plain
///   fill loop.
/// - Opaque fills of rects, rounded rects and circles (ellipses) under a translation and
///   scale: cairo rasterizes the path into per-pixel coverage `c` and, for an opaque colour
///   with `OVER`, blends each pixel as `c == 255 ? colour : lerp(colour, c, pixel)` (its
///   `_fill_xrgb32_lerp_opaque_spans`). Coverage depends only on the shape and on the device
///   position modulo whole pixels (its phase), so it is rendered once (by cairo, opaque white
///   onto transparent: the alpha byte is `c`) into a cached mask and replayed here with
///   cairo's blend arithmetic. A mask is made on a shape's second sighting at a phase, or on
///   its first when the shape moved there from an earlier frame and the phase is whole
///   quarters of a pixel (the renderer rounds moving views to those: at most 16 phases per
///   shape, see Renderer+Snapping.swift). A shape at an arbitrary sub-pixel position seen
///   only once is left to cairo.
///
/// - Opaque strokes of the same shapes: the same, with the coverage of the stroke
///   (`cairo_stroke` composites its spans with the same blend). Only the ring's pixels are
///   touched: the mask lists each row's covered runs (``CoverageMask``).
///
/// Used only where cairo would draw straight into an image (the buffer, or the surface of a
/// translucent view's group; no clip but whole pixels) and the shape lies inside the frame;
/// everything else goes through cairo. The renderer tests check every shortcut against
/// cairo's own pixels.
final class FastFill {
  /// Empty pixels around a mask's shape.
  static let maskPadding = 2
  /// Masks kept at most; the cache is emptied when it is full.
  static let maximumMasks = 256
  /// Bytes of masks kept at most (4 MiB): the cache is emptied before a mask would pass it,
  /// so a long session of drags at ever new sub-pixel positions cannot grow memory without
  /// bound (a mask of a 200x150 card is about 35 kB).
  static let maximumMaskBytes = 4 << 20

  private var masks: [CoverageMask.Key: CoverageMask] = [:]
  /// Shapes seen in one frame only, not yet worth a mask: the frame (`frameNumber`) they were
  /// first seen in.
  private var seen: [CoverageMask.Key: Int] = [:]
  /// Shapes (keys less their phase) seen so far: the frame each was first seen in. A shape
  /// seen in an earlier frame at another phase is moving.
  private var outlines: [CoverageMask.Outline: Int] = [:]
  /// The frame being drawn (`beginFrame`): a damaged frame draws a shape once per band and
  /// per widening, and those sightings count as one.
  private var frameNumber = 0
  private var backgroundColor: Color?
  private var backgroundPixel: UInt32 = 0
  /// Fill colours' pixels (`cairoPixel`), by colour.
  private var pixels: [Color: UInt32] = [:]

  /// Whether the fast paths are used (tests turn them off to get cairo's own pixels).
  var isEnabled = true
  /// Pixels the background and solid runs leave alone (a repair's unchanged ones).
  var skip = PixelSkip.none
  /// Masks made so far (for tests).
  private(set) var masksMade = 0
  /// The bytes the cached masks hold (at most ``maximumMaskBytes``).
  private(set) var maskBytes = 0
  /// Shapes drawn from a mask so far (for tests).
  private(set) var replays = 0
  /// The keys of the masks cached now (for tests).
  var maskKeys: [CoverageMask.Key] { Array(masks.keys) }

  /// Starts a new frame: shapes seen in earlier frames get a mask when seen again.
  func beginFrame() {
    frameNumber &+= 1
  }

  /// Fills every pixel of `buffer` with what cairo's `SOURCE` paint of `color` stores.
  func paintBackground(_ color: Color, into buffer: PixelBuffer) {
    if backgroundColor != color {
      backgroundPixel = Self.cairoPixel(color)
      backgroundColor = color
    }
    let pixel = backgroundPixel
    let skipped = skip.applies(to: buffer.data) ? skip : .none
    if buffer.stride == buffer.width * 4, skipped.target == nil {
      Self.store(pixel, at: buffer.data, count: buffer.width * buffer.height)
      return
    }
    for row in 0..<buffer.height {
      let line = buffer.data.advanced(by: row * buffer.stride)
      skipped.forEachKept(row: row, from: 0, to: buffer.width) { from, to in
        Self.store(pixel, at: line.advanced(by: from * 4), count: to - from)
      }
    }
  }

  /// Fills `style`'s shape over `bounds` with its fill colour into `buffer`, as `cairo_fill`
  /// would on `cr` (whose target, or current group, is `buffer`, device pixel (0, 0) at its
  /// pixel `offset`, clipped at most to the pixel-aligned `clip`: cairo drops a clip that
  /// contains what it draws); false when the shortcut does not apply (nothing drawn). `clip`
  /// and `frame` are in device pixels.
  func fill(
    _ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer, buffer: PixelBuffer, offset: (x: Int, y: Int),
    clip: PixelBox, frame: PixelBox
  ) -> Bool {
    guard isEnabled, let color = style.fill, color.alpha >= 1 else { return false }
    guard
      replay(
        style.shape, in: bounds, strokeWidth: 0, color: color, on: cr, buffer: buffer, offset: offset,
        clip: clip, frame: frame)
    else { return false }
    // cairo_fill leaves no path behind.
    cairo_new_path(cr)
    return true
  }

  /// Strokes `style`'s outline with its stroke colour into `buffer`, as
  /// `ShapePainter.stroke` would on `cr` (same conditions as `fill`; cairo's default joins,
  /// caps, dashes and tolerance); false when the shortcut does not apply (nothing drawn).
  /// Leaves the source and line width set as the stroke would.
  func stroke(
    _ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer, buffer: PixelBuffer, offset: (x: Int, y: Int),
    clip: PixelBox, frame: PixelBox
  ) -> Bool {
    guard isEnabled, let color = style.stroke, color.alpha >= 1, style.strokeWidth > 0 else { return false }
    let outline = ShapePainter.strokeOutline(style.shape, in: bounds, width: style.strokeWidth).1
    guard outline.width > 0, outline.height > 0 else { return false }
    guard cairo_get_line_join(cr) == CAIRO_LINE_JOIN_MITER, cairo_get_line_cap(cr) == CAIRO_LINE_CAP_BUTT,
      cairo_get_miter_limit(cr) == Self.defaultMiterLimit, cairo_get_dash_count(cr) == 0,
      cairo_get_tolerance(cr) == Self.defaultTolerance, cairo_get_antialias(cr) == CAIRO_ANTIALIAS_DEFAULT
    else { return false }
    guard
      replay(
        style.shape, in: bounds, strokeWidth: style.strokeWidth, color: color, on: cr, buffer: buffer,
        offset: offset, clip: clip, frame: frame)
    else { return false }
    // What the stroke would leave behind: its source and width, no path.
    ShapePainter.setSource(color, on: cr)
    cairo_set_line_width(cr, style.strokeWidth)
    cairo_new_path(cr)
    return true
  }

  /// cairo's default miter limit and tolerance (`cairo_create`'s state).
  private static let defaultMiterLimit = 10.0
  private static let defaultTolerance = 0.1

  /// Composites the cached coverage of `shape` over `bounds` (filled, or stroked with
  /// `strokeWidth`) in opaque `color`; false, drawing nothing, when it does not apply: a
  /// matrix other than a translation and scale, a shape outside the frame or clip, or a shape
  /// seen for the first time.
  ///
  /// `frame` is the whole frame in `buffer`'s pixels (more than the buffer when it is a
  /// damaged rectangle's scratch image): a shape inside the frame but cut by the buffer's
  /// left or right edge is replayed in part, exactly as a full repaint draws it (cairo would
  /// cut its path, inexactly), with its mask made at once. A shape cut only at the top or
  /// bottom (a band of a damaged rectangle) is left to cairo when it has no mask yet: cairo
  /// keeps whole rows exact (Renderer+Damage.swift), and a shape moving by fractions of a
  /// pixel, seen in every band of a frame, would otherwise make a mask every frame.
  private func replay(
    _ shape: ViewShape, in bounds: Rect, strokeWidth: Double, color: Color, on cr: OpaquePointer,
    buffer: PixelBuffer, offset: (x: Int, y: Int), clip: PixelBox, frame: PixelBox
  ) -> Bool {
    guard bounds.width > 0, bounds.height > 0 else { return false }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return false }
    let pad = Self.maskPadding
    // The mask's pixel (0, 0) is device pixel (originX, originY): the buffer's pixel
    // (originX, originY) + `offset`.
    let left = m.xx * bounds.minX + m.x0
    let top = m.yy * bounds.minY + m.y0
    // Huge geometry (a run-time transform can make it) would overflow the Int conversions
    // below: leave it to cairo, which clips it.
    let right = m.xx * bounds.maxX + m.x0
    let bottom = m.yy * bounds.maxY + m.y0
    guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite, abs(left) < 1e6, abs(top) < 1e6,
      abs(right) < 1e6, abs(bottom) < 1e6
    else { return false }
    let originX = Int(left.rounded(.down)) - pad
    let originY = Int(top.rounded(.down)) - pad
    let width = Int((m.xx * bounds.width).rounded(.up)) + 2 * pad + 2
    let height = Int((m.yy * bounds.height).rounded(.up)) + 2 * pad + 2
    // What cairo touches (the shape's box, rounded out) must lie inside the frame and the
    // clip; the mask's empty padding may stick out.
    let touched = PixelBox(
      minX: Int(left.rounded(.down)), minY: Int(top.rounded(.down)), maxX: Int(right.rounded(.up)),
      maxY: Int(bottom.rounded(.up)))
    guard touched.minX >= max(frame.minX, clip.minX), touched.minY >= max(frame.minY, clip.minY),
      touched.maxX <= min(frame.maxX, clip.maxX), touched.maxY <= min(frame.maxY, clip.maxY)
    else { return false }
    let isCutSideways = touched.minX + offset.x < 0 || touched.maxX + offset.x > buffer.width
    let key = CoverageMask.Key(
      outline: CoverageMask.Outline(
        shape: shape, bounds: bounds, strokeWidth: strokeWidth, xx: m.xx, yy: m.yy),
      x0: m.x0 - Double(originX), y0: m.y0 - Double(originY))
    let mask: CoverageMask
    if let cached = masks[key] {
      mask = cached
    } else {
      // Worth a mask when seen in an earlier frame too, when the shape moved there from an
      // earlier frame's position to a quantized phase (one of at most 16), or when needed at
      // once for a sideways cut.
      let firstFrame = seen[key]
      let outlineFrame = outlines[key.outline]
      let isMoving = outlineFrame != nil && outlineFrame != frameNumber && Self.isQuantized(key)
      guard isCutSideways || isMoving || (firstFrame != nil && firstFrame != frameNumber) else {
        if firstFrame == nil {
          if seen.count >= Self.maximumMasks { seen.removeAll(keepingCapacity: true) }
          seen[key] = frameNumber
        }
        if outlineFrame == nil {
          if outlines.count >= Self.maximumMasks { outlines.removeAll(keepingCapacity: true) }
          outlines[key.outline] = frameNumber
        }
        return false
      }
      mask = CoverageMask.make(key, width: width, height: height)
      masksMade += 1
      if masks.count >= Self.maximumMasks || maskBytes + mask.byteCount > Self.maximumMaskBytes {
        masks.removeAll(keepingCapacity: true)
        maskBytes = 0
      }
      masks[key] = mask
      maskBytes += mask.byteCount
    }
    mask.composite(pixel(for: color), into: buffer, x: originX + offset.x, y: originY + offset.y, skip: skip)
    replays += 1
    return true
  }

  /// Whether the key's phase is whole quarters of a pixel on both axes (a position the
  /// renderer rounded: one of 16 phases).
  private static func isQuantized(_ key: CoverageMask.Key) -> Bool {
    let steps = 1 / Renderer.positionQuantum
    return (key.x0 * steps).rounded() == key.x0 * steps && (key.y0 * steps).rounded() == key.y0 * steps
  }

  /// The pixel cairo stores for opaque `color`, cached.
  func pixel(for color: Color) -> UInt32 {
    if let known = pixels[color] { return known }
    if pixels.count >= Self.maximumMasks { pixels.removeAll(keepingCapacity: true) }
    let pixel = Self.cairoPixel(color)
    pixels[color] = pixel
    return pixel
  }

  /// Stores `count` copies of `pixel` from `start`, 16 at a time: a run of 16 or more ends
  /// with 16 stored again over the last ones (the same values), a shorter one takes 8, 4 and
  /// single pixels. A card's interior rows are solid runs a few pixels past a multiple of 16,
  /// whose tail used to take up to 15 single stores.
  @inline(__always)
  static func store(_ pixel: UInt32, at start: UnsafeMutableRawPointer, count: Int) {
    let wide = SIMD16<UInt32>(repeating: pixel)
    if count >= 16 {
      var next = start
      // A counted loop, which the compiler unrolls.
      for _ in 0..<(count - 1) / 16 {
        next.storeBytes(of: wide, as: SIMD16<UInt32>.self)
        next += 64
      }
      (start + (count - 16) * 4).storeBytes(of: wide, as: SIMD16<UInt32>.self)
      return
    }
    var next = start
    var left = count
    if left >= 8 {
      next.storeBytes(of: wide.lowHalf, as: SIMD8<UInt32>.self)
      next += 32
      left -= 8
    }
    if left >= 4 {
      next.storeBytes(of: wide.lowHalf.lowHalf, as: SIMD4<UInt32>.self)
      next += 16
      left -= 4
    }
    while left > 0 {
      next.storeBytes(of: pixel, as: UInt32.self)
      next += 4
      left -= 1
    }
  }

  /// `store` for a typed pointer.
  @inline(__always)
  static func store(_ pixel: UInt32, at start: UnsafeMutablePointer<UInt32>, count: Int) {
    store(pixel, at: UnsafeMutableRawPointer(start), count: count)
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
