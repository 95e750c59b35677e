import Foundation
import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer
@testable import Playground

/// The debug overlay and the Alt two-finger marker damage only what changes in them: a buffer
/// repaired frame after frame with the window's damage equals a full repaint at every step,
/// while the damage stays short of the whole window (and small while only the pointer moves).
///
/// Fixture: `Fixtures/input-paths/input-paths.scene.json` (a 400x300 scene, a window of
/// 400x388 with the picker's strip: a clipped list on the left, a 120x120 "photo" centred at
/// (200, 194) with simultaneous pan, pinch and rotation), replayed with the overlay shown.
@Suite("LayerDamage")
struct LayerDamageTests {
  private func replay() throws -> Replay {
    guard let folder = Bundle.module.path(forResource: "Fixtures", ofType: nil) else {
      throw TraceTestFailure("the Fixtures folder is not in the test bundle")
    }
    let scene = try Scene(contentsOfFile: folder + "/input-paths/input-paths.scene.json")
    return Replay(scene: scene, log: nil, catalog: SceneCatalog(scenes: [scene]))
  }

  /// The box of the pixels that differ by more than 2 levels in a channel between two images
  /// of `width`, nil for none.
  private func differences(_ a: Image, _ b: Image, width: Int) -> Rect? {
    var box: Rect?
    for (index, (x, y)) in zip(a.bytes, b.bytes).enumerated() where abs(Int(x) - Int(y)) > 2 {
      let pixel = index / 4
      let rect = Rect(x: Double(pixel % width), y: Double(pixel / width), width: 1, height: 1)
      box = box.map { $0.union(rect) } ?? rect
    }
    return box
  }

  /// The steps: the pointer enters over the photo, Alt shows the second finger, the pointer
  /// moves, a left drag pinches and turns the photo with two fingers, Alt is released, a
  /// finger drags the list, the pointer leaves.
  private static let steps: [(String, [SeatEvent])] = [
    ("enter", [.pointerEnter(location: Point(x: 250, y: 200)), .pointerFrame]),
    ("Alt down", [.key(name: "Alt_L", pressed: true)]),
    ("hover with Alt", [.pointerMotion(location: Point(x: 255, y: 205)), .pointerFrame]),
    ("press", [.pointerButton(button: SeatEvent.leftButton, pressed: true), .pointerFrame]),
    ("pinch 1", [.pointerMotion(location: Point(x: 270, y: 215)), .pointerFrame]),
    ("pinch 2", [.pointerMotion(location: Point(x: 282, y: 222)), .pointerFrame]),
    ("pinch 3", [.pointerMotion(location: Point(x: 291, y: 236)), .pointerFrame]),
    ("release", [.pointerButton(button: SeatEvent.leftButton, pressed: false), .pointerFrame]),
    ("Shift down", [.key(name: "Shift_L", pressed: true)]),
    ("hover parallel", [.pointerMotion(location: Point(x: 300, y: 240)), .pointerFrame]),
    ("Alt up", [.key(name: "Alt_L", pressed: false), .key(name: "Shift_L", pressed: false)]),
    ("hover", [.pointerMotion(location: Point(x: 320, y: 250)), .pointerFrame]),
    ("finger down", [.touchDown(id: 3, location: Point(x: 60, y: 100)), .touchFrame]),
    ("finger drag 1", [.touchMotion(id: 3, location: Point(x: 60, y: 80)), .touchFrame]),
    ("finger drag 2", [.touchMotion(id: 3, location: Point(x: 61, y: 50)), .touchFrame]),
    ("finger up", [.touchUp(id: 3), .touchFrame]),
    ("leave", [.pointerLeave, .pointerFrame]),
  ]

  @Test("with the overlay shown, repairing the damage of each input equals a full repaint")
  func overlayAndMarker() throws {
    let replay = try replay()
    let window = replay.window
    replay.session.overlay.isHidden = false
    let background = replay.session.scene.background
    let width = Int(window.size.width)
    let height = Int(window.size.height)
    let screen = Image(width: width, height: height)
    let renderer = Renderer()
    renderer.render(window, background: background, into: screen.buffer, scale: 1)
    let tracker = DamageTracker()
    _ = tracker.takeMergedDamage(of: window)
    var time = 1.0
    for (name, events) in Self.steps {
      time += 0.01
      replay.clock.advance(to: time)
      for event in events { replay.translator.handle(event, at: time) }
      let damage = tracker.takeMergedDamage(of: window)
      // Never the whole window; while only the pointer moves, a small part of it (the
      // overlay's outline of a touched view, here up to the whole list, may be large).
      let area = damage.reduce(0) { $0 + $1.width * $1.height }
      let limit = name.hasPrefix("hover") ? 0.4 : 0.9
      #expect(area < window.size.width * window.size.height * limit, "\(name): damage \(damage)")
      renderer.render(window, background: background, into: screen.buffer, scale: 1, damage: damage)
      let reference = Image(width: width, height: height)
      Renderer().render(window, background: background, into: reference.buffer, scale: 1)
      let differing = differences(screen, reference, width: width)
      #expect(differing == nil, "\(name): pixels differ in \(differing ?? .zero)")
      // Nothing was left for the next frame: every change was damaged when it happened.
      #expect(window.changes.isEmpty, "\(name): changed while drawing \(window.changes)")
    }
  }

  @Test("only items not in both lists are damaged")
  func itemDiff() {
    let window = Window(size: Size(width: 100, height: 100), clock: VirtualClock())
    let tracker = DamageTracker()
    _ = tracker.takeMergedDamage(of: window)
    var layer = LayerDamage()
    let a = LayerDamage.Item(box: Rect(x: 10, y: 10, width: 5, height: 5), content: "a")
    let b = LayerDamage.Item(box: Rect(x: 50, y: 50, width: 5, height: 5), content: "b")
    var damaged = layer.update(to: [a, b], in: window)
    #expect(damaged && tracker.takeMergedDamage(of: window) == [a.box, b.box])
    damaged = layer.update(to: [a, b], in: window)
    #expect(!damaged && tracker.takeMergedDamage(of: window) == [])
    let moved = LayerDamage.Item(box: Rect(x: 60, y: 60, width: 5, height: 5), content: "b")
    damaged = layer.update(to: [a, moved], in: window)
    #expect(damaged && tracker.takeMergedDamage(of: window) == [b.box, moved.box])
    let relabelled = LayerDamage.Item(box: a.box, content: "a2")
    layer.update(to: [relabelled, moved], in: window)
    #expect(tracker.takeMergedDamage(of: window) == [a.box])
  }
}
