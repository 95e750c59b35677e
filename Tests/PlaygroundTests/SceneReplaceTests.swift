import GestureKit
import Testing

@testable import Playground

/// A new version of the scene shown (`run --watch` after a save): the drag in flight is
/// cancelled as for a switch of scene, a `scene` line is logged, the banner is hidden, and the
/// new scene's views are the window's.
@Suite("Scene replaced after a save")
struct SceneReplaceTests {
  static func scene(fill: String) throws -> Scene {
    try Scene(
      json: """
        {"name": "w", "title": "Watched", "size": [400, 300], "views": [
          {"id": "box", "frame": [50, 50, 100, 80], "fill": "\(fill)",
           "gestures": [{"id": "pan", "kind": "pan", "behavior": "drag"}]}]}
        """, fileName: "w.scene.json")
  }

  /// The lines a replay's log wrote.
  final class LogLines {
    var lines: [String] = []
  }

  /// A replay of the green box's scene that has played `trace`, its log in `log`.
  static func replayed(_ trace: String, into log: LogLines) throws -> Replay {
    let replay = Replay(scene: try scene(fill: "#00ff00"), log: EventLog { log.lines.append($0) })
    replay.play(try Trace(jsonLines: trace, fileName: "drag.jsonl"))
    return replay
  }

  @Test("the drag in flight is cancelled, a scene line is logged and the banner goes")
  func replace() throws {
    let log = LogLines()
    let replay = try Self.replayed(
      """
      {"t": 0, "type": "touch.down", "id": 0, "x": 100, "y": 90}
      {"t": 0.02, "type": "touch.motion", "id": 0, "x": 130, "y": 90}
      """, into: log)
    #expect(log.lines.contains { $0.contains(#""state":"began""#) })
    replay.session.showBanner("w.scene.json:1:1: broken")
    #expect(replay.session.banner.message != nil && !replay.session.banner.isHidden)
    replay.session.replaceScene(with: try Self.scene(fill: "#0000ff"), at: 0.05)
    #expect(log.lines.contains { $0.contains(#""state":"cancelled""#) }, "\(log.lines)")
    #expect(log.lines.last == #"{"t":0.05,"type":"scene","scene":"w","title":"Watched"}"#)
    #expect(replay.session.banner.isHidden && replay.session.banner.message == nil)
    let box = try #require(replay.session.installed.views["box"])
    #expect(box.style.fill == Color(red: 0, green: 0, blue: 1))
    #expect(box.center == Point(x: 100, y: 90), "the new scene starts as its file says")
  }

  @Test("a recording's scene.reload line rebuilds the replay's scene as the save did live")
  func reloadLine() throws {
    let log = LogLines()
    // The box dragged 40 px right, a save mid-way through a second drag, that drag's finger
    // going on (it is cancelled: the new box stays where the file puts it) and a third drag.
    let replay = try Self.replayed(
      """
      {"t": 0, "type": "touch.down", "id": 0, "x": 100, "y": 90}
      {"t": 0.02, "type": "touch.motion", "id": 0, "x": 140, "y": 90}
      {"t": 0.04, "type": "touch.up", "id": 0}
      {"t": 0.5, "type": "touch.down", "id": 1, "x": 140, "y": 90}
      {"t": 0.52, "type": "touch.motion", "id": 1, "x": 160, "y": 90}
      {"t": 0.53, "type": "scene.reload"}
      {"t": 0.54, "type": "touch.motion", "id": 1, "x": 180, "y": 90}
      {"t": 0.56, "type": "touch.up", "id": 1}
      {"t": 1, "type": "touch.down", "id": 2, "x": 100, "y": 90}
      {"t": 1.02, "type": "touch.motion", "id": 2, "x": 100, "y": 120}
      {"t": 1.04, "type": "touch.up", "id": 2}
      """, into: log)
    let lines = log.lines
    let scene = try #require(lines.firstIndex { $0.contains(#""type":"scene""#) })
    #expect(lines[scene] == #"{"t":0.53,"type":"scene","scene":"w","title":"Watched"}"#)
    #expect(lines[..<scene].contains { $0.contains(#""state":"cancelled""#) }, "\(lines)")
    #expect(lines.filter { $0.contains(#""type":"scene""#) }.count == 1)
    // Only the third drag moved the rebuilt box: from the file's place, 30 px down.
    let box = try #require(replay.session.installed.views["box"])
    #expect(box.center == Point(x: 100, y: 120), "\(lines)")
  }

