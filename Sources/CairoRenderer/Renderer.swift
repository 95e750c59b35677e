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
///   each other (like `CALayer` group opacity). The group is only as large as the subtree's
///   box (Renderer+Group.swift).
/// - `clipsToBounds` clips the view's content and subtree to its bounds rect.
///
/// A view's layer whose transform to the screen is axis-aligned (no rotation or shear) is
/// drawn at its position rounded to a quarter of a device pixel, while the view keeps its
/// exact geometry (`center`, `frame` and a pan's `translation(in:)` are the model; only where
/// the layer's pixels land moves, by an eighth of a pixel at most, and a 512th more at a
/// tie). Why: a card dragged by fractions of a pixel still moves anti-aliased, in
/// quarter-pixel steps, and each of its at most 16 sub-pixel phases is drawn from a cached
/// coverage mask instead of being rasterized again every frame. A subview a quarter
/// multiple away from its superview keeps that exact offset; a view is left at its exact
/// position when rounding would let its pixels leave those of its exact box (the damage
/// recorded for it); full repaints and damage repairs round alike (Renderer+Snapping.swift).
public final class Renderer {
  /// Pixels for repairing damage, allocated once at `scratchCapacity` bytes (grown only for a
  /// wider buffer) and reused from frame to frame (Renderer+Damage.swift).
  var scratch: UnsafeMutableRawPointer?
  var scratchCapacity = 0
  /// The scratch image's size in bytes, unless one band of the buffer's width needs more.
  var scratchBudget = Renderer.defaultScratchBudget
  /// The fewest rows of a damaged rectangle a band repairs at once.
  var minimumBandRows = 32
  /// cairo surfaces over recently drawn pixel buffers (the app's few shm buffers), so that a
  /// frame does not create one.
  var surfaces: [(buffer: PixelBuffer, surface: OpaquePointer)] = []
  /// The image cairo draws straight into (the buffer, or a translucent view's group; no clip
  /// but whole pixels): where `fastFill` may write pixels itself; nil when cairo does not.
  var directTarget: PixelBuffer?
  /// Where device pixel (0, 0) lies in `directTarget`: (0, 0) for the buffer drawn, the
  /// group's offset inside a translucent view's group (Renderer+Content.swift).
  var directOffset = (x: 0, y: 0)
  /// The pixel-aligned clip in force while `directTarget` is set, in device pixels.
  var directClip = PixelBox.everything
  /// The whole frame in the pixels of the buffer being drawn (a damaged rectangle's scratch
  /// image is part of it): shapes inside it are cut by nothing in a full repaint.
  var frameBox = PixelBox.everything
  /// While repairing damage: the frame columns the scratch image covers (nil in a full
  /// repaint), the columns it must cover for cairo's output to be exact, and the frame rows
  /// it must cover besides the band's (none: `Int.max..<Int.min`; Renderer+Damage.swift).
  var scratchColumns: (start: Int, end: Int)?
  var requiredColumns = (start: 0, end: 0)
  var requiredRows = (start: 0, end: 0)
  /// Device pixels per logical pixel of the frame being drawn.
  var frameScale = 1.0
  /// The pixels of the buffer being drawn, in device space.
  var targetBox = PixelBox.everything
  /// While repairing damage: the device box of the axis-aligned clip in force (nil: none), or
  /// whether a rotated view's clip made it a path (Renderer+ClipEdges.swift).
  var clipBox: FixedBox?
  var clipIsPath = false
  /// While repairing damage, inside a translucent view's group: the device pixels its surface
  /// has in the full repaint, less the frame (Renderer+ClipEdges.swift).
  var groupExtents: PixelBox?
  /// Exact shortcuts for backgrounds and opaque box fills and strokes.
  let fastFill = FastFill()
  /// Labels' fonts and layouts, by style.
  let labels = LabelPainter.Cache()
  /// Labels' coverage, replayed where cairo would draw them straight into the image drawn.
  let labelMasks: LabelMasks
  /// Whether the custom drawing of the view being drawn painted anything (reused).
  let customInk = DrawingContext.Ink()
  /// Whether groups are clipped to their subtree's box (tests turn it off to compare with
  /// window-sized groups).
  var clipsGroups = true
  /// The most pixels a clipped group has had (for tests).
  var largestGroupArea = 0
  /// cairo surfaces over the scratch image, by shape (Renderer+Surfaces.swift).
  var scratchSurfaces: [(surface: OpaquePointer, width: Int, height: Int)] = []
  /// Whether views' positions are rounded to quarter device pixels (Renderer+Snapping.swift;
  /// tests turn it off to draw exact positions).
  var snapsPositions = true
  /// How far, in device pixels, rounding moved the coordinate space of the view being drawn
  /// (its subviews inherit the move).
  var snapOffset = (x: 0.0, y: 0.0)
  /// Which views this frame draws (Renderer+Layer.swift).
  var layerMode = LayerMode.all

