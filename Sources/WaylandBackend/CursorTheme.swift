import CWaylandClient
import CWaylandCursor
import Glibc

/// The user's cursor theme through libwayland-cursor (`XCURSOR_THEME`, `XCURSOR_SIZE`), shown
/// on a surface of its own whenever the pointer enters.
///
/// A missing theme or cursor is not an error: the pointer then keeps whatever the
/// compositor shows.
final class CursorTheme {
  private let theme: OpaquePointer?
  private let surface: OpaquePointer

  /// Loads the theme at the user's size (24 when unset or invalid).
  init(shm: OpaquePointer, compositor: OpaquePointer) {
    let name = getenv("XCURSOR_THEME")
    let size =
      getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap {
        $0 > 0 && $0 <= 256 ? $0 : nil
      } ?? 24
    theme = wl_cursor_theme_load(name, size, shm)
    surface = wl_compositor_create_surface(compositor)
  }

  deinit {
    wl_surface_destroy(surface)
    if let theme { wl_cursor_theme_destroy(theme) }
  }

  /// Shows the named cursor (e.g. "left_ptr") for `pointer`, with the enter serial.
  func show(_ name: String, pointer: OpaquePointer, serial: UInt32) {
    guard let theme, let cursor = wl_cursor_theme_get_cursor(theme, name),
      cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
      let buffer = wl_cursor_image_get_buffer(image)
    else { return }
    wl_pointer_set_cursor(
      pointer, serial, surface, Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y))
    wl_surface_attach(surface, buffer, 0, 0)
    wl_surface_damage(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
    wl_surface_commit(surface)
  }
}
