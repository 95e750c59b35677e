#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Watches a scene file and the images it names for saves, with inotify (`run --watch`).
///
/// The folders holding the files are watched rather than the files, so that a save that
/// writes another file and renames it over the old one (as most editors do) is seen as well
/// as a save in place: a file watched changed when it is created, closed after writing or
/// moved into its folder, and when it is deleted or moved out of it (the reload then fails
/// and says so, rather than showing a scene whose file is gone as if it were saved).
///
/// A folder deleted or moved away (a `git checkout` of a branch without it, say) is a change
/// too; its nearest existing ancestor is then watched until the folder is there again
/// (`mkdir`, or moved back), which is a change as well, and the folder itself is watched
/// again. A folder further up moved away (not deleted) is not seen: that would take a watch
/// on every folder up to the root, woken by every file made in the home folder.
///
/// The inotify descriptor is non-blocking and read from the app's own event loop
/// (`WaylandApplication.watch(_:onReadable:)`): no thread, no polling.
public final class SceneWatcher {
  /// What every watch reports: one mask for all, since a folder can be both a file's and a
  /// missing folder's ancestor, and another mask for the same folder would replace it.
  private static let mask = UInt32(
    IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)
  /// The events that say a watched folder is gone, or its watch ended.
  private static let folderGone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)

  /// The inotify descriptor to wait on.
  public let fd: Int32
  /// Folder watched by each watch descriptor.
  private var folders: [Int32: String] = [:]
  /// The files watched, by folder: their names in it.
  private var files: [String: Set<String>] = [:]
  /// For each missing folder, the nearest ancestor that exists (watched) and the name in it
  /// on the way down to the folder: whose arrival brings the folder back.
  private var awaited: [String: Set<String>] = [:]
  /// The paths asked for last, watched again when a folder went or came back.
  private var paths: [String] = []

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
    self.paths = paths
    var wanted: [String: Set<String>] = [:]
    for path in paths {
      // Links and `..` resolved: two spellings of one folder are one watch.
      let folder = PathName.directory(of: path)
      wanted[FileSystem.canonicalPath(folder) ?? folder, default: []].insert(PathName.lastComponent(of: path))
    }
    var waiting: [String: Set<String>] = [:]
    var needed = Set<String>()
    for folder in wanted.keys {
      var child = folder
      var parent = folder
      while !FileSystem.isFolder(parent) {
        child = parent
        parent = PathName.directory(of: child)
        if parent == child { break }
      }
      needed.insert(parent)
      if parent != folder { waiting[parent, default: []].insert(PathName.lastComponent(of: child)) }
    }
    for (wd, folder) in folders where !needed.contains(folder) {
      inotify_rm_watch(fd, wd)
      folders[wd] = nil
    }
    for folder in needed where !folders.values.contains(folder) {
      let wd = inotify_add_watch(fd, folder, Self.mask)
      if wd >= 0 { folders[wd] = folder }
    }
    files = wanted
    awaited = waiting
  }

  /// Reads every event queued (without waiting); returns whether one of them is about a file
  /// watched, or a folder on the way to one went or came back.
  public func readChanges() -> Bool {
    var changed = false
    var folderMoved = false
    var eventsLost = false
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var offset = 0
      // Each event is the system header's `struct inotify_event`, then `len` bytes of name.
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let event = buffer.withUnsafeBytes {
          $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        }
        let (wd, mask, length) = (event.wd, event.mask, Int(event.len))
        let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
        let name = String(decoding: nameBytes, as: UTF8.self)
        offset += header + length
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          // Events were lost, a folder's departure among them maybe: watch everything anew.
          (changed, eventsLost) = (true, true)
          continue
        }
        guard let folder = folders[wd] else { continue }
        if mask & Self.folderGone != 0 {
          // The folder went (its watch, if still there, follows it elsewhere: dropped).
          inotify_rm_watch(fd, wd)
          folders[wd] = nil
          (changed, folderMoved) = (true, true)
        } else if files[folder]?.contains(name) == true {
          changed = true
        } else if awaited[folder]?.contains(name) == true {
          (changed, folderMoved) = (true, true)
        }
      }
    }
    if eventsLost {
      for wd in folders.keys { inotify_rm_watch(fd, wd) }
      folders.removeAll()
    }
    if folderMoved || eventsLost { watch(paths) }
    return changed
  }
}
