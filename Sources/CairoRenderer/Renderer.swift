import CCairo
import GestureKit

/// Draws a window's view tree into a pixel buffer with cairo: all of it, or only the damaged
/// rectangles of a buffer that holds an earlier frame.
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
  /// Pixels for repairing damage, reused from frame to frame (`scratchBuffer`).
  private var scratch: UnsafeMutableRawPointer?
  private var scratchCapacity = 0
  /// cairo surfaces over recently drawn pixel buffers (the app's few shm buffers and the
  /// scratch image), so that a frame does not create one.
  private var surfaces: [(buffer: PixelBuffer, surface: OpaquePointer)] = []
  /// The buffer being drawn while cairo draws straight into it (no clip, no group): where
  /// `fastFill` may write pixels itself.
  private var directTarget: PixelBuffer?
  /// The pixel-aligned clip in force while `directTarget` is set.
  private var directClip = PixelBox.everything
  /// Exact shortcuts for backgrounds and opaque box fills.
  let fastFill = FastFill()
  /// Labels' fonts and layouts, by style.
  private let labels = LabelPainter.Cache()

  /// A renderer; between frames it keeps only a scratch image for damaged rectangles.
  public init() {}

  deinit {
    for entry in surfaces { cairo_surface_destroy(entry.surface) }
    scratch?.deallocate()
  }

  /// Paints `background` over the whole buffer, then the window's view tree (a full repaint).
  ///
  /// - Parameters:
  ///   - window: the tree to draw; window coordinates are the root view's.
  ///   - background: the colour under everything (replaces the buffer's pixels).
  ///   - buffer: the pixels to draw into, in buffer (device) pixels.
  ///   - scale: device pixels per logical pixel (the Wayland buffer scale).
  public func render(_ window: Window, background: Color, into buffer: PixelBuffer, scale: Double) {
    draw(window, background: background, into: buffer, scale: scale, damage: nil)
  }

  /// Redraws only `damage`: the buffer's pixels inside the damaged rectangles become exactly
  /// what a full repaint would give, and every pixel outside them is left untouched.
  ///
  /// Each rectangle (window coordinates, as `Window.takeDamage()` gives them) is scaled to
  /// buffer pixels and rounded out, then drawn on its own; views whose box misses it are
  /// skipped (with their subtree when the view clips or has no
  /// subviews). Empty `damage` draws nothing.
  ///
  /// - Parameters:
  ///   - window: the tree to draw; window coordinates are the root view's.
  ///   - background: the colour under everything inside the damage.
  ///   - buffer: the pixels to repair, holding an earlier frame of the same window.
  ///   - scale: device pixels per logical pixel (the Wayland buffer scale).
  ///   - damage: what changed since the frame the buffer holds, in window coordinates.
  public func render(
    _ window: Window, background: Color, into buffer: PixelBuffer, scale: Double, damage: [Rect]
  ) {
    guard !damage.isEmpty else { return }
    draw(window, background: background, into: buffer, scale: scale, damage: damage)
  }

  /// The damage rectangles in buffer pixels: scaled, rounded out, clipped to the buffer.
  public static func bufferRects(for damage: [Rect], scale: Double, width: Int, height: Int) -> [Rect] {
    let limit = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    return damage.compactMap { rect in
      let device = Rect(
        x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale
      ).roundedOut.intersection(limit)
      return device.isEmpty ? nil : device
    }
  }

  /// A full repaint (`damage` nil) or a repair of `damage`.
  ///
  /// Each damaged rectangle is drawn, with a margin of `repairMargin` pixels around it, into
  /// a scratch image, and only the rectangle is copied into the buffer. Drawing straight into
  /// the buffer under a clip (or into a surface of just the rectangle) makes cairo cut the
  /// paths at the rectangle's edges in fixed point, which shifts the anti-aliasing of the
  /// pixels along them by a few levels; with the margin, the cut falls where nothing is kept.
  private func draw(
    _ window: Window, background: Color, into buffer: PixelBuffer, scale: Double, damage: [Rect]?
  ) {
    guard let damage else {
      draw(window, background: background, into: buffer, origin: (0, 0), scale: scale, cull: nil)
      return
    }
    let whole = Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))
    let margin = Double(Self.repairMargin)
    for damaged in damage {
      // As `bufferRects`, without building an array.
      let rect = Rect(
        x: damaged.minX * scale, y: damaged.minY * scale, width: damaged.width * scale,
        height: damaged.height * scale
      ).roundedOut.intersection(whole)
      if rect.isEmpty { continue }
      let padded = rect.insetBy(dx: -margin, dy: -margin).intersection(whole)
      let x = Int(padded.minX)
      let y = Int(padded.minY)
      let width = Int(padded.width)
      let height = Int(padded.height)
      let scratch = scratchBuffer(width: width, height: height)
      // Views are culled against the pixels drawn, in window coordinates.
      let cull = Rect(
        x: padded.minX / scale, y: padded.minY / scale, width: padded.width / scale,
        height: padded.height / scale)
      draw(window, background: background, into: scratch, origin: (x, y), scale: scale, cull: cull)
      // Copy the rectangle's rows back.
      let left = Int(rect.minX) - x
      let top = Int(rect.minY) - y
      let rowBytes = Int(rect.width) * 4
      for row in 0..<Int(rect.height) {
        let from = scratch.data.advanced(by: (top + row) * scratch.stride + left * 4)
        let to = buffer.data.advanced(by: (Int(rect.minY) + row) * buffer.stride + Int(rect.minX) * 4)
        to.copyMemory(from: from, byteCount: rowBytes)
      }
    }
  }

  /// Device pixels drawn around each damaged rectangle and then thrown away.
  static let repairMargin = 4

  /// The scratch image for one damaged rectangle, grown as needed and kept between frames.
  private func scratchBuffer(width: Int, height: Int) -> PixelBuffer {
    let bytes = width * height * 4
    if bytes > scratchCapacity {
      scratch?.deallocate()
      scratch = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
      scratchCapacity = bytes
    }
    return PixelBuffer(data: scratch!, width: width, height: height, stride: width * 4)
  }

  /// Paints `background` and the tree into `buffer`, whose top-left pixel is pixel `origin`
  /// of the whole frame; with `cull`, skips views whose box misses it.
  private func draw(
    _ window: Window, background: Color, into buffer: PixelBuffer, origin: (x: Int, y: Int), scale: Double,
    cull: Rect?
  ) {
    let surface = self.surface(for: buffer)
    let cr: OpaquePointer = cairo_create(surface)
    defer { cairo_destroy(cr) }

    if fastFill.isEnabled {
      fastFill.paintBackground(background, into: buffer)
      cairo_surface_mark_dirty(surface)
    } else {
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
      ShapePainter.setSource(background, on: cr)
      cairo_paint(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }
    directTarget = buffer
    defer { directTarget = nil }

    cairo_translate(cr, Double(-origin.x), Double(-origin.y))
    cairo_scale(cr, scale, scale)
    drawContents(of: window.rootView, on: cr, toWindow: .identity, cull: cull)
    cairo_surface_flush(surface)
  }

  /// A cairo surface over `buffer`'s pixels, kept for the next frames (a few buffers).
  private func surface(for buffer: PixelBuffer) -> OpaquePointer {
    if let index = surfaces.firstIndex(where: {
      $0.buffer.data == buffer.data && $0.buffer.width == buffer.width && $0.buffer.height == buffer.height
        && $0.buffer.stride == buffer.stride
    }) {
      // Pixels may have changed outside cairo since (the compositor, copies, fast fills).
      cairo_surface_mark_dirty(surfaces[index].surface)
      return surfaces[index].surface
    }
    let surface: OpaquePointer = cairo_image_surface_create_for_data(
      buffer.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
      Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
    precondition(
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      "cairo rejected the pixel buffer: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))"
    )
    if surfaces.count == Self.keptSurfaces {
      cairo_surface_destroy(surfaces.removeFirst().surface)
    }
    surfaces.append((buffer, surface))
    return surface
  }

  /// How many buffers' cairo surfaces are kept.
  private static let keptSurfaces = 6

  /// Draws `view` (and its subtree) in its superview's coordinate space; `superviewToWindow`
  /// maps that space to the window's.
  private func draw(
    _ view: View, on cr: OpaquePointer, superviewToWindow: AffineTransform, cull: Rect?
  ) {
    guard !view.isHidden, view.alpha > 0 else { return }
    let t = view.transform
    let center = view.center
    let bounds = view.bounds
    var toWindow = superviewToWindow
    var ownContentVisible = true
    if let cull {
      // The view's own coordinates to the window's, as cairo's matrix below (less the scale).
      if t.isIdentity {
        let dx = center.x - bounds.midX
        let dy = center.y - bounds.midY
        let s = superviewToWindow
        toWindow = AffineTransform(
          a: s.a, b: s.b, c: s.c, d: s.d, tx: s.a * dx + s.c * dy + s.tx, ty: s.b * dx + s.d * dy + s.ty)
      } else {
        toWindow = AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
          .concatenating(t)
          .concatenating(AffineTransform(translationX: center.x, y: center.y))
          .concatenating(superviewToWindow)
      }
      // Culled before touching cairo: most views of a damaged frame are.
      ownContentVisible = Self.reaches(cull, bounds: bounds, toWindow: toWindow)
      if !ownContentVisible && (view.clipsToBounds || view.subviews.isEmpty) { return }
    }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_translate(cr, center.x, center.y)
    if !t.isIdentity {
      var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
      cairo_transform(cr, &matrix)
    }
    cairo_translate(cr, -bounds.midX, -bounds.midY)
    drawContents(of: view, on: cr, toWindow: toWindow, cull: cull, ownContentVisible: ownContentVisible)
  }

  /// Whether a view's `bounds`, mapped by `toWindow`, may touch a pixel of `cull`.
  private static func reaches(_ cull: Rect, bounds: Rect, toWindow: AffineTransform) -> Bool {
    // A hair of slack so that rounding in the box never skips a pixel cairo would touch.
    let box = bounds.boundingBox(applying: toWindow).insetBy(dx: -cullSlack, dy: -cullSlack)
    return cull.intersects(box)
  }

  /// Draws `view`'s own content and subviews in its own coordinate space; with `cull`, only
  /// what reaches that rectangle (window coordinates, through `toWindow`).
  /// (`ownContentVisible`: whether the view's own box reaches `cull`, when the caller knows).
  private func drawContents(
    of view: View, on cr: OpaquePointer, toWindow: AffineTransform, cull: Rect?,
    ownContentVisible: Bool? = nil
  ) {
    guard !view.isHidden, view.alpha > 0 else { return }
    let bounds = view.bounds
    var drawsOwnContent = true
    if let cull {
      drawsOwnContent = ownContentVisible ?? Self.reaches(cull, bounds: bounds, toWindow: toWindow)
      if !drawsOwnContent && (view.clipsToBounds || view.subviews.isEmpty) { return }
    }
    let grouped = view.alpha < 1
    // Inside a group or a clip that is not whole pixels, cairo does not draw straight into
    // the buffer.
    let direct = directTarget
    let directClipBefore = directClip
    defer {
      directTarget = direct
      directClip = directClipBefore
    }
    if grouped { directTarget = nil }
    if view.clipsToBounds, directTarget != nil {
      if let box = PixelBox.aligned(bounds, on: cr) {
        directClip = directClip.intersection(box)
      } else {
        directTarget = nil
      }
    }
    if view.clipsToBounds {
      cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
      cairo_clip(cr)
    }
    if grouped { cairo_push_group(cr) }

    if drawsOwnContent {
      let style = view.style
      if let target = directTarget, fastFill.fill(style, in: bounds, on: cr, buffer: target, clip: directClip)
      {
        cairo_surface_mark_dirty(cairo_get_target(cr))
      } else {
        ShapePainter.fill(style, in: bounds, on: cr)
      }
      if let image = (view as? ImageView)?.image {
        paint(image, in: bounds, on: cr)
      }
      ShapePainter.stroke(style, in: bounds, on: cr)
      LabelPainter.paint(style, in: bounds, on: cr, cache: labels)
      if let custom = view as? CustomDrawing {
        cairo_save(cr)
        custom.draw(in: DrawingContext(cr: cr))
        cairo_restore(cr)
      }
    }

    for subview in view.subviews {
      draw(subview, on: cr, superviewToWindow: toWindow, cull: cull)
    }

    if grouped {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, view.alpha)
    }
  }

  /// Logical pixels added around each view's box before culling it.
  private static let cullSlack = 1.0 / 64

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
