import CWaylandClient
import CWaylandProtocols

/// `wl_subsurface` (core protocol, version 1) on a `wl_surface` (version 4) above the window's
/// surface, with a `wp_viewport` (viewporter, version 1) when the compositor offers one: a
/// moving view's own layer, which the compositor moves and scales while the window's surface
/// keeps its pixels (`LayerPlan`).
///
/// The surface takes no input (an empty input region): touches and the pointer over it reach
/// the window's surface below, as if the view were drawn there. It is synchronized with its
/// parent, so a new picture, a move or a hide appears with the window's next commit, together
/// with whatever that commit changes in the window.
///
/// With a viewport the buffer is mapped onto a destination size in logical pixels, so the
/// picture can be drawn at any scale (fractional ones too) and shown larger or smaller than
/// drawn; without one the buffer scale is an integer and the picture is shown as drawn.
final class ViewLayer {
  /// The layer's `wl_surface`.
  let surface: OpaquePointer
  private let subsurface: OpaquePointer
  private let viewport: OpaquePointer?
  private let pool: BufferPool
  /// Whether a buffer is attached (the layer is on screen after the parent's next commit).
  private(set) var isShown = false
  /// The position last set, in the parent surface's logical coordinates.
  private var position: (x: Int, y: Int)?
  /// The destination size last set, in logical pixels.
  private var destination: (width: Int, height: Int)?
  /// The size of the buffer attached, in pixels.
  private var bufferSize = (width: 0, height: 0)
  /// The source rectangle last set (`wl_fixed_t`), nil when none (the whole buffer).
  private var source: (x: Int32, y: Int32, width: Int32, height: Int32)?

  /// How much more memory than a picture needs each layer buffer has (BufferPool).
  static let bufferHeadroom = 2.0

  /// Whether the layer can be shown at a size other than the one it was drawn at.
  var canScale: Bool { viewport != nil }

  /// Creates the layer surface above `parent`, hidden.
  init(
    compositor: OpaquePointer, subcompositor: OpaquePointer, viewporter: OpaquePointer?, shm: OpaquePointer,
    parent: OpaquePointer
  ) {
    // Twice the memory of a picture: a turning or growing card's picture changes size every
    // frame (BufferPool).
    pool = BufferPool(shm: shm, format: WL_SHM_FORMAT_ARGB8888.rawValue, headroom: Self.bufferHeadroom)
    let surface = wl_compositor_create_surface(compositor)!
    self.surface = surface
    subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent)
    viewport = viewporter.map { wp_viewporter_get_viewport($0, surface) }
    wl_subsurface_place_above(subsurface, parent)
    let region = wl_compositor_create_region(compositor)
    wl_surface_set_input_region(surface, region)
    wl_region_destroy(region)
  }

  deinit {
    if let viewport { wp_viewport_destroy(viewport) }
    wl_subsurface_destroy(subsurface)
    wl_surface_destroy(surface)
  }

  /// Draws a new picture of `width` x `height` logical pixels at `scale` buffer pixels per
  /// logical pixel (premultiplied ARGB, `paint` gets the buffer's pixels, size and stride)
  /// and shows it at (`x`, `y`); false when every buffer is busy (nothing changed), or when
  /// `scale` is fractional and there is no viewport. Appears with the parent's next commit.
  func show(
    width: Int, height: Int, scale: Double, x: Int, y: Int,
    paint: (UnsafeMutableRawPointer, Int, Int, Int) -> Void
  ) throws(WaylandError) -> Bool {
    let integer = scale == scale.rounded() && scale >= 1
    guard viewport != nil || integer else { return false }
    let size = (
      width: Int((Double(width) * scale).rounded(.up)), height: Int((Double(height) * scale).rounded(.up))
    )
    guard let buffer = try pool.acquire(width: max(1, size.width), height: max(1, size.height)) else {
      return false
    }
    paint(buffer.data, buffer.width, buffer.height, buffer.stride)
    buffer.markAttached()
    if viewport == nil { wl_surface_set_buffer_scale(surface, Int32(scale)) }
    // The new picture is shown whole, where it was drawn.
    setSource(nil)
    bufferSize = (buffer.width, buffer.height)
    wl_surface_attach(surface, buffer.proxy, 0, 0)
    wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
    destination = nil
    place(x: x, y: y, width: width, height: height)
    wl_surface_commit(surface)
    isShown = true
    return true
  }

  /// Shows the picture at (`x`, `y`), `width` x `height` logical pixels (its drawn size
  /// without a viewport), from `source` of its buffer (nil: all of it; ignored without a
  /// viewport), at the parent's next commit.
  func move(x: Int, y: Int, width: Int, height: Int, source: LayerSource? = nil) {
    let resized = place(x: x, y: y, width: width, height: height)
    let resourced = setSource(source?.fixed(bufferWidth: bufferSize.width, bufferHeight: bufferSize.height))
    // The destination and the source are the surface's own state: a commit of them (cached
    // until the parent's).
    if resized || resourced { wl_surface_commit(surface) }
  }

  /// Sets the viewport's source rectangle (`wl_fixed_t`; nil: unset, the whole buffer) when
  /// it changed; returns whether it did.
  @discardableResult
  private func setSource(_ rect: (x: Int32, y: Int32, width: Int32, height: Int32)?) -> Bool {
    guard let viewport else { return false }
    switch (rect, source) {
    case (nil, nil): return false
    case (let new?, let old?) where new == old: return false
    default: break
    }
    let unset: Int32 = -256  // wl_fixed_t of -1: no source rectangle
    wp_viewport_set_source(
      viewport, rect?.x ?? unset, rect?.y ?? unset, rect?.width ?? unset, rect?.height ?? unset)
    source = rect
    return true
  }

  /// Sets the position and, with a viewport, the destination size; returns whether the
  /// destination changed.
  @discardableResult
  private func place(x: Int, y: Int, width: Int, height: Int) -> Bool {
    if position == nil || position! != (x, y) {
      wl_subsurface_set_position(subsurface, Int32(x), Int32(y))
      position = (x, y)
    }
    guard let viewport, destination == nil || destination! != (width, height) else { return false }
    wp_viewport_set_destination(viewport, Int32(max(1, width)), Int32(max(1, height)))
    destination = (width, height)
    return true
  }

  /// Stacks the layer just above `sibling` (the parent's surface or another layer's), at the
  /// parent's next commit.
  func place(above sibling: OpaquePointer) {
    wl_subsurface_place_above(subsurface, sibling)
  }

  /// Hides the layer at the parent's next commit.
  func hide() {
    guard isShown else { return }
    wl_surface_attach(surface, nil, 0, 0)
    wl_surface_commit(surface)
    isShown = false
  }
}
