import Foundation
import GestureKit
import Testing

@testable import Playground

/// A paint canvas and a clear button.
private let paintScene = """
  {"name": "p", "size": [400, 300], "views": [
    {"id": "canvas", "frame": [0, 0, 400, 300], "touchHandler": "paint"},
    {"id": "clear", "frame": [300, 0, 100, 40],
     "gestures": [{"id": "clear-tap", "kind": "tap", "behavior": "clear", "target": "canvas"}]}]}
  """

@Suite("Paint canvas")
struct PaintCanvasTests {
  @Test("two fingers at once draw two strokes; a tap on Clear wipes them")
  func twoFingersAndClear() throws {
    let h = try SceneHarness(paintScene)
    let canvas = try #require(h.installed.views["canvas"] as? PaintCanvasView)
    h.send(at: 0, touchDown(0, 10, 100), touchDown(1, 10, 200))
    h.send(at: 0.02, touchMove(0, 50, 110), touchMove(1, 50, 190))
    h.send(at: 0.04, touchUp(0, 50, 110), touchUp(1, 50, 190))
    #expect(canvas.strokes.map(\.touchID) == [0, 1])
    // A lift carries no position of its own (as wl_touch.up): the stroke ends at the last motion.
    #expect(canvas.strokes[0].points == [pt(10, 100), pt(50, 110)])
    #expect(canvas.strokes[0].color != canvas.strokes[1].color)
    h.tap(at: 1, 350, 20)
    #expect(canvas.strokes.isEmpty)
  }

  @Test("a clear while a finger draws keeps drawing from where the finger is")
  func clearWhileDrawing() throws {
    let h = try SceneHarness(paintScene)
    let canvas = try #require(h.installed.views["canvas"] as? PaintCanvasView)
    h.send(at: 0, touchDown(0, 10, 100))
    h.send(at: 0.02, touchMove(0, 50, 100))
    canvas.clear()
    h.send(at: 0.04, touchMove(0, 80, 100))
    #expect(canvas.strokes.map(\.points) == [[pt(50, 100), pt(80, 100)]])
  }

  @Test("a clear behavior must target a paint view")
  func clearTargetChecked() {
    #expect(throws: SceneError.self) {
      try Scene(
        json: paintScene.replacingOccurrences(of: "\"target\": \"canvas\"", with: "\"target\": \"clear\""),
        fileName: "t.json")
    }
  }
}
