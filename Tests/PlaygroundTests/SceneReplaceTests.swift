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

  @Test("the drag in flight is cancelled, a scene line is logged and the banner goes")
  func replace() throws {
    var lines: [String] = []
    let replay = Replay(scene: try Self.scene(fill: "#00ff00"), log: EventLog { lines.append($0) })
    replay.play(
      try Trace(
        jsonLines: """
          {"t": 0, "type": "touch.down", "id": 0, "x": 100, "y": 90}
          {"t": 0.02, "type": "touch.motion", "id": 0, "x": 130, "y": 90}
          """, fileName: "drag.jsonl"))
    #expect(lines.contains { $0.contains(#""state":"began""#) })
    replay.session.showBanner("w.scene.json:1:1: broken")
    #expect(replay.session.banner.message != nil && !replay.session.banner.isHidden)
    replay.session.replaceScene(with: try Self.scene(fill: "#0000ff"), at: 0.05)
    #expect(lines.contains { $0.contains(#""state":"cancelled""#) }, "\(lines)")
    #expect(lines.last == #"{"t":0.05,"type":"scene","scene":"w","title":"Watched"}"#)
    #expect(replay.session.banner.isHidden && replay.session.banner.message == nil)
    let box = try #require(replay.session.installed.views["box"])
    #expect(box.style.fill == Color(red: 0, green: 0, blue: 1))
    #expect(box.center == Point(x: 100, y: 90), "the new scene starts as its file says")
  }
}
