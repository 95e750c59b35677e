import CairoRenderer
import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer
@testable import Playground

/// The bundled cards scene drawn by the renderer: its background and cards where the scene
/// file puts them, and its translucent card grouped in a surface of the card's size.
@Suite("Bundled scene rendering")
struct BundledSceneRenderingTests {
  @Test("the bundled cards scene draws its background and its cards")
  func cardsScene() throws {
    let scene = try SceneLibrary.load("cards")
    let window = Window(size: scene.size, clock: VirtualClock())
    scene.install(in: window)
    let image = Image(width: Int(scene.size.width), height: Int(scene.size.height))
    Renderer().render(window, background: scene.background, into: image.buffer, scale: 1)
    #expect(image.pixel(x: 5, y: 5).isClose(to: RGBA8(r: 0x1e, g: 0x21, b: 0x27)))
    #expect(image.pixel(x: 95, y: 135).isClose(to: RGBA8(r: 0xe0, g: 0x6c, b: 0x75)))
  }

  @Test("the bundled cards scene groups its translucent card in a surface of the card's size")
  func cardsSceneGroup() throws {
    let scene = try SceneLibrary.load("cards")
    let window = Window(size: scene.size, clock: VirtualClock())
    scene.install(in: window)
    let image = Image(width: Int(scene.size.width), height: Int(scene.size.height))
    let renderer = Renderer()
    renderer.render(window, background: scene.background, into: image.buffer, scale: 1)
    let reference = Image(width: image.width, height: image.height)
    let windowSized = Renderer()
    windowSized.clipsGroups = false
    windowSized.render(window, background: scene.background, into: reference.buffer, scale: 1)
    #expect(image.difference(from: reference) == nil)
    // The purple 220x150 card at alpha 0.9, with `groupMargin` pixels around it, instead of
    // the 960x640 window.
    #expect(renderer.largestGroupArea == 226 * 156)
  }
}