  /// A scene of `name` with a box of `fill`, as a watched file would give.
  static func scene(named name: String, fill: String = "#00ff00") throws -> Scene {
    try Scene(
      json: """
        {"name": "\(name)", "title": "Watched \(name)", "size": [400, 300], "views": [
          {"id": "box", "frame": [50, 50, 100, 80], "fill": "\(fill)"}]}
        """, fileName: "w.scene.json")
  }

  /// The names on the strip's tabs, in order.
  static func tabNames(in view: View) -> [String] {
    let prefix = "chrome.tab."
    let own = view.identifier.flatMap { $0.hasPrefix(prefix) ? [String($0.dropFirst(prefix.count))] : nil }
    return (own ?? []) + view.subviews.flatMap { tabNames(in: $0) }
  }

  /// Three scenes of a picker, as bundled scenes would be.
  static func catalog() throws -> SceneCatalog {
    SceneCatalog(scenes: try ["one", "two", "three"].map { try scene(named: $0, fill: "#ff0000") })
  }

  @Test("a save that renames the scene gives it a first tab of its own; the tab it left shows its own scene")
  func renamedToANewName() throws {
    let replay = Replay(scene: try Self.scene(named: "two"), log: nil, catalog: try Self.catalog())
    let session = replay.session
    #expect(session.selectedTab == 1)
    session.replaceScene(with: try Self.scene(named: "mine"), at: 0.1)
    #expect(session.catalog.entries.map(\.name) == ["mine", "one", "two", "three"])
    #expect(session.selectedTab == 0 && session.scene.name == "mine")
    #expect(Self.tabNames(in: session.chrome) == ["mine", "one", "two", "three"])
    session.perform(.selectScene(2), at: 0.2)
    #expect(session.scene.name == "two" && session.scene.title == "Watched two")
    let box = try #require(session.installed.views["box"])
    #expect(box.style.fill == Color(red: 1, green: 0, blue: 0), "the tab's own scene, not the file's")
  }

  @Test("a save that renames the scene again takes the tab with the new name; its own first tab goes")
  func renamedToATabsName() throws {
    let replay = Replay(scene: try Self.scene(named: "mine"), log: nil, catalog: try Self.catalog())
    let session = replay.session
    #expect(session.catalog.entries.map(\.name) == ["mine", "one", "two", "three"])
    session.perform(.selectScene(1), at: 0.1)
    session.replaceScene(with: try Self.scene(named: "three", fill: "#0000ff"), at: 0.2)
    #expect(session.catalog.entries.map(\.name) == ["one", "two", "three"])
    #expect(Self.tabNames(in: session.chrome) == ["one", "two", "three"])
    #expect(session.selectedTab == 2 && session.scene.name == "three")
    #expect(try #require(session.installed.views["box"]).style.fill == Color(red: 0, green: 0, blue: 1))
    session.perform(.selectScene(0), at: 0.3)
    #expect(session.scene.name == "one", "the tab shown before the save kept its scene")
  }

  @Test("a save while another tab is shown goes back to the file's tab; the other keeps its scene")
  func savedWhileAnotherTabIsShown() throws {
    let replay = Replay(scene: try Self.scene(named: "two"), log: nil, catalog: try Self.catalog())
    let session = replay.session
    session.perform(.selectScene(0), at: 0.1)
    session.replaceScene(with: try Self.scene(named: "two", fill: "#0000ff"), at: 0.2)
    #expect(session.selectedTab == 1 && session.catalog.entries.count == 3)
    #expect(try #require(session.installed.views["box"]).style.fill == Color(red: 0, green: 0, blue: 1))
    session.perform(.selectScene(0), at: 0.3)
    #expect(try #require(session.installed.views["box"]).style.fill == Color(red: 1, green: 0, blue: 0))
    session.perform(.selectScene(1), at: 0.4)
    #expect(try #require(session.installed.views["box"]).style.fill == Color(red: 0, green: 0, blue: 1))
  }
}
