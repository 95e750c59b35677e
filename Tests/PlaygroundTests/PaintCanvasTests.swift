import CairoRenderer
import Foundation
import GestureKit
import TestSupport
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

  @Test("a full canvas takes no more samples and says so at its top; a clear makes room")
  func fullCanvas() throws {
    let h = try SceneHarness(paintScene)
    let canvas = try #require(h.installed.views["canvas"] as? PaintCanvasView)
    canvas.sampleLimit = 10
    let screen = Image(width: 400, height: 300)
    let renderer = Renderer()
    renderer.render(h.window, background: .black, into: screen.buffer, scale: 1)
    let tracker = DamageTracker()
    _ = tracker.takeMergedDamage(of: h.window)
    /// The notice's white text: pixels of the top strip, left of the Clear button, near white.
    func noticePixels(_ image: Image) -> Int {
      var count = 0
      for y in 8..<38 {
        for x in 0..<300 {
          let pixel = image.pixel(x: x, y: y)
          if pixel.r > 200, pixel.g > 200, pixel.b > 200 { count += 1 }
        }
      }
      return count
    }

    h.send(at: 0, touchDown(0, 20, 150))
    for i in 1...20 { h.send(at: 0.01 * Double(i), touchMove(0, 20 + 10 * Double(i), 150)) }
    h.send(at: 0.3, touchUp(0, 220, 150))
    h.send(at: 0.4, touchDown(1, 50, 250))
    h.send(at: 0.5, touchMove(1, 90, 250))
    #expect(canvas.isFull && canvas.sampleCount == 10)
    #expect(canvas.strokes.map(\.points.count) == [10])
    // The frames' damage shows the notice: the repaired buffer is a full repaint.
    renderer.render(
      h.window, background: .black, into: screen.buffer, scale: 1,
      damage: tracker.takeMergedDamage(of: h.window))
    let full = Image(width: 400, height: 300)
    Renderer().render(h.window, background: .black, into: full.buffer, scale: 1)
    #expect(screen.difference(from: full) == nil)
    #expect(noticePixels(full) > 50)

    h.tap(at: 1, 350, 20)
    #expect(!canvas.isFull && canvas.strokes.isEmpty)
    Renderer().render(h.window, background: .black, into: full.buffer, scale: 1)
    #expect(noticePixels(full) == 0)
    // Finger 1 went down on the full canvas: it draws nothing; a new finger draws.
    h.send(at: 1.2, touchMove(1, 120, 250))
    h.send(at: 1.3, touchDown(2, 50, 200))
    h.send(at: 1.4, touchMove(2, 90, 200))
    #expect(canvas.strokes.map(\.touchID) == [2] && canvas.sampleCount == 2)
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
