import CCairo
import GestureKit

/// Draws a window's view tree into a pixel buffer with cairo's public API: all of it, or only
/// the damaged rectangles of a buffer that holds an earlier frame (Renderer+Damage.swift).
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
///   each other (like `CALayer` group opacity). The group is only as large as the subtree's
///   box (Renderer+Group.swift).
/// - `clipsToBounds` clips the view's content and subtree to its bounds rect.
///
/// Views are drawn at their exact positions: nothing here depends on how one cairo version
/// rounds. A repair of damaged rectangles is cairo clipped to them, so it matches a full
/// repaint within cairo's own anti-aliasing differences (a level or two per channel at a
/// clip's edge), which the tests allow for.
public final class Renderer {
  /// cairo surfaces over recently drawn pixel buffers (the app's few shm buffers), so that a
  /// frame does not create one.
  var surfaces: [(buffer: PixelBuffer, surface: OpaquePointer)] = []
  /// Labels' fonts and layouts, by style.
  let labels = LabelPainter.Cache()
  /// Whether groups are clipped to their subtree's box (tests turn it off to compare with
  /// window-sized groups).
  var clipsGroups = true
  /// The most pixels a clipped group has had (for tests).
  var largestGroupArea = 0
  /// Which views this frame draws (Renderer+Layer.swift).
  var layerMode = LayerMode.all

  /// A renderer; between frames it keeps cairo surfaces over the buffers it drew and the
  /// labels' layouts.
  public init() {}

  deinit {
    for entry in surfaces { cairo_surface_destroy(entry.surface) }
  }

  /// Paints `background` over the whole buffer, then the window's view tree (a full repaint).
  ///
  /// - Parameters:
  ///   - window: the tree to draw; window coordinates are the root view's.
  ///   - background: the colour under everything (replaces the buffer's pixels).
  ///   - buffer: the pixels to draw into, in buffer (device) pixels.
  ///   - scale: device pixels per logical pixel (the Wayland buffer scale).
  ///   - excluding: views not drawn, with their subtrees (they are on layers of their own:
  ///     Renderer+Layer.swift).
  public func render(
    _ window: Window, background: Color, into buffer: PixelBuffer, scale: Double, excluding: [View] = []
  ) {
    layerMode = excluding.isEmpty ? .all : .without(excluding)
    defer { layerMode = .all }
    let cr: OpaquePointer = cairo_create(surface(for: buffer))
    defer { cairo_destroy(cr) }
    // Views wholly outside the buffer are not drawn.
    let shown = Rect(x: 0, y: 0, width: Double(buffer.width) / scale, height: Double(buffer.height) / scale)
    paint(window, background: background, on: cr, scale: scale, cull: scale > 0 ? shown : nil)
    cairo_surface_flush(cairo_get_target(cr))
  }

