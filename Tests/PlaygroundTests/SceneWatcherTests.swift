import Foundation
import TestSupport
import Testing

@testable import Playground

/// SceneWatcher (inotify): a save in place, a save written elsewhere and renamed over the file,
/// and the file deleted or moved away are all changes of the file watched; a change of another
/// file of the folder is not. A folder deleted or moved away, and back, is a change, and its
/// files are watched again once it is back.
/// Inotify queues an event before the system call that caused it returns, so each check reads
/// right after the write, without waiting.
@Suite("Scene watcher")
struct SceneWatcherTests {
  @Test("saves in place and by rename, deletions and moves away are seen; other files of the folder are not")
  func saves() throws {
    let folder = temporaryDirectory()
    let scene = folder + "/s.scene.json"
    let image = folder + "/pic.png"
    for path in [scene, image, folder + "/other.txt"] {
      try "x".write(toFile: path, atomically: false, encoding: .utf8)
    }
    var reason = ""
    let made = SceneWatcher(reason: &reason)
    let watcher = try #require(made, "no inotify: \(reason)")
    watcher.watch([scene, image])
    #expect(!watcher.readChanges(), "nothing changed yet")
    try "in place".write(toFile: scene, atomically: false, encoding: .utf8)
    #expect(watcher.readChanges())
    try "renamed over".write(toFile: scene, atomically: true, encoding: .utf8)
    #expect(watcher.readChanges())
    try "the image".write(toFile: image, atomically: true, encoding: .utf8)
    #expect(watcher.readChanges())
    try "another file".write(toFile: folder + "/other.txt", atomically: false, encoding: .utf8)
    #expect(!watcher.readChanges(), "a file not watched")
    // Deleted, or moved out of the folder (a file moved in is a save, above).
    try FileManager.default.removeItem(atPath: image)
    #expect(watcher.readChanges(), "the image deleted")
    try FileManager.default.moveItem(atPath: scene, toPath: folder + "/s.scene.json~")
    #expect(watcher.readChanges(), "the scene moved away")
    try FileManager.default.removeItem(atPath: folder + "/other.txt")
    #expect(!watcher.readChanges(), "another file deleted")
    try "back".write(toFile: scene, atomically: false, encoding: .utf8)
    #expect(watcher.readChanges(), "the scene saved again")
    try "x".write(toFile: image, atomically: false, encoding: .utf8)
    _ = watcher.readChanges()
    // Once the scene names no image, the image is no longer watched.
    watcher.watch([scene])
    try "the image again".write(toFile: image, atomically: false, encoding: .utf8)
    #expect(!watcher.readChanges())
  }

  @Test("a folder deleted, then made again, is watched again: its files' saves are seen")
  func folderDeletedAndBack() throws {
    let (root, folder, scene, watcher) = try Self.watchedScene(in: "scenes")
    try FileManager.default.removeItem(atPath: folder)
    #expect(watcher.readChanges(), "the folder deleted")
    try "elsewhere".write(toFile: root + "/other.json", atomically: false, encoding: .utf8)
    #expect(!watcher.readChanges(), "another file of the folder above")
    // As `git checkout` brings it back: the folder, then the file.
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    #expect(watcher.readChanges(), "the folder back")
    try "saved".write(toFile: scene, atomically: false, encoding: .utf8)
    #expect(watcher.readChanges(), "a save in the folder made again")
    try "saved".write(toFile: scene, atomically: true, encoding: .utf8)
    #expect(watcher.readChanges(), "a save by rename there")
  }

  @Test("a folder moved away is a change, its new place is not watched, and moved back it is again")
  func folderMovedAwayAndBack() throws {
    let (root, folder, scene, watcher) = try Self.watchedScene(in: "a/b")
    try FileManager.default.moveItem(atPath: folder, toPath: root + "/gone")
    #expect(watcher.readChanges(), "the folder moved away")
    try "moved".write(toFile: root + "/gone/s.scene.json", atomically: false, encoding: .utf8)
    #expect(!watcher.readChanges(), "the file at the folder's new place is not the scene")
    try FileManager.default.moveItem(atPath: root + "/gone", toPath: folder)
    #expect(watcher.readChanges(), "moved back")
    try "saved".write(toFile: scene, atomically: false, encoding: .utf8)
    #expect(watcher.readChanges(), "a save after it came back")
    // Deleted with the folder above it (`rm -r`, which deletes the inner one first), then
    // made again two levels at once (`mkdir -p`).
    try FileManager.default.removeItem(atPath: root + "/a")
    #expect(watcher.readChanges())
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(watcher.readChanges(), "both folders made again")
    _ = watcher.readChanges()
    try "saved".write(toFile: scene, atomically: false, encoding: .utf8)
    #expect(watcher.readChanges(), "a save in the folders made again")
  }

  @Test("events lost to a full queue: the folders are watched anew, one replaced meanwhile included")
  func queueOverflow() throws {
    let (root, folder, scene, watcher) = try Self.watchedScene(in: "scenes")
    // More events than the kernel queues (fs.inotify.max_queued_events, 16384 by default),
    // then the folder replaced by another: its events are lost with the rest.
    let limit =
      (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
      .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16384
    try #require(limit <= 100_000, "a queue of \(limit) events is too long to fill here")
    // Two files in turn: inotify merges an event with the same one queued just before it.
    let others = [folder + "/a.txt", folder + "/b.txt"]
    for other in others { try #require(FileManager.default.createFile(atPath: other, contents: nil)) }
    for index in 0...limit {
      let fd = open(others[index % 2], O_WRONLY)
      try #require(fd >= 0)
      close(fd)
    }
    try FileManager.default.moveItem(atPath: folder, toPath: root + "/old")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    #expect(watcher.readChanges(), "events were lost")
    try "saved".write(toFile: scene, atomically: false, encoding: .utf8)
    #expect(watcher.readChanges(), "a save in the new folder")
    try "old".write(toFile: root + "/old/s.scene.json", atomically: false, encoding: .utf8)
    #expect(!watcher.readChanges(), "the old folder, moved away, is not watched")
  }

  /// A scene file in `subfolder` (made, with the folders above it) of a new temporary
  /// folder, and a watcher of it: the temporary folder, the scene's, the scene and the watcher.
  private static func watchedScene(in subfolder: String) throws -> (String, String, String, SceneWatcher) {
    let root = temporaryDirectory()
    let folder = root + "/" + subfolder
    let scene = folder + "/s.scene.json"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "x".write(toFile: scene, atomically: false, encoding: .utf8)
    return (root, folder, scene, try watcher(of: [scene]))
  }

  /// A watcher of `paths`, nothing read yet.
  private static func watcher(of paths: [String]) throws -> SceneWatcher {
    var reason = ""
    let made = SceneWatcher(reason: &reason)
    let watcher = try #require(made, "no inotify: \(reason)")
    watcher.watch(paths)
    #expect(!watcher.readChanges(), "nothing changed yet")
    return watcher
  }
}
