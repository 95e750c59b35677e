import CWaylandClient
import CWaylandProtocols

/// `wl_subsurface` (core protocol, version 1) on a `wl_surface` (version 4) above the window's
/// surface: a dragged view's own layer, which the compositor moves while the window's
/// surface keeps its pixels (`LayerPlan`).
///
/// The surface takes no input (an empty input region): touches and the pointer over it reach
/// the window's surface below, as if the view were drawn there. It is synchronized with its
/// parent, so a new picture or a hide appears with the window's next commit, together with
/// whatever that commit changes in the window; its position is the parent's state too.
final class ViewLayer {
  private let surface: OpaquePointer
  private let subsurface: OpaquePointer
  private let pool: BufferPool
  /// Whether a buffer is attached (the layer is on screen after the parent's next commit).
  private(set) var isShown = false
  /// The position last set, in the parent surface's logical coordinates.
  private var position: (x: Int, y: Int)?

  /// Creates the layer surface above `parent`, hidden.
  init(compositor: OpaquePointer, subcompositor: OpaquePointer, shm: OpaquePointer, parent: OpaquePointer) {
    pool = BufferPool(shm: shm, format: WL_SHM_FORMAT_ARGB8888.rawValue)
    surface = wl_compositor_create_surface(compositor)
    subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent)
    wl_subsurface_place_above(subsurface, parent)
    let region = wl_compositor_create_region(compositor)
    wl_surface_set_input_region(surface, region)
    wl_region_destroy(region)
  }

  deinit {
    wl_subsurface_destroy(subsurface)
    wl_surface_destroy(surface)
  }

  /// Draws a new picture (`width` x `height` buffer pixels at `scale`, premultiplied ARGB)
  /// with `paint` and shows it at (`x`, `y`); false when every buffer is busy (nothing
  /// changed). Appears with the parent's next commit.
  func show(
    width: Int, height: Int, scale: Int, x: Int, y: Int,
    paint: (UnsafeMutableRawPointer, Int, Int, Int) -> Void
  ) throws(WaylandError) -> Bool {
    guard let buffer = try pool.acquire(width: width, height: height) else { return false }
    paint(buffer.data, buffer.width, buffer.height, buffer.stride)
    buffer.markAttached()
    wl_surface_set_buffer_scale(surface, Int32(scale))
    wl_surface_attach(surface, buffer.proxy, 0, 0)
    wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
    wl_surface_commit(surface)
    isShown = true
    move(x: x, y: y)
    return true
  }

  /// Moves the layer to (`x`, `y`) at the parent's next commit (nothing when it is there).
  func move(x: Int, y: Int) {
    if let position, position == (x, y) { return }
    wl_subsurface_set_position(subsurface, Int32(x), Int32(y))
    position = (x, y)
  }

  /// Hides the layer at the parent's next commit.
  func hide() {
    guard isShown else { return }
    wl_surface_attach(surface, nil, 0, 0)
    wl_surface_commit(surface)
    isShown = false
  }
}