  /// Paints `background` (nil: leaves the pixels under the views as they are) and the tree
  /// on `cr` at `scale`; with `cull` (window coordinates), skips views whose box misses it.
  func paint(_ window: Window, background: Color?, on cr: OpaquePointer, scale: Double, cull: Rect?) {
    if let background {
      cairo_save(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
      ShapePainter.setSource(background, on: cr)
      cairo_paint(cr)
      cairo_restore(cr)
    }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_scale(cr, scale, scale)
    labels.steadyScale = scale
    drawRoot(of: window, on: cr, cull: cull)
  }

  /// Draws `view` (and its subtree) in its superview's coordinate space; `superviewToWindow`
  /// maps that space to the window's.
  /// - Parameter opaque: draws the view as if its `alpha` were 1 (a layer's view, whose
  ///   opacity `renderLayer` applies to the whole layer at the end).
  func draw(
    _ view: View, on cr: OpaquePointer, superviewToWindow: AffineTransform, cull: Rect?, opaque: Bool = false
  ) {
    var isLayerAncestor = false
    switch layerMode {
    case .all: break
    case .without(let lifted): if lifted.contains(where: { $0 === view }) { return }
    case .only(let lifted):
      if view === lifted {
        layerMode = .all
        draw(view, on: cr, superviewToWindow: superviewToWindow, cull: cull, opaque: true)
        layerMode = .only(lifted)
        return
      }
      guard lifted.isDescendant(of: view) else { return }
      isLayerAncestor = true
    }
    // Each property is read once: culling reads them for every view of the window.
    let alpha = opaque && view.alpha > 0 ? 1 : view.alpha
    guard alpha > 0, !view.isHidden else { return }
    let t = view.transform
    let center = view.center
    let bounds = view.bounds
    // Geometry that is not finite (a NaN from a division by zero) shows nothing: passed to
    // cairo, it would stop every view drawn after it from showing.
    guard Self.isFinite(t, center, bounds) else { return }
    var toWindow = superviewToWindow
    var ownContentVisible = true
    if let cull {
      // The view's own coordinates to the window's, as cairo's matrix below (less the scale);
      // most views are not transformed, and most of a damaged frame's views are culled here.
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
      ownContentVisible = Self.reaches(cull, bounds: view.drawnBounds, toWindow: toWindow)
      if !ownContentVisible && (view.clipsToBounds || view.subviews.isEmpty) { return }
    }
    if isLayerAncestor { ownContentVisible = false }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_translate(cr, center.x, center.y)
    if !t.isIdentity {
      // A view flattened to nothing (scaled by 0, or by so little that the matrix cannot be
      // inverted) shows nothing: cairo takes such a matrix as an error, for good.
      guard CairoLimits.isInvertible(transformedBy: t, on: cr) else { return }
      var matrix = cairo_matrix_t()
      cairo_matrix_init(&matrix, t.a, t.b, t.c, t.d, t.tx, t.ty)
      cairo_transform(cr, &matrix)
    }
    cairo_translate(cr, -bounds.midX, -bounds.midY)
    drawContents(
      of: view, bounds: bounds, alpha: alpha, on: cr, toWindow: toWindow, cull: cull,
      drawsOwnContent: ownContentVisible)
  }

  /// Whether a view's geometry is finite.
  private static func isFinite(_ t: AffineTransform, _ center: Point, _ bounds: Rect) -> Bool {
    t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
      && center.x.isFinite && center.y.isFinite && bounds.minX.isFinite && bounds.minY.isFinite
      && bounds.width.isFinite && bounds.height.isFinite
  }

  /// Whether a view's `bounds`, mapped by `toWindow`, may touch a pixel of `cull`.
  private static func reaches(_ cull: Rect, bounds: Rect, toWindow: AffineTransform) -> Bool {
    cull.intersects(cullBox(of: bounds, toWindow: toWindow))
  }

  /// The window box `bounds` (mapped by `toWindow`) may draw in, for culling: its bounding box
  /// with a hair of slack, so that rounding in the box never skips a pixel cairo would touch.
  static func cullBox(of bounds: Rect, toWindow: AffineTransform) -> Rect {
    bounds.boundingBox(applying: toWindow).insetBy(dx: -cullSlack, dy: -cullSlack)
  }

  /// Draws the root view's content and subviews (window coordinates are its own).
  private func drawRoot(of window: Window, on cr: OpaquePointer, cull: Rect?) {
    let root = window.rootView
    let alpha = root.alpha
    guard alpha > 0, !root.isHidden else { return }
    let bounds = root.bounds
    var drawsOwnContent = cull.map { Self.reaches($0, bounds: root.drawnBounds, toWindow: .identity) } ?? true
    switch layerMode {
    case .all: break
    case .without(let lifted): if lifted.contains(where: { $0 === root }) { return }
    case .only: drawsOwnContent = false
    }
    if !drawsOwnContent && (root.clipsToBounds || root.subviews.isEmpty) { return }
    drawContents(
      of: root, bounds: bounds, alpha: alpha, on: cr, toWindow: .identity, cull: cull,
      drawsOwnContent: drawsOwnContent)
  }

  /// Logical pixels added around each view's box before culling it.
  private static let cullSlack = 1.0 / 64

  /// A cairo surface over `buffer`'s pixels, kept for the next frames (a few: the app's
  /// buffers and its layers' take turns).
  func surface(for buffer: PixelBuffer) -> OpaquePointer {
    if let index = surfaces.firstIndex(where: {
      $0.buffer.data == buffer.data && $0.buffer.width == buffer.width && $0.buffer.height == buffer.height
        && $0.buffer.stride == buffer.stride
    }) {
      // Pixels may have changed outside cairo since (the compositor, copies).
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
  static let keptSurfaces = 8
}