  /// A renderer; between frames it keeps a scratch image of bounded size for damaged
  /// rectangles, and caches (cairo surfaces, coverage masks, label layouts).
  public init() {
    labelMasks = LabelMasks(colors: fastFill)
  }

  deinit {
    for entry in surfaces { cairo_surface_destroy(entry.surface) }
    dropScratchSurfaces()
    scratch?.deallocate()
  }

  /// Paints `background` over the whole buffer, then the window's view tree (a full repaint).
  ///
  /// - Parameters:
  ///   - window: the tree to draw; window coordinates are the root view's.
  ///   - background: the colour under everything (replaces the buffer's pixels).
  ///   - buffer: the pixels to draw into, in buffer (device) pixels.
  ///   - scale: device pixels per logical pixel (the Wayland buffer scale).
  ///   - excluding: a view not drawn, with its subtree (it is on a layer of its own:
  ///     Renderer+Layer.swift).
  public func render(
    _ window: Window, background: Color, into buffer: PixelBuffer, scale: Double, excluding: View? = nil
  ) {
    fastFill.beginFrame()
    layerMode = excluding.map { .without($0) } ?? .all
    defer { layerMode = .all }
    draw(
      window, background: background, into: buffer, origin: (0, 0), scale: scale, frameWidth: buffer.width,
      frameHeight: buffer.height, cull: nil)
  }

  /// Redraws only `damage`: the buffer's pixels inside the damaged rectangles become exactly
  /// what a full repaint would give, and every pixel outside them is left untouched.
  ///
  /// Each rectangle (window coordinates, as `Window.takeDamage()` gives them) is scaled to
  /// buffer pixels and rounded out, then drawn on its own; views whose box misses it are
  /// skipped (with their subtree when the view clips or has no subviews). Empty `damage`
  /// draws nothing.
  ///
  /// - Parameters:
  ///   - window: the tree to draw; window coordinates are the root view's.
  ///   - background: the colour under everything inside the damage.
  ///   - buffer: the pixels to repair, holding an earlier frame of the same window.
  ///   - scale: device pixels per logical pixel (the Wayland buffer scale).
  ///   - damage: what changed since the frame the buffer holds, in window coordinates.
  ///   - unchanged: pixels inside `damage` the buffer already holds as the repair would draw
  ///     them, left alone (`unchangedPixels(after:scale:into:)`).
  ///   - excluding: a view not drawn, with its subtree (it is on a layer of its own).
  public func render(
    _ window: Window, background: Color, into buffer: PixelBuffer, scale: Double, damage: [Rect],
    unchanged: [Rect] = [], excluding: View? = nil
  ) {
    guard !damage.isEmpty else { return }
    layerMode = excluding.map { .without($0) } ?? .all
    defer { layerMode = .all }
    repair(window, background: background, into: buffer, scale: scale, damage: damage, unchanged: unchanged)
  }

