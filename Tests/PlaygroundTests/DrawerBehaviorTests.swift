import GestureKit
import Testing

@testable import Playground

/// A drawer 300 wide opened by a left-edge pan on a stage, in a 960x640 window.
private let edgeScene = """
  {"name": "e", "size": [960, 640], "views": [
    {"id": "stage", "frame": [0, 0, 960, 640], "gestures": [
      {"id": "edge", "kind": "screenEdgePan", "edges": "left", "behavior": "drawer", "target": "drawer"}]},
    {"id": "drawer", "frame": [0, 0, 300, 640], "gestures": [
      {"id": "push", "kind": "pan", "behavior": "drawer"}]}]}
  """

@Suite("Drawer")
struct DrawerBehaviorTests {
  @Test("the settle rule: a flick decides by direction, a slow release by position")
  func settleRule() {
    #expect(DrawerSettle.settlesOpen(openFraction: 0.1, velocity: 400))
    #expect(!DrawerSettle.settlesOpen(openFraction: 0.9, velocity: -400))
    #expect(DrawerSettle.settlesOpen(openFraction: 0.5, velocity: 0))
    #expect(!DrawerSettle.settlesOpen(openFraction: 0.49, velocity: 299))
    #expect(DrawerSettle.settlesOpen(openFraction: 0.6, velocity: -299))
  }

  @Test("the drawer starts closed, follows the finger and settles open after a flick")
  func flickOpens() throws {
    let h = try SceneHarness(edgeScene)
    #expect(h.center("drawer").x == -150)
    h.send(at: 0, touchDown(0, 5, 300))
    for k in 1...6 { h.send(at: 0.016 * Double(k), touchMove(0, 5 + 20 * Double(k), 300)) }
    #expect(h.center("drawer").x == -150 + 120)
    h.send(at: 0.1, touchUp(0, 125, 300))
    h.clock.advance(to: 2)
    #expect(h.center("drawer").x == 150)
    #expect(h.clock.nextDeadline == nil)
  }

  @Test("in a window wider than the scene, the pan starts at the scene's edge as shown")
  func letterboxedEdge() throws {
    let scene = try Scene(json: edgeScene, fileName: "e.json")
    let replay = Replay(scene: scene, log: nil, catalog: SceneCatalog(scenes: [scene]))
    // 1200 wide: the 960x640 scene at scale 1, 120 px in from the window's left edge.
    let strip = ChromeLayout.height(tabCount: 1, width: 1200)
    let height = Int(640 + strip)
    let drawer = try #require(replay.session.installed.views["drawer"])
    // From the surround, left of the scene: no view of the scene is touched.
    replay.play(
      try Trace(
        jsonLines: """
          {"t": 0, "type": "window.size", "width": 1200, "height": \(height)}
          {"t": 0.1, "type": "touch.down", "id": 1, "x": 5, "y": 300}
          {"t": 0.12, "type": "touch.motion", "id": 1, "x": 200, "y": 300}
          {"t": 0.14, "type": "touch.up", "id": 1}
          """, fileName: "t.jsonl"))
    replay.clock.advance(to: 2)
    #expect(replay.session.sceneContainer.frame.minX == 120)
    #expect(drawer.center.x == -150)
    // 5 px inside the scene's left edge, 125 from the window's: the drawer follows and opens.
    replay.play(
      try Trace(
        jsonLines: """
          {"t": 3, "type": "touch.down", "id": 2, "x": 125, "y": 300}
          {"t": 3.016, "type": "touch.motion", "id": 2, "x": 165, "y": 300}
          {"t": 3.032, "type": "touch.motion", "id": 2, "x": 205, "y": 300}
          """, fileName: "t.jsonl"))
    #expect(drawer.center.x == -150 + 80)
    replay.play(try Trace(jsonLines: #"{"t": 3.05, "type": "touch.up", "id": 2}"#, fileName: "t.jsonl"))
    replay.clock.advance(to: 5)
    #expect(drawer.center.x == 150)
  }

  @Test("a slow release short of halfway settles closed; never beyond open")
  func slowReleaseCloses() throws {
    let h = try SceneHarness(edgeScene)
    h.send(at: 0, touchDown(0, 5, 300))
    h.send(at: 0.1, touchMove(0, 60, 300))
    h.send(at: 0.2, touchMove(0, 105, 300))
    h.send(at: 0.4, touchUp(0, 105, 300))
    h.clock.advance(to: 2)
    #expect(h.center("drawer").x == -150)
    h.send(at: 3, touchDown(1, 5, 300))
    h.send(at: 3.1, touchMove(1, 300, 300))
    h.send(at: 3.2, touchMove(1, 600, 300))
    #expect(h.center("drawer").x == 150)
  }
}
