import GestureKit

/// A dragged view on a layer of its own: its pixels drawn once into a buffer of their own
/// (which the compositor then moves, as Core Animation moves a `CALayer` without redrawing
/// it), and the window drawn without it.
///
/// A view qualifies (`layerExtent(of:in:scale:)`) when the layer, composited over the window
/// drawn without it, shows what the window drawn with it would:
/// - its transform to the window is axis-aligned (no rotation or shear), the scale whole;
/// - no ancestor is hidden or translucent (a translucent ancestor composites its subtree as
///   one group), and every clipping ancestor holds the view's drawn box whole (a layer is not
///   clipped by its window's views);
/// - no view drawn after it (a later sibling of it or of an ancestor, with its subtree) may
///   paint inside its box (a view with nothing to paint there, such as an overlay covering
///   the window whose custom drawing says so, does not count);
/// - its box, grown by `layerMargin`, lies inside the window (a layer is not clipped by the
///   window either).
///
/// The layer's pixels are premultiplied ARGB, transparent around the view; composited with
/// `OVER` they give the window's pixels exactly, except where two of the view's own
/// partly covering drawings meet over a partly covered pixel (a stroke's anti-aliased edge
/// over its fill's): there the 8-bit roundings come in another order (over transparency,
/// then over the window), which moves a channel by at most two levels: one in most such
/// pixels, two in a few of 16 000 random layers (RendererLayerTests).
extension Renderer {
  /// Logical pixels of transparent margin around a layer's view: more than a translucent
  /// view's group reaches past its box (`groupMargin` device pixels), so that nothing the
  /// view draws is cut by the layer's edge.
  public static let layerMargin = 4.0

  /// The window rectangle (whole logical pixels) a layer showing `view` and its subtree
  /// covers, when `view` qualifies (see above) at `scale`; nil when it does not.
  public func layerExtent(of view: View, in window: Window, scale: Double) -> Rect? {
    guard scale >= 1, scale == scale.rounded(), view !== window.rootView, view.window === window else {
      return nil
    }
    let toWindow = view.transformToWindow
    guard toWindow.b == 0, toWindow.c == 0, toWindow.a > 0, toWindow.d > 0,
      let box = view.drawnBox(toWindow: toWindow),
      box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite
    else { return nil }
    let extent = box.insetBy(dx: -Self.layerMargin, dy: -Self.layerMargin).roundedOut
    guard extent.minX >= 0, extent.minY >= 0, extent.maxX <= window.size.width,
      extent.maxY <= window.size.height
    else { return nil }
    var child = view
    while let parent = child.superview {
      guard !parent.isHidden, parent.alpha >= 1 else { return nil }
      let parentToWindow = parent.transformToWindow
      if parent.clipsToBounds {
        let clip = parent.bounds.boundingBox(applying: parentToWindow)
        guard parentToWindow.b == 0, parentToWindow.c == 0, clip.minX <= box.minX, clip.minY <= box.minY,
          clip.maxX >= box.maxX, clip.maxY >= box.maxY
        else { return nil }
      }
      // Everything drawn after `child`: its later siblings and their subtrees.
      guard let index = parent.subviews.firstIndex(where: { $0 === child }) else { return nil }
      for later in parent.subviews[(index + 1)...] {
        let laterToWindow = later.transformToSuperview.concatenating(parentToWindow)
        if Self.mayPaint(later, toWindow: laterToWindow, inside: extent) { return nil }
      }
      child = parent
    }
    return extent
  }

  /// Whether `view` or its subtree (`toWindow`: the view's coordinates to the window's) may
  /// paint a pixel of `rect` (window coordinates): its drawn box meets it, and its style, its
  /// image or its custom drawing (`CustomDrawing.paintsNothing(in:)`) may paint there, or a
  /// subview may.
  private static func mayPaint(_ view: View, toWindow: AffineTransform, inside rect: Rect) -> Bool {
    guard let box = view.drawnBox(toWindow: toWindow), box.intersects(rect) else { return false }
    let style = view.style
    if style.fill != nil || style.stroke != nil || view.hasLabel || (view as? ImageView)?.image != nil {
      return true
    }
    if let custom = view as? CustomDrawing {
      guard let toView = toWindow.inverted(), custom.paintsNothing(in: rect.boundingBox(applying: toView))
      else {
        return true
      }
    }
    for subview in view.subviews
    where mayPaint(subview, toWindow: subview.transformToSuperview.concatenating(toWindow), inside: rect) {
      return true
    }
    return false
  }

  /// Draws `view` and its subtree alone into `buffer` (premultiplied ARGB, cleared to
  /// transparent first), as a full repaint of `window` at `scale` would draw them; the
  /// buffer's pixel (0, 0) is window point `origin` (whole logical pixels: a
  /// `layerExtent`'s origin).
  public func renderLayer(
    of view: View, in window: Window, into buffer: PixelBuffer, origin: Point, scale: Double
  ) {
    for row in 0..<buffer.height {
      buffer.data.advanced(by: row * buffer.stride).initializeMemory(
        as: UInt8.self, repeating: 0, count: buffer.width * 4)
    }
    layerMode = .only(view)
    defer { layerMode = .all }
    fastFill.beginFrame()
    draw(
      window, background: nil, into: buffer,
      origin: (Int((origin.x * scale).rounded()), Int((origin.y * scale).rounded())), scale: scale,
      frameWidth: Int((window.size.width * scale).rounded()),
      frameHeight: Int((window.size.height * scale).rounded()),
      cull: nil)
  }
}

/// Which views a frame draws: all of them, all but one that is on a layer of its own, or
/// only that one (with its subtree) for its layer.
enum LayerMode {
  /// Every view.
  case all
  /// Every view but `view` and its subtree.
  case without(View)
  /// Only `view` and its subtree; its ancestors draw nothing of their own.
  case only(View)
}