  /// Paints `background` (nil: leaves the pixels under the views as they are) and the tree
  /// into `buffer`, whose top-left pixel is pixel `origin` of the whole frame (`frameWidth` x
  /// `frameHeight`); with `cull`, skips views whose box misses it.
  func draw(
    _ window: Window, background: Color?, into buffer: PixelBuffer, origin: (x: Int, y: Int), scale: Double,
    frameWidth: Int, frameHeight: Int, cull: Rect?
  ) {
    let surface = self.surface(for: buffer)
    let cr: OpaquePointer = cairo_create(surface)
    defer { cairo_destroy(cr) }

    if let background, fastFill.isEnabled {
      fastFill.paintBackground(background, into: buffer)
      cairo_surface_mark_dirty(surface)
    } else if let background {
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
      ShapePainter.setSource(background, on: cr)
      cairo_paint(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }
    directTarget = buffer
    directOffset = (0, 0)
    frameBox = PixelBox(
      minX: -origin.x, minY: -origin.y, maxX: frameWidth - origin.x, maxY: frameHeight - origin.y)
    frameScale = scale
    targetBox = PixelBox(minX: 0, minY: 0, maxX: buffer.width, maxY: buffer.height)
    defer { directTarget = nil }

    cairo_translate(cr, Double(-origin.x), Double(-origin.y))
    cairo_scale(cr, scale, scale)
    snapOffset = (0, 0)
    drawRoot(of: window, on: cr, cull: cull)
    cairo_surface_flush(surface)
  }

  /// Draws `view` (and its subtree) in its superview's coordinate space; `superviewToWindow`
  /// maps that space to the window's.
  func draw(
    _ view: View, on cr: OpaquePointer, superviewToWindow: AffineTransform, cull: Rect?
  ) {
    var isLayerAncestor = false
    switch layerMode {
    case .all: break
    case .without(let lifted): if view === lifted { return }
    case .only(let lifted):
      if view === lifted {
        layerMode = .all
        draw(view, on: cr, superviewToWindow: superviewToWindow, cull: cull)
        layerMode = .only(lifted)
        return
      }
      guard lifted.isDescendant(of: view) else { return }
      isLayerAncestor = true
    }
    // Each property is read once: culling reads them for every view of the window.
    let alpha = view.alpha
    guard alpha > 0, !view.isHidden else { return }
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
      ownContentVisible = Self.reaches(cull, bounds: view.drawnBounds, toWindow: toWindow)
      if !ownContentVisible && (view.clipsToBounds || view.subviews.isEmpty) { return }
    }
    if isLayerAncestor { ownContentVisible = false }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_translate(cr, center.x, center.y)
    if !t.isIdentity {
      var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
      cairo_transform(cr, &matrix)
    }
    cairo_translate(cr, -bounds.midX, -bounds.midY)
    let superviewOffset = snapOffset
    defer { snapOffset = superviewOffset }
    snapPosition(of: bounds, on: cr)
    drawContents(
      of: view, bounds: bounds, alpha: alpha, on: cr, toWindow: toWindow, cull: cull,
      drawsOwnContent: ownContentVisible)
  }

  /// Whether a view's `bounds`, mapped by `toWindow`, may touch a pixel of `cull`.
  private static func reaches(_ cull: Rect, bounds: Rect, toWindow: AffineTransform) -> Bool {
    // A hair of slack so that rounding in the box never skips a pixel cairo would touch.
    let box = bounds.boundingBox(applying: toWindow).insetBy(dx: -cullSlack, dy: -cullSlack)
    return cull.intersects(box)
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
    case .without(let lifted): if root === lifted { return }
    case .only: drawsOwnContent = false
    }
    if !drawsOwnContent && (root.clipsToBounds || root.subviews.isEmpty) { return }
    drawContents(
      of: root, bounds: bounds, alpha: alpha, on: cr, toWindow: .identity, cull: cull,
      drawsOwnContent: drawsOwnContent)
  }

  /// Logical pixels added around each view's box before culling it.
  private static let cullSlack = 1.0 / 64
}
