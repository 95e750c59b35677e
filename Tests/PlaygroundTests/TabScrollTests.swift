import GestureKit
import Testing

@testable import Playground

/// In a window narrower than eight readable tabs, the rows of tabs scroll sideways: a drag or
/// the wheel moves them, never past either end, and a tap still picks the tab under it.
@Suite("Tab scrolling")
struct TabScrollTests {
  /// A replay of `cards` with every bundled scene in the picker, in a 400 px wide window.
  private func narrowReplay() throws -> Replay {
    let catalog = SceneCatalog.bundled()
    let replay = Replay(scene: try catalog.entries[0].load(), log: nil, catalog: catalog)
    replay.window.size = Size(width: 400, height: 500)
    return replay
  }

  /// The tabs' track: its left edge in the window.
  private func trackLeft(_ replay: Replay) throws -> Double {
    let track = try #require(
      replay.session.chrome.subviews.first { $0.identifier == "chrome.tabs" }?.subviews.first)
    return track.superview!.convert(track.frame, to: nil).minX
  }

  @Test("a drag moves the tabs, stops at the ends, and a tap then picks the tab under it")
  func dragAndTap() throws {
    let replay = try narrowReplay()
    let strip = replay.session.chrome.frame
    let row = strip.minY + ChromeLayout.hintBarHeight + 15
    #expect(try trackLeft(replay) == 0)
    let width = ChromeLayout.tabWidth(stripWidth: 400)
    #expect(width == ChromeLayout.minimumTabWidth)
    let trace = """
      {"t": 0.0, "type": "touch.down", "id": 1, "x": 350, "y": \(row)}
      {"t": 0.02, "type": "touch.motion", "id": 1, "x": 250, "y": \(row)}
      {"t": 0.04, "type": "touch.motion", "id": 1, "x": 150, "y": \(row)}
      {"t": 0.06, "type": "touch.up", "id": 1}
      """
    replay.play(try Trace(jsonLines: trace, fileName: "t.jsonl"))
    // The finger moved 200 px; the pan took the first steps of it past its hysteresis.
    let left = try trackLeft(replay)
    #expect(left < -150 && left >= -200, "\(left)")
    // Tab 4 (the fifth, at 384...480 in the track, off the window) is now in it.
    let fifth = ChromeLayout.tabFrame(index: 4, of: SceneCatalog.bundled().entries.count, width: 400)
      .offsetBy(dx: left, dy: strip.minY)
    #expect(fifth.minX >= 0 && fifth.maxX <= 400, "\(fifth)")
    let tap = """
      {"t": 1.0, "type": "touch.down", "id": 2, "x": \(fifth.midX), "y": \(fifth.midY)}
      {"t": 1.05, "type": "touch.up", "id": 2}
      """
    replay.play(try Trace(jsonLines: tap, fileName: "t.jsonl"))
    #expect(replay.session.scene.name == SceneCatalog.bundled().entries[4].name)
    // A long drag the other way stops at the left end.
    let back = """
      {"t": 2.0, "type": "touch.down", "id": 3, "x": 50, "y": \(row)}
      {"t": 2.02, "type": "touch.motion", "id": 3, "x": 200, "y": \(row)}
      {"t": 2.04, "type": "touch.motion", "id": 3, "x": 390, "y": \(row)}
      {"t": 2.06, "type": "touch.up", "id": 3}
      """
    replay.play(try Trace(jsonLines: back, fileName: "t.jsonl"))
    #expect(try trackLeft(replay) == 0)
  }

  @Test("the selected tab is in view when the strip is built; a wide window does not scroll")
  func selectedInView() throws {
    let replay = try narrowReplay()
    replay.session.perform(.selectScene(7), at: 0)
    let left = try trackLeft(replay)
    let eighth = ChromeLayout.tabFrame(index: 7, of: SceneCatalog.bundled().entries.count, width: 400)
      .offsetBy(dx: left, dy: 0)
    #expect(eighth.maxX <= 400 && eighth.minX >= 0, "\(eighth)")
    replay.window.size = Size(width: 960, height: 728)
    #expect(try trackLeft(replay) == 0)
    #expect(ChromeLayout.tabWidth(stripWidth: 960) == 120)
  }

  /// A replay of the first of `count` small scenes, in a window 960x728.
  private func manyScenes(_ count: Int) throws -> Replay {
    let scenes = try (0..<count).map { index in
      try Scene(
        json: #"{"name": "s\#(index)", "title": "S\#(index)", "size": [400, 300], "views": []}"#,
        fileName: "s.json")
    }
    let replay = Replay(scene: scenes[0], log: nil, catalog: SceneCatalog(scenes: scenes))
    replay.window.size = Size(width: 960, height: 728)
    return replay
  }

  @Test("a data folder of many scenes keeps the strip at 4 rows: the rows get longer and scroll")
  func manyScenesScroll() throws {
    // Up to 32 scenes: 8 to a row, as many rows as that takes.
    #expect(ChromeLayout.tabRows(tabCount: 32) == 4 && ChromeLayout.tabColumns(tabCount: 32) == 8)
    #expect(ChromeLayout.tabRows(tabCount: 9) == 2 && ChromeLayout.tabColumns(tabCount: 9) == 8)
    for count in [33, 40, 2_000] {
      let replay = try manyScenes(count)
      let strip = replay.session.chrome.frame
      #expect(strip.height == 28 + 4 * 30, "\(count) scenes: the strip is \(strip.height) px high")
      #expect(strip.minY == 728 - 148)
      let columns = ChromeLayout.tabColumns(tabCount: count)
      #expect(columns * 4 >= count && (columns - 1) * 4 < count)
      // The last tab, off the window to the right, is in view once picked by a replayed key...
      replay.session.perform(.selectScene(count - 1), at: 0)
      let last = ChromeLayout.tabFrame(index: count - 1, of: count, width: 960)
        .offsetBy(dx: try trackLeft(replay), dy: strip.minY)
      #expect(last.minX >= 0 && last.maxX <= 960 && last.maxY <= 728, "\(count) scenes: \(last)")
      // ...and a tap on the first tab of its row picks that tab.
      let row = (count - 1) / columns
      replay.session.perform(.selectScene(0), at: 0)
      #expect(try trackLeft(replay) == 0)
      let first = ChromeLayout.tabFrame(index: row * columns, of: count, width: 960).offsetBy(
        dx: 0, dy: strip.minY)
      let tap = """
        {"t": 1.0, "type": "touch.down", "id": 2, "x": \(first.midX), "y": \(first.midY)}
        {"t": 1.05, "type": "touch.up", "id": 2}
        """
      replay.play(try Trace(jsonLines: tap, fileName: "t.jsonl"))
      #expect(replay.session.scene.name == "s\(row * columns)")
    }
  }
}
