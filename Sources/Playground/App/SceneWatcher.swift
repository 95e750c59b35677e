#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Watches a scene file and the images it names for saves, with inotify (`run --watch`).
///
/// The folders holding the files are watched rather than the files, so that a save that
/// writes another file and renames it over the old one (as most editors do) is seen as well
/// as a save in place: a file watched changed when it is closed after writing or moved into
/// its folder, and when it is deleted or moved out of it (the reload then fails and says so,
/// rather than showing a scene whose file is gone as if it were saved). The inotify
/// descriptor is non-blocking and read from the app's own event loop
/// (`WaylandApplication.watch(_:onReadable:)`): no thread, no polling.
public final class SceneWatcher {
  /// The inotify descriptor to wait on.
  public let fd: Int32
  /// Folder watched by each watch descriptor.
  private var folders: [Int32: String] = [:]
  /// The files watched, by folder: their names in it.
  private var files: [String: Set<String>] = [:]

  /// A watcher of nothing yet; nil (with `reason`, the system's error) when inotify is not
  /// available.
  public init?(reason: inout String) {
    fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else {
      reason = String(cString: strerror(errno))
      return nil
    }
  }

  deinit {
    close(fd)
  }

  /// Watches `paths` (and only those) from now on.
  public func watch(_ paths: [String]) {
    var wanted: [String: Set<String>] = [:]
    for path in paths {
      wanted[Self.canonical(PathName.directory(of: path)), default: []].insert(
        PathName.lastComponent(of: path))
    }
    for (wd, folder) in folders where wanted[folder] == nil {
      inotify_rm_watch(fd, wd)
      folders[wd] = nil
    }
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
    for folder in wanted.keys where !folders.values.contains(folder) {
      let wd = inotify_add_watch(fd, folder, mask)
      if wd >= 0 { folders[wd] = folder }
    }
    files = wanted
  }

  /// Reads every event queued (without waiting); returns whether one of them is about a file
  /// watched.
  public func readChanges() -> Bool {
    var changed = false
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return changed }
      var offset = 0
      // struct inotify_event: wd (4), mask (4), cookie (4), len (4), then len bytes of name.
      while offset + 16 <= count {
        let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
        let length = Int(
          buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
        let name = String(decoding: nameBytes, as: UTF8.self)
        if let folder = folders[wd], files[folder]?.contains(name) == true { changed = true }
        offset += 16 + length
      }
    }
  }

  /// `folder` with its links and `..` resolved (two spellings of one folder are one watch),
  /// or as it is when it cannot be.
  private static func canonical(_ folder: String) -> String {
    guard let resolved = realpath(folder, nil) else { return folder }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
