import Foundation
import TestSupport
import Testing

@testable import Playground

/// SceneWatcher (inotify): a save in place, a save written elsewhere and renamed over the file,
/// and the file deleted or moved away are all changes of the file watched; a change of another
/// file of the folder is not.
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
}
