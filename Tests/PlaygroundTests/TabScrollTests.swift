import GestureKit
import Testing

@testable import Playground

/// In a window narrower than eight readable tabs, the tabs wrap into more rows; where four rows
/// cannot hold them, the rows scroll sideways: a drag or the wheel moves them, never past
/// either end, half a tab at the right edge shows there are more, and a tap still picks the
/// tab under it.
@Suite("Tab scrolling")
struct TabScrollTests {
  /// A replay of `cards` with every bundled scene in the picker, in a window `width` wide.
  private func narrowReplay(width: Double = 300) throws -> Replay {
    let catalog = SceneCatalog.bundled()
    let replay = Replay(scene: try catalog.entries[0].load(), log: nil, catalog: catalog)
    replay.window.size = Size(width: width, height: 500)
    return replay
  }

  /// Every bundled scene's tab of `replay`, in window coordinates.
  private func tabFrames(_ replay: Replay) throws -> [Rect] {
    let tabs = try #require(
      replay.session.chrome.subviews.first { $0.identifier == "chrome.tabs" }?.subviews.first?.subviews)
    return tabs.map { $0.superview!.convert($0.frame, to: nil) }
  }

  @Test(
    "a window too narrow for 8 tabs a row wraps them into more rows, each tab whole in the window",
    arguments: [(960.0, 8, 2), (768, 8, 2), (767, 7, 3), (578, 6, 3), (400, 4, 4)])
  func narrowWraps(width: Double, columns: Int, rows: Int) throws {
    let replay = try narrowReplay(width: width)
    let count = SceneCatalog.bundled().entries.count
    try #require(count > 8 && count <= 16, "the bundled scenes changed: \(count)")
    #expect(ChromeLayout.tabColumns(tabCount: count, width: width) == columns)
    #expect(ChromeLayout.tabRows(tabCount: count, width: width) == rows)
    #expect(!ChromeLayout.tabsScroll(tabCount: count, width: width))
    let strip = replay.session.chrome.frame
    #expect(strip == Rect(x: 0, y: 500 - strip.height, width: width, height: 28 + Double(rows) * 30))
    let frames = try tabFrames(replay)
    #expect(frames.count == count)
    for (index, frame) in frames.enumerated() {
      #expect(frame.minX >= 0 && frame.maxX <= width && frame.maxY <= 500, "tab \(index): \(frame)")
      #expect(frame.width >= ChromeLayout.minimumTabWidth - 4, "tab \(index): \(frame)")
    }
    // The scene keeps the rest of the window, and a tap on the last tab picks it.
    #expect(ChromeLayout.sceneArea(windowSize: replay.window.size, tabCount: count).maxY == strip.minY)
    let last = try #require(frames.last)
    let tap = """
      {"t": 1.0, "type": "touch.down", "id": 2, "x": \(last.midX), "y": \(last.midY)}
      {"t": 1.05, "type": "touch.up", "id": 2}
      """
    replay.play(try Trace(jsonLines: tap, fileName: "t.jsonl"))
    #expect(replay.session.scene.name == SceneCatalog.bundled().entries[count - 1].name)
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
    let count = SceneCatalog.bundled().entries.count
    // 300 px holds 3 tabs of 96 px, and 4 rows of 3 cannot hold them all: 4 columns scroll.
    #expect(ChromeLayout.tabsScroll(tabCount: count, width: 300))
    #expect(ChromeLayout.tabColumns(tabCount: count, width: 300) == 4)
    // Two tabs and a half show: the half is the cue that the rows go on.
    #expect(ChromeLayout.tabWidth(stripWidth: 300, tabCount: count) == 120)
    let third = ChromeLayout.tabFrame(index: 2, of: count, width: 300)
    #expect(third.minX < 300 && third.maxX > 300 && third.midX == 300, "\(third)")
    let trace = """
      {"t": 0.0, "type": "touch.down", "id": 1, "x": 290, "y": \(row)}
      {"t": 0.02, "type": "touch.motion", "id": 1, "x": 190, "y": \(row)}
      {"t": 0.04, "type": "touch.motion", "id": 1, "x": 90, "y": \(row)}
      {"t": 0.06, "type": "touch.up", "id": 1}
      """
    replay.play(try Trace(jsonLines: trace, fileName: "t.jsonl"))
    // The finger moved 200 px; the pan took the first steps of it past its hysteresis, and the
    // track stops with its right end (480 px) at the window's.
    let left = try trackLeft(replay)
    #expect(left == -180, "\(left)")
    // Tab 3 (the fourth, at 360...480 in the track, off the window) is now in it.
    let fourth = ChromeLayout.tabFrame(index: 3, of: count, width: 300).offsetBy(dx: left, dy: strip.minY)
    #expect(fourth.minX >= 0 && fourth.maxX <= 300, "\(fourth)")
    let tap = """
      {"t": 1.0, "type": "touch.down", "id": 2, "x": \(fourth.midX), "y": \(fourth.midY)}
      {"t": 1.05, "type": "touch.up", "id": 2}
      """
    replay.play(try Trace(jsonLines: tap, fileName: "t.jsonl"))
    #expect(replay.session.scene.name == SceneCatalog.bundled().entries[3].name)
    // A long drag the other way stops at the left end.
    let back = """
      {"t": 2.0, "type": "touch.down", "id": 3, "x": 50, "y": \(row)}
      {"t": 2.02, "type": "touch.motion", "id": 3, "x": 200, "y": \(row)}
      {"t": 2.04, "type": "touch.motion", "id": 3, "x": 295, "y": \(row)}
      {"t": 2.06, "type": "touch.up", "id": 3}
      """
    replay.play(try Trace(jsonLines: back, fileName: "t.jsonl"))
    #expect(try trackLeft(replay) == 0)
  }

  @Test("a wheel step moves the tabs by the strip's width to the power 2/3, as GTK scrolls a step")
  func wheelStep() throws {
    let replay = try narrowReplay()
    let row = replay.session.chrome.frame.minY + ChromeLayout.hintBarHeight + 15
    // 300 px: 44.8 px a step, where Weston's 10 px a step would take 18 steps to the end.
    let step = try #require(WheelStep.distance(page: 300))
    #expect(abs(step - 44.814) < 0.001)
    let trace = """
      {"t": 0.0, "type": "pointer.enter", "x": 150, "y": \(row)}
      {"t": 0.0, "type": "pointer.frame"}
      {"t": 0.1, "type": "pointer.axis", "axis": "vertical", "value": 10.0, "source": "wheel", "discrete": 1}
      {"t": 0.1, "type": "pointer.frame"}
      {"t": 0.15, "type": "pointer.axis", "axis": "vertical", "value": 10.0, "source": "wheel", "discrete": 1}
      {"t": 0.15, "type": "pointer.frame"}
      """
    replay.play(try Trace(jsonLines: trace, fileName: "t.jsonl"))
    let left = try trackLeft(replay)
    #expect(abs(left + 2 * step) < 1e-9, "\(left)")
    // Up: back by a step; far down, the track stops with its right end at the window's.
    let more = """
      {"t": 1.0, "type": "pointer.axis", "axis": "vertical", "value": -10.0, "source": "wheel", "discrete": -1}
      {"t": 1.0, "type": "pointer.frame"}
      """
    replay.play(try Trace(jsonLines: more, fileName: "t.jsonl"))
    #expect(abs(try trackLeft(replay) + step) < 1e-9)
    let far = """
      {"t": 2.0, "type": "pointer.axis", "axis": "vertical", "value": 100.0, "source": "wheel", "discrete": 10}
      {"t": 2.0, "type": "pointer.frame"}
      """
    replay.play(try Trace(jsonLines: far, fileName: "t.jsonl"))
    #expect(try trackLeft(replay) == -180)
  }

  @Test("the selected tab is in view when the strip is built; a wide window does not scroll")
  func selectedInView() throws {
    let replay = try narrowReplay()
    replay.session.perform(.selectScene(7), at: 0)
    let left = try trackLeft(replay)
    let eighth = ChromeLayout.tabFrame(index: 7, of: SceneCatalog.bundled().entries.count, width: 300)
      .offsetBy(dx: left, dy: 0)
    #expect(left < 0 && eighth.maxX <= 300 && eighth.minX >= 0, "\(eighth)")
    // A tab out of view is centred, so that the tabs either side of it show too: tab 6 (the
    // third column, 240...360) at 90...210, with 90 px of each neighbour showing.
    replay.session.perform(.selectScene(6), at: 0)
    #expect(try trackLeft(replay) == -150)
    // One in view at the left end leaves the track there.
    replay.session.perform(.selectScene(5), at: 0)
    #expect(try trackLeft(replay) == 0)
    replay.window.size = Size(width: 960, height: 728)
    #expect(try trackLeft(replay) == 0)
    #expect(ChromeLayout.tabWidth(stripWidth: 960, tabCount: SceneCatalog.bundled().entries.count) == 120)
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
    #expect(
      ChromeLayout.tabRows(tabCount: 32, width: 960) == 4
        && ChromeLayout.tabColumns(tabCount: 32, width: 960) == 8)
    #expect(
      ChromeLayout.tabRows(tabCount: 9, width: 960) == 2
        && ChromeLayout.tabColumns(tabCount: 9, width: 960) == 8)
    #expect(!ChromeLayout.tabsScroll(tabCount: 32, width: 960))
    for count in [33, 40, 2_000] {
      let replay = try manyScenes(count)
      let strip = replay.session.chrome.frame
      #expect(strip.height == 28 + 4 * 30, "\(count) scenes: the strip is \(strip.height) px high")
      #expect(strip.minY == 728 - 148)
      let columns = ChromeLayout.tabColumns(tabCount: count, width: 960)
      #expect(columns * 4 >= count && (columns - 1) * 4 < count)
      // Eight tabs and about a half show: the ninth crosses the right edge near its middle.
      let ninth = ChromeLayout.tabFrame(index: 8, of: count, width: 960)
      let shown = 960 - ninth.minX
      #expect(shown > ninth.width / 4 && shown < ninth.width * 3 / 4, "\(ninth)")
      #expect(ninth.width == ninth.width.rounded() && ninth.width >= ChromeLayout.minimumTabWidth, "\(ninth)")
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

  @Test("a strip of no width, or of a width that is not a number, lays its tabs out without a trap")
  func degenerateWidths() {
    for width in [0, 50, -10, .nan, .infinity] as [Double] {
      let columns = ChromeLayout.fittingColumns(width: width)
      #expect(columns >= 1 && columns <= ChromeLayout.tabsPerRow, "\(width)")
      let rows = ChromeLayout.tabRows(tabCount: 15, width: width)
      #expect(rows >= 2 && rows <= 4, "\(width)")
      _ = ChromeLayout.tabFrame(index: 14, of: 15, width: width)
    }
  }
}
