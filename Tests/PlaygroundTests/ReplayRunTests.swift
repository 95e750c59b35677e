import CairoRenderer
import GestureKit
import TestSupport
import Testing

@testable import Playground

#if canImport(Glibc)
  import Glibc
#endif

/// A 200x100 scene with one card "c" ([0, 0, 50, 50], white) that drags.
private let sceneText = """
  {"name": "run", "size": [200, 100], "background": "#000000", "views": [
    {"id": "c", "frame": [0, 0, 50, 50], "fill": "#ffffff",
     "gestures": [{"id": "c-pan", "kind": "pan", "behavior": "drag"}]}]}
  """

/// Drags the card 100 px to the right (frames left out).
private let traceText = """
  {"t": 0, "type": "touch.down", "id": 0, "x": 25, "y": 25}
  {"t": 0.01, "type": "touch.motion", "id": 0, "x": 75, "y": 25}
  {"t": 0.02, "type": "touch.motion", "id": 0, "x": 125, "y": 25}
  {"t": 0.03, "type": "touch.up", "id": 0}
  """

@Suite("Replay command")
struct ReplayRunTests {
  /// A folder with `scene.json` and `trace.jsonl` (`trace` as its text).
  private func folder(trace: String = traceText) throws -> String {
    let folder = temporaryDirectory()
    try writeFile(folder + "/scene.json", sceneText)
    try writeFile(folder + "/trace.jsonl", trace)
    return folder
  }

  @Test("a replay writes the log to the file and the final frame as a PNG")
  func logAndSnapshot() throws {
    let dir = try folder()
    let status = runReplay(
      scene: dir + "/scene.json", tracePath: dir + "/trace.jsonl", logPath: dir + "/log.jsonl",
      snapshotPath: dir + "/final.png")
    #expect(status == 0)
    let log = try readLines(dir + "/log.jsonl")
    #expect(
      log.last
        == #"{"t":0.03,"type":"final","views":[{"id":"c","center":[125.0,25.0],"scale":1.0,"rotation":0.0,"z":0}]}"#
    )
    let image = try Image(contentsOfPNG: dir + "/final.png")
    // The scene (200x100) with the picker's strip below it; "run" gets a tab of its own.
    let strip = ChromeLayout.height(tabCount: SceneCatalog.bundled().entries.count + 1, width: 200)
    #expect(image.width == 200 && image.height == 100 + Int(strip))
    #expect(image.pixel(x: 125, y: 25) == RGBA8(r: 255, g: 255, b: 255, a: 255))
    #expect(image.pixel(x: 25, y: 25) == RGBA8(r: 0, g: 0, b: 0, a: 255))
  }

  @Test("a rejected trace exits with 1 and writes nothing")
  func rejectedTrace() throws {
    let dir = try folder(trace: #"{"t": 0, "type": "touch.dwn"}"#)
    let status = runReplay(
      scene: dir + "/scene.json", tracePath: dir + "/trace.jsonl", logPath: dir + "/log.jsonl",
      snapshotPath: nil)
    #expect(status == 1)
    #expect(access(dir + "/log.jsonl", F_OK) != 0)
  }

  @Test("a rejected scene exits with 1")
  func rejectedScene() throws {
    let dir = try folder()
    let status = runReplay(
      scene: dir + "/missing.json", tracePath: dir + "/trace.jsonl", logPath: dir + "/log.jsonl",
      snapshotPath: nil)
    #expect(status == 1)
  }

  @Test("a log or snapshot that cannot be written exits with 4")
  func unwritable() throws {
    let dir = try folder()
    #expect(
      runReplay(
        scene: dir + "/scene.json", tracePath: dir + "/trace.jsonl", logPath: dir + "/no/such/log.jsonl",
        snapshotPath: nil) == 4)
    #expect(
      runReplay(
        scene: dir + "/scene.json", tracePath: dir + "/trace.jsonl", logPath: dir + "/log.jsonl",
        snapshotPath: dir + "/no/such/final.png") == 4)
  }
}
