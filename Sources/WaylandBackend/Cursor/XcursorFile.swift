import Glibc

/// One image of an Xcursor file (the format of cursor themes, libXcursor's `XcursorImage`):
/// premultiplied ARGB pixels, native endianness, row after row.
struct XcursorImage {
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// The hotspot's column, in pixels from the left edge.
  let hotspotX: Int
  /// The hotspot's row, in pixels from the top edge.
  let hotspotY: Int
  /// `width * height` pixels.
  let pixels: [UInt32]
}

/// Finds and reads single cursors of a theme, as libwayland-cursor's `xcursor.c` finds
/// them, without loading the whole theme: `wl_cursor_theme_load` reads every cursor of the
/// theme (about 120 files for Adwaita) into shared memory, where the window shows three.
enum XcursorFile {
  /// The directories holding themes: `$XCURSOR_PATH`, else `$XDG_DATA_HOME/icons` (or
  /// `~/.local/share/icons`) and the usual system ones; `~` is `$HOME`.
  static func searchPath() -> [String] {
    let home = getenv("HOME").map { String(cString: $0) } ?? ""
    let list: String
    if let custom = getenv("XCURSOR_PATH") {
      list = String(cString: custom)
    } else {
      let dataHome = getenv("XDG_DATA_HOME").map { String(cString: $0) }.flatMap {
        $0.hasPrefix("/") ? $0 : nil
      }
      list =
        (dataHome ?? "~/.local/share") + "/icons:~/.icons:/usr/share/icons:/usr/share/pixmaps:~/.cursors:"
        + "/usr/share/cursors/xorg-x11:/usr/X11R6/lib/X11/icons"
    }
    return list.split(separator: ":").map { $0.hasPrefix("~") ? home + $0.dropFirst() : String($0) }
  }

  /// The file of cursor `name` in `theme` or the themes it inherits (at most 8 deep), the
  /// first directory of `path` having it winning.
  static func find(_ name: String, theme: String, path: [String], depth: Int = 0) -> String? {
    guard depth < 8, !theme.isEmpty, !theme.contains("/") else { return nil }
    for directory in path {
      let file = "\(directory)/\(theme)/cursors/\(name)"
      if access(file, R_OK) == 0 { return file }
    }
    // As xcursor.c: the first index.theme found names the inherited themes.
    for directory in path {
      guard let inherits = inheritedThemes(of: "\(directory)/\(theme)/index.theme") else { continue }
      for parent in inherits {
        if let file = find(name, theme: parent, path: path, depth: depth + 1) { return file }
      }
      break
    }
    return nil
  }

  /// The themes an `index.theme` file's `Inherits=` line names, nil without the file.
  static func inheritedThemes(of indexFile: String) -> [String]? {
    guard let bytes = read(indexFile, offset: 0, count: 65536) else { return nil }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard trimmed.hasPrefix("Inherits") else { continue }
      let value = trimmed.dropFirst("Inherits".count).drop { $0 == " " || $0 == "\t" }
      guard value.first == "=" else { continue }
      return value.dropFirst().split { $0 == ";" || $0 == "," || $0 == " " || $0 == "\t" || $0 == "\r" }
        .map(String.init)
    }
    return []
  }

  /// The first image of the nominal size closest to `size` in the Xcursor file at `path`,
  /// nil when the file is not a valid Xcursor file.
  static func load(_ path: String, size: Int) -> XcursorImage? {
    // File header: magic, header size, version, entry count; then 12-byte entries: type,
    // nominal size, position.
    guard let header = read(path, offset: 0, count: 16), header.count == 16,
      word(header, 0) == 0x7275_6358, word(header, 4) >= 16
    else { return nil }
    let entries = Int(min(word(header, 12), 0x10000))
    guard let toc = read(path, offset: Int(word(header, 4)), count: entries * 12), toc.count == entries * 12
    else { return nil }
    let imageType: UInt32 = 0xfffd_0002
    var best: (distance: Int, position: Int)?
    for index in 0..<entries where word(toc, index * 12) == imageType {
      let distance = abs(Int(word(toc, index * 12 + 4)) - size)
      if best == nil || distance < best!.distance {
        best = (distance, Int(word(toc, index * 12 + 8)))
      }
    }
    // Image chunk: header size, type, nominal size, version, width, height, hotspot x and
    // y, delay; then the pixels.
    guard let position = best?.position, let chunk = read(path, offset: position, count: 36),
      chunk.count == 36,
      word(chunk, 0) == 36, word(chunk, 4) == imageType
    else { return nil }
    let width = Int(word(chunk, 16))
    let height = Int(word(chunk, 20))
    let hotspotX = Int(word(chunk, 24))
    let hotspotY = Int(word(chunk, 28))
    guard width > 0, height > 0, width <= 0x7fff, height <= 0x7fff, hotspotX <= width, hotspotY <= height,
      let data = read(path, offset: position + 36, count: width * height * 4),
      data.count == width * height * 4
    else { return nil }
    let pixels = (0..<width * height).map { word(data, $0 * 4) }
    return XcursorImage(width: width, height: height, hotspotX: hotspotX, hotspotY: hotspotY, pixels: pixels)
  }

  /// The little-endian 32-bit word at `offset`.
  private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
  }

  /// Up to `count` bytes of the file at `path` from `offset`, never more than the file holds
  /// (a header may claim any size); nil when it cannot be read or is not a regular file. A
  /// FIFO (which would block the open until a writer comes), a directory or a device in a
  /// theme is no cursor.
  private static func read(_ path: String, offset: Int, count: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, offset >= 0, offset <= Int(info.st_size)
    else { return nil }
    let count = min(count, Int(info.st_size) - offset)
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      filled += got
    }
    return Array(bytes[..<filled])
  }
}
