import CWaylandClient
import CWaylandCursor
import Glibc

/// The user's cursor theme (`XCURSOR_THEME`, `XCURSOR_SIZE` times the window's scale),
/// shown on the cursor surface (`wl_surface`, version 4) of a pointer or a tablet tool.
///
/// Only the cursors of the `CursorKind`s are read (`XcursorFile`), each into a small shm
/// buffer of its own; when the theme has no default cursor, libwayland-cursor's
/// `wl_cursor_theme_load` is used instead (it reads the whole theme, and has built-in
/// cursors when there is none). The cursors are looked up once per theme load, so switching
/// shapes on pointer motion allocates nothing. A missing theme or cursor is not an error: a
/// kind without a cursor falls back to the default one, and without that the pointer keeps
/// whatever the compositor shows.
final class CursorTheme {
  /// One kind's cursor image: its buffer, size in pixels and hotspot.
  private struct Image {
    let buffer: OpaquePointer
    let width: Int
    let height: Int
    let hotspotX: Int
    let hotspotY: Int
  }

  /// The integer scale the theme is loaded for.
  private(set) var scale: Int
  private let shm: OpaquePointer
  /// libwayland-cursor's theme, only when the files of the theme could not be read.
  private var theme: OpaquePointer?
  /// The buffers of the cursors read from the theme's files.
  private var buffers: [ShmBuffer] = []
  /// The first image of each kind's cursor, by `CursorKind.rawValue`.
  private var images: [Image?] = []

  /// Loads the theme at the user's size (24 when unset or invalid) times `scale`.
  init(shm: OpaquePointer, scale: Int) {
    self.shm = shm
    self.scale = max(1, scale)
    load()
  }

  deinit {
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

  /// Shows the cursor of `kind` on `surface` as `target`'s cursor, with the serial of its
  /// latest enter.
  func show(_ kind: CursorKind, on surface: OpaquePointer, for target: CursorTarget, serial: UInt32) {
    guard let image = images[kind.rawValue] ?? images[CursorKind.default.rawValue] else { return }
    let width = image.width
    let height = image.height
    // A theme without the scaled size gives smaller images; a buffer scale that does not
    // divide the buffer size is a protocol error, so such a cursor is shown unscaled.
    let bufferScale = width % scale == 0 && height % scale == 0 ? scale : 1
    target.setCursor(
      serial: serial, surface: surface, hotspotX: Int32(image.hotspotX / bufferScale),
      hotspotY: Int32(image.hotspotY / bufferScale))
    wl_surface_set_buffer_scale(surface, Int32(bufferScale))
    wl_surface_attach(surface, image.buffer, 0, 0)
    wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
    wl_surface_commit(surface)
  }

  private func load() {
    if let theme { wl_cursor_theme_destroy(theme) }
    theme = nil
    buffers.removeAll()
    let name = getenv("XCURSOR_THEME").map { String(cString: $0) } ?? "default"
    let size =
      getenv("XCURSOR_SIZE").flatMap { Int(String(cString: $0)) }.flatMap { $0 > 0 && $0 <= 256 ? $0 : nil }
      ?? 24
    let path = XcursorFile.searchPath()
    images = CursorKind.allCases.map { kind in
      for cursorName in kind.themeNames {
        if let file = XcursorFile.find(cursorName, theme: name, path: path),
          let image = XcursorFile.load(file, size: size * scale), let loaded = upload(image)
        {
          return loaded
        }
      }
      return nil
    }
    if images[CursorKind.default.rawValue] == nil { loadWholeTheme(name: name, size: size) }
  }

  /// The cursors through libwayland-cursor, which reads every cursor of the theme (or uses
  /// its built-in ones).
  private func loadWholeTheme(name: String, size: Int) {
    buffers.removeAll()
    theme = wl_cursor_theme_load(name, Int32(size * scale), shm)
    images = CursorKind.allCases.map { kind in
      guard let theme else { return nil }
      for name in kind.themeNames {
        if let cursor = wl_cursor_theme_get_cursor(theme, name), cursor.pointee.image_count > 0,
          let image = cursor.pointee.images[0], let buffer = wl_cursor_image_get_buffer(image)
        {
          return Image(
            buffer: buffer, width: Int(image.pointee.width), height: Int(image.pointee.height),
            hotspotX: Int(image.pointee.hotspot_x), hotspotY: Int(image.pointee.hotspot_y))
        }
      }
      return nil
    }
  }

  /// `image` copied into a buffer of its own (kept in `buffers`); nil when it cannot be made.
  private func upload(_ image: XcursorImage) -> Image? {
    guard
      let buffer = try? ShmBuffer(
        shm: shm, width: image.width, height: image.height, format: WL_SHM_FORMAT_ARGB8888.rawValue)
    else { return nil }
    let pixels = buffer.data.bindMemory(to: UInt32.self, capacity: image.width * image.height)
    for row in 0..<image.height {
      for column in 0..<image.width {
        pixels[row * buffer.stride / 4 + column] = image.pixels[row * image.width + column]
      }
    }
    buffers.append(buffer)
    return Image(
      buffer: buffer.proxy, width: image.width, height: image.height, hotspotX: image.hotspotX,
      hotspotY: image.hotspotY)
  }
}
