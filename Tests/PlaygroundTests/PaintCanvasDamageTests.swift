import CairoRenderer
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// A paint canvas redraws only what a new sample changes: a buffer repaired with each
/// frame's damage, and what a compositor shows taking the damage's whole rows from it, equal
/// a full repaint at every step, for a finger's, a pen's and an
/// eraser's strokes over a canvas already full of strokes, at whole and fractional scales;
/// and a motion's damage is a small part of the canvas, however many strokes it holds.
@Suite("Paint canvas damage")
struct PaintCanvasDamageTests {
  /// The steps after the canvas is full: a finger's wavy stroke across the others, a pen
  /// pressing harder and leaning, an eraser across both, each one input frame a step (up to
  /// 40 px apart, a fast finger's step at 120 Hz).
  private func steps() -> [(String, TouchInput)] {
    var steps: [(String, TouchInput)] = [("finger down", touchDown(0, 20, 150))]
    for i in 1...12 {
      let x = 20 + 25 * Double(i)
      steps.append(("finger \(i)", touchMove(0, x, 150 + 30 * (i % 2 == 0 ? 1 : -1))))
    }
    steps.append(("finger up", touchUp(0, 320, 150)))
    steps.append(("pen down", penInput(.down, 60, 40, PenState(pressure: 0.1))))
    for i in 1...8 {
      let state = PenState(pressure: 0.1 + 0.1 * Double(i), tiltX: 6 * Double(i), tiltY: 0)
      steps.append(("pen \(i)", penInput(.motion, 60 + 30 * Double(i), 40 + 25 * Double(i), state)))
    }
    steps.append(("pen up", .up(TouchInput.pencilID(tool: 0), type: .pencil)))
    steps.append(("eraser down", penInput(.down, 380, 20, PenState(pressure: 0.5, isEraser: true))))
    for i in 1...12 {
      let state = PenState(pressure: 0.5, isEraser: true)
      steps.append(("eraser \(i)", penInput(.motion, 380 - 25 * Double(i), 20 + 22 * Double(i), state)))
    }
    steps.append(("eraser up", .up(TouchInput.pencilID(tool: 0), type: .pencil)))
    return steps
  }

  @Test("repairing each frame's damage equals a full repaint", arguments: [1.0, 1.25, 1.5, 1.75])
  func repairEqualsFullRepaint(scale: Double) throws {
    let h = try SceneHarness(paintCanvasScene)
    // Forty strokes from finger to finger, across the whole canvas, before the first picture.
    var t = 0.0
    for row in 0..<40 {
      let y = 10 + 7 * Double(row)
      t += 0.1
      h.send(at: t, touchDown(1, 5, y))
      for i in 1...20 {
        h.send(at: t + 0.001 * Double(i), touchMove(1, 5 + 19.5 * Double(i), y + (i % 3 == 0 ? 6 : -4)))
      }
      h.send(at: t + 0.05, touchUp(1, 395, y))
    }
    let width = Int((400 * scale).rounded(.up))
    let height = Int((300 * scale).rounded(.up))
    let screen = Image(width: width, height: height)
    let renderer = Renderer()
    renderer.render(h.window, background: .black, into: screen.buffer, scale: scale)
    let tracker = DamageTracker()
    _ = tracker.takeMergedDamage(of: h.window)
    // What a compositor shows: each frame, only the damage the app reports is taken from the
    // buffer, the whole rows of each rectangle (as the backend reports them). The rectangles
    // alone left pixels of those rows a few levels off: the rows are repainted whole, and
    // cairo's anti-aliasing depends on where they begin and end.
    let shown = Image(width: width, height: height)
    renderer.render(h.window, background: .black, into: shown.buffer, scale: scale)
    func take(_ damage: [Rect]) {
      let from = screen.buffer
      let to = shown.buffer
      for rect in Renderer.bufferRects(for: damage, scale: scale, width: width, height: height) {
        for y in Int(rect.minY)..<Int(rect.maxY) {
          (to.data + y * to.stride).copyMemory(from: from.data + y * from.stride, byteCount: width * 4)
        }
      }
    }
    t += 1
    for (name, input) in steps() {
      t += 0.01
      h.send(at: t, input)
      let damage = tracker.takeMergedDamage(of: h.window)
      let area = damage.reduce(0) { $0 + $1.width * $1.height }
      // An up where the last motion was adds nothing to draw.
      #expect(name.hasSuffix(" up") || area > 0, "\(name): no damage")
      #expect(area < 400 * 300 / 8, "\(name): damage \(damage)")
      renderer.render(h.window, background: .black, into: screen.buffer, scale: scale, damage: damage)
      let reference = Image(width: width, height: height)
      Renderer().render(h.window, background: .black, into: reference.buffer, scale: scale)
      let difference = screen.difference(from: reference)
      #expect(difference == nil, "\(name) at \(scale): \(String(describing: difference))")
      take(damage)
      let shownDifference = shown.difference(from: reference)
      #expect(shownDifference == nil, "shown: \(name) at \(scale): \(String(describing: shownDifference))")
    }
  }
}
