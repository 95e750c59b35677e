import CairoRenderer
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// The bundled "Every recognizer" scene (assets/scenes/gestures.json): `tap-card` at
/// (40, 40, 200, 130), `double-tap-card` at (280, 40), `press-card` at (520, 40),
/// `swipe-card` at (760, 40, 160, 130), `photo` at (120, 260, 300, 220) (center 270, 370)
/// and `circle-pad` at (540, 260, 380, 340) (center 730, 430) in a 960x640 window.
@Suite("The gestures scene", .serialized)
struct GesturesSceneTests {
  /// The bundled file installed in a harness.
  private func harness() throws -> SceneHarness {
    let path = try #require(SceneLibrary.path(forName: "gestures"))
    return try SceneHarness(String(decoding: try FileSystem.readFile(path), as: UTF8.self))
  }

  @Test("it loads with one gesture of each kind it shows, and the behaviours they drive")
  func loads() throws {
    let scene = try SceneLibrary.load("gestures")
    #expect(scene.title == "Every recognizer")
    #expect(
      scene.allGestures.map { "\($0.id):\($0.kind.name):\($0.behavior.name)" } == [
        "tap:tap:toggle", "double-tap:tap:toggle", "long-press:longPress:toggle", "swipe:swipe:dismiss",
        "photo-pinch:pinch:scale", "photo-rotate:rotation:rotate", "photo-pan:pan:drag",
        "circle:circle:toggle",
      ])
  }

  @Test("a tap highlights the first card, and the highlight shows in the render")
  func tapHighlightRenders() throws {
    let h = try harness()
    let before = render(h.window, background: h.installed.scene.background).pixel(x: 60, y: 60)
    h.send(at: 0.0, .down(0, at: pt(140, 105)))
    h.send(at: 0.05, .up(0))
    let after = render(h.window, background: h.installed.scene.background).pixel(x: 60, y: 60)
    #expect(h.installed.views["tap-card"]!.isHighlighted)
    #expect(before.isClose(to: RGBA8(r: 0xe0, g: 0x6c, b: 0x75)))
    #expect(after.isClose(to: RGBA8(r: 0xf0, g: 0xb6, b: 0xba)))
  }

  @Test("the photo pinches and rotates at once and stays under the fingers")
  func photo() throws {
    let h = try harness()
    h.send(at: 0.0, .down(0, at: pt(240, 370)), .down(1, at: pt(300, 370)))
    h.send(at: 0.05, .motion(0, to: pt(270, 310)), .motion(1, to: pt(270, 430)))  // x2, a quarter turn
    let view = h.installed.views["photo"]!
    #expect(near(view.transform.scale, 2) && near(view.transform.rotation, Double.pi / 2))
    #expect(near(view.convert(pt(270, 310), from: nil), pt(120, 110)))
    #expect(near(view.center, pt(270, 370)))
  }

  @Test("a drawn circle highlights the pad")
  func circle() throws {
    let h = try harness()
    h.send(at: 0.0, .down(0, at: pt(830, 430)))
    for step in 1...40 {
      let angle = 2 * Double.pi * Double(step) / 40
      h.send(
        at: 0.016 * Double(step),
        .motion(0, to: pt(730 + 100 * Trigonometry.cos(angle), 430 + 100 * Trigonometry.sin(angle))))
    }
    h.send(at: 0.7, .up(0))
    #expect(h.installed.views["circle-pad"]!.isHighlighted)
  }
}
