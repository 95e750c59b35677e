import GestureKit
import TestSupport
import Testing
import WaylandBackend

@testable import CairoRenderer

/// The damage the window records for changed views (Window+Damage.swift) is all a repair
/// needs: repairing only it gives cairo's full repaint within `Image.tolerance` levels, for
/// random scenes (`RandomScenes`, `RandomLabels`) dragged, pinched and rotated at scales 1,
/// 2 and the fractional 1.25, 1.5 and 1.75, through one buffer or through two taking turns
/// (each repaired with the damage since it was last drawn, `DamageHistory`).
@Suite("Renderer repairs of the window's damage")
struct RendererWindowDamageTests {
  static let scales = [1.0, 2.0, 1.25, 1.5, 1.75]

  @Test("repairing the damage of random drags, pinches and rotations gives the full repaint")
  func gestures() {
    for run in RandomRenderRuns.cases(150) {
      // A generator per run: a run that stops at its first difference changes no other run.
      var random = RandomRenderRuns.generator(seed: 0xDA_3A6E &+ UInt64(run) &* 0x9E37_79B9)
      let window = RandomScenes.window(&random)
      let scale = Self.scales[random.index(Self.scales.count)]
      let buffers = random.chance(0.5) ? 1 : 2
      let difference = Self.repairs(
        of: window, background: RandomScenes.background, scale: scale, buffers: buffers, steps: 6, &random)
      #expect(
        difference == nil, "run \(run), scale \(scale), \(buffers) buffers: \(String(describing: difference))"
      )
      if difference != nil { return }
    }
  }

  @Test("repairing the damage of random moves of labelled views gives the full repaint")
  func labels() {
    var random = RandomRenderRuns.generator(seed: 0x41_6e67)
    for run in RandomRenderRuns.cases(150) {
      let (window, background) = RandomLabels.window(&random)
      let scale = Self.scales[random.index(Self.scales.count)]
      let difference = Self.repairs(
        of: window, background: background, scale: scale, buffers: 1, steps: 3, &random)
      #expect(difference == nil, "run \(run), scale \(scale): \(String(describing: difference))")
      if difference != nil { return }
    }
  }

  /// Draws `window` into `buffers` buffers taking turns, applies `steps` random gesture steps
  /// to random views, repairs each frame's buffer with the damage since that buffer was last
  /// drawn, and returns where a frame first differs from a full repaint (nil: none does).
  static func repairs(
    of window: Window, background: Color, scale: Double, buffers: Int, steps: Int, _ random: inout SplitMix64
  ) -> (step: Int, count: Int, x: Int, y: Int, levels: Int)? {
    let renderer = Renderer()
    let size = (Int(window.size.width * scale), Int(window.size.height * scale))
    let images = (0..<buffers).map { _ in Image(width: size.0, height: size.1) }
    var drawnIn = [Int?](repeating: nil, count: buffers)
    var history = DamageHistory()
    var damage = DamageRegion(limit: Rect(origin: .zero, size: window.size))
    let tracker = DamageTracker()
    let views = RandomScenes.views(in: window)
    for step in 0..<steps {
      if step > 0 { RandomScenes.gestureStep(of: views[random.index(views.count)], &random) }
      damage.removeAll()
      for rect in tracker.takeDamage(of: window) { damage.add(rect) }
      history.record(damage)
      let index = step % buffers
      let age = history.bufferAge(lastDrawnInFrame: drawnIn[index])
      if let repair = history.repairRegion(forBufferAge: age) {
        renderer.render(
          window, background: background, into: images[index].buffer, scale: scale, damage: repair.rects)
      } else {
        renderer.render(window, background: background, into: images[index].buffer, scale: scale)
      }
      drawnIn[index] = history.frameCount
      let reference = Image.cairoReference(of: window, background: background, scale: scale)
      if let difference = images[index].difference(from: reference) {
        return (step, difference.count, difference.x, difference.y, difference.levels)
      }
    }
    return nil
  }
}
