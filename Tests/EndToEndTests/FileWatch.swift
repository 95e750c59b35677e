import Foundation

/// Waits for something to happen to a file or folder, woken by inotify rather than by
/// polling with sleeps: each wake-up re-checks a condition, until it holds or a deadline.
enum FileWatch {
  /// Waits until `condition()` is true, re-checking whenever `path` (a file, or a folder
  /// with `events` such as `IN_CREATE`) changes. The condition is checked first and after
  /// the watch is set, so a change between the two is not missed. Returns whether it held.
  static func wait(
    on path: String, for events: Int32 = Int32(IN_MODIFY), until deadline: Deadline,
    _ condition: () -> Bool
  ) throws -> Bool {
    if condition() { return true }
    let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard watch >= 0 else { throw HarnessError("inotify_init1 failed: errno \(errno)") }
    defer { Glibc.close(watch) }
    guard inotify_add_watch(watch, path, UInt32(events)) >= 0 else {
      throw HarnessError("cannot watch \(path): errno \(errno)")
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !condition() {
      guard !deadline.hasPassed else { return false }
      var fds = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
      _ = poll(&fds, 1, deadline.remainingMilliseconds)
      _ = read(watch, &buffer, buffer.count)
    }
    return true
  }
}
