import CairoRenderer
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// A pen on the paint canvas (PaintCanvasView): its stroke's width follows its pressure, its
/// shade its tilt, and an eraser paints the canvas's own fill.
@Suite("Paint canvas with a pen")
struct PaintPencilTests {
  /// The stroke's thickness (pixels not the canvas's colour) down column `x`, in the top
  /// half (the pen's row, above the finger's).
  private func thickness(_ image: Image, x: Int) -> Int {
    let canvas = RGBA8(r: 0x21, g: 0x25, b: 0x2b)
    return (0..<150).filter { !image.pixel(x: x, y: $0).isClose(to: canvas, tolerance: 8) }.count
  }

  @Test("pressing harder along a stroke widens it in the picture; a finger's keeps its width")
  func pressureWidth() throws {
    let h = try SceneHarness(paintCanvasScene)
    let canvas = try #require(h.installed.views["canvas"] as? PaintCanvasView)
    h.send(at: 0, penInput(.down, 40, 100, PenState(pressure: 0.1)))
    for step in 1...16 {
      h.send(
        at: 0.01 * Double(step),
        penInput(.motion, 40 + 20 * Double(step), 100, PenState(pressure: 0.1 + 0.9 * Double(step) / 16)))
    }
    h.send(at: 0.2, .up(TouchInput.pencilID(tool: 0), type: .pencil))
    h.send(at: 0.3, touchDown(0, 40, 200))
    h.send(at: 0.32, touchMove(0, 360, 200))
    h.send(at: 0.34, touchUp(0, 360, 200))
    let widths = try #require(canvas.strokes.first?.widths)
    #expect(widths.first! < 3.5 && widths.last! > 13.9, "\(widths)")
    #expect(canvas.strokes.last?.widths == nil)
    let image = Image(width: 400, height: 300)
    Renderer().render(h.window, background: .black, into: image.buffer, scale: 1)
    let light = thickness(image, x: 70)
    let hard = thickness(image, x: 330)
    #expect(light >= 2 && light <= 5 && hard >= 12 && hard <= 16, "\(light) px light, \(hard) px hard")
  }

  @Test("a pen leaning draws wider and lighter; an eraser paints the canvas's fill over a stroke")
  func tiltAndEraser() throws {
    let h = try SceneHarness(paintCanvasScene)
    let canvas = try #require(h.installed.views["canvas"] as? PaintCanvasView)
    h.send(at: 0, penInput(.down, 40, 100, PenState(pressure: 0.5)))
    h.send(at: 0.01, penInput(.motion, 100, 100, PenState(pressure: 0.5, tiltX: 60)))
    h.send(at: 0.02, .up(TouchInput.pencilID(tool: 0), type: .pencil))
    let stroke = try #require(canvas.strokes.first)
    #expect(stroke.widths![1] > stroke.widths![0] * 1.9 && stroke.shades![0] == 0 && stroke.shades![1] > 0.4)
    // A finger stroke, then the eraser across it.
    h.send(at: 0.1, touchDown(0, 200, 150))
    h.send(at: 0.12, touchMove(0, 200, 250))
    h.send(at: 0.14, touchUp(0, 200, 250))
    h.send(at: 0.2, penInput(.down, 150, 200, PenState(pressure: 1, isEraser: true)))
    h.send(at: 0.22, penInput(.motion, 250, 200, PenState(pressure: 1, isEraser: true)))
    h.send(at: 0.24, .up(TouchInput.pencilID(tool: 0), type: .pencil))
    #expect(canvas.strokes.last?.isEraser == true)
    let image = Image(width: 400, height: 300)
    Renderer().render(h.window, background: .black, into: image.buffer, scale: 1)
    let canvasColour = RGBA8(r: 0x21, g: 0x25, b: 0x2b)
    #expect(image.pixel(x: 200, y: 200).isClose(to: canvasColour, tolerance: 2), "erased")
    #expect(!image.pixel(x: 200, y: 160).isClose(to: canvasColour, tolerance: 8), "kept outside the eraser")
  }

  @Test("a clear while a pen and an eraser draw keeps them drawing as a pen and an eraser")
  func clearWhileDrawingWithPens() throws {
    let h = try SceneHarness(paintCanvasScene)
    let canvas = try #require(h.installed.views["canvas"] as? PaintCanvasView)
    let eraserID = TouchInput.pencilID(tool: 1)
    h.send(
      at: 0, penInput(.down, 40, 100, PenState(pressure: 0.2)),
      TouchInput(
        kind: .down, id: eraserID, location: pt(40, 200), type: .pencil, pen: PenState(isEraser: true)))
    canvas.clear()
    h.send(
      at: 0.02, penInput(.motion, 80, 100, PenState(pressure: 0.9)),
      TouchInput(
        kind: .motion, id: eraserID, location: pt(80, 200), type: .pencil, pen: PenState(isEraser: true)))
    #expect(canvas.strokes.count == 2)
    let penStroke = try #require(canvas.strokes.first { $0.touchID == TouchInput.pencilID(tool: 0) })
    let widths = try #require(penStroke.widths)
    #expect(widths.count == 2 && widths[1] > widths[0])
    let eraserStroke = try #require(canvas.strokes.first { $0.touchID == eraserID })
    #expect(eraserStroke.isEraser && eraserStroke.widest == PaintCanvasView.eraserWidth)
  }
}
