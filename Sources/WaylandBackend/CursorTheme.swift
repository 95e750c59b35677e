import CWaylandClient
import CWaylandCursor
import Glibc

/// The user's cursor theme through libwayland-cursor (`XCURSOR_THEME`, `XCURSOR_SIZE` times
/// the window's scale), shown on a `wl_surface` (version 4) of its own with the cursor role.
///
/// The cursors of every `CursorKind` are looked up once per theme load, so switching shapes
/// on pointer motion allocates nothing. A missing theme or cursor is not an error: a kind
/// without a cursor falls back to the default one, and without that the pointer keeps
/// whatever the compositor shows.
final class CursorTheme {
  /// The integer scale the theme is loaded for.
  private(set) var scale: Int
  private let shm: OpaquePointer
  private let surface: OpaquePointer
  private var theme: OpaquePointer?
  /// The first image of each kind's cursor, by `CursorKind.rawValue`.
  private var images: [UnsafeMutablePointer<wl_cursor_image>?] = []

  /// Loads the theme at the user's size (24 when unset or invalid) times `scale`.
  init(shm: OpaquePointer, compositor: OpaquePointer, scale: Int) {
    self.shm = shm
    self.scale = max(1, scale)
    surface = wl_compositor_create_surface(compositor)
    load()
  }

  deinit {
    wl_surface_destroy(surface)
    if let theme { wl_cursor_theme_destroy(theme) }
  }

  /// Reloads the theme for another scale; returns true when it did (the cursor must then be
  /// shown again, since the old buffers are gone).
  func setScale(_ newScale: Int) -> Bool {
    let newScale = max(1, newScale)
    guard newScale != scale else { return false }
    scale = newScale
    load()
    return true
  }

  /// Shows the cursor of `kind` for `pointer`, with the serial of its latest enter.
  func show(_ kind: CursorKind, pointer: OpaquePointer, serial: UInt32) {
    guard let image = images[kind.rawValue] ?? images[CursorKind.default.rawValue],
      let buffer = wl_cursor_image_get_buffer(image)
    else { return }
    let width = Int(image.pointee.width)
    let height = Int(image.pointee.height)
    // A theme without the scaled size gives smaller images; a buffer scale that does not
    // divide the buffer size is a protocol error, so such a cursor is shown unscaled.
    let bufferScale = width % scale == 0 && height % scale == 0 ? scale : 1
    wl_pointer_set_cursor(
      pointer, serial, surface, Int32(Int(image.pointee.hotspot_x) / bufferScale),
      Int32(Int(image.pointee.hotspot_y) / bufferScale))
    wl_surface_set_buffer_scale(surface, Int32(bufferScale))
    wl_surface_attach(surface, buffer, 0, 0)
    wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
    wl_surface_commit(surface)
  }

  private func load() {
    if let theme { wl_cursor_theme_destroy(theme) }
    let name = getenv("XCURSOR_THEME")
    let size =
      getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap {
        $0 > 0 && $0 <= 256 ? $0 : nil
      } ?? 24
    theme = wl_cursor_theme_load(name, size * Int32(scale), shm)
    images = CursorKind.allCases.map { kind in
      guard let theme else { return nil }
      for name in kind.themeNames {
        if let cursor = wl_cursor_theme_get_cursor(theme, name), cursor.pointee.image_count > 0,
          let image = cursor.pointee.images[0]
        {
          return image
        }
      }
      return nil
    }
  }
}
