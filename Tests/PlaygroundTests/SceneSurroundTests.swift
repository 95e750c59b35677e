import CairoRenderer
import GestureKit
import TestSupport
import Testing
import WaylandBackend

@testable import Playground

/// The window around a fitted scene is painted in the surround's colour and the scene in its
/// own background, so the edge where the scene's container cuts a dragged card can be seen.
@Suite("Scene surround")
struct SceneSurroundTests {
  @Test(
    "the surround is opaque and stands apart from the scene: darker where that shows, else lighter",
    arguments: [
      "#1e2127", "#23262e", "#000000", "#ffffff", "#102030", "#808080", "#14161b", "#0a0a0a", "#ff000080",
    ]
  )
  func surroundContrast(hex: String) throws {
    let background = try #require(Color(hex: hex))
    let fill = SceneSurround.sceneFill(for: background)
    let surround = SceneSurround.color(around: background)
    #expect(fill.alpha == 1 && surround.alpha == 1)
    #expect(SceneView.contrastRatio(fill, surround) >= SceneSurround.minimumContrast)
    let darker = surround.red <= fill.red && surround.green <= fill.green && surround.blue <= fill.blue
    let lighter = surround.red >= fill.red && surround.green >= fill.green && surround.blue >= fill.blue
    #expect(darker != lighter)
    // Darkened whenever darkening alone reaches the contrast.
    let halved = Color(red: fill.red / 2, green: fill.green / 2, blue: fill.blue / 2)
    #expect(darker == (SceneView.contrastRatio(fill, halved) >= SceneSurround.minimumContrast))
  }

  @Test("the bundled scenes' background is darkened; a black one gets a lighter grey")
  func knownColours() throws {
    let bundled = SceneSurround.color(around: try #require(Color(hex: "#1e2127")))
    #expect(bundled == Color(red: 15 / 255, green: 16.5 / 255, blue: 19.5 / 255))
    let black = SceneSurround.color(around: Color(red: 0, green: 0, blue: 0))
    #expect(abs(black.red - 0.15) < 1e-12 && black.red == black.green && black.green == black.blue)
  }

  @Test("a translucent background fills the scene as the opaque window showed it: premultiplied")
  func translucentBackground() throws {
    let fill = SceneSurround.sceneFill(for: try #require(Color(hex: "#ff804080")))
    let alpha = 128.0 / 255
    #expect(abs(fill.red - alpha) < 1e-12 && abs(fill.green - 128.0 / 255 * alpha) < 1e-12)
    #expect(abs(fill.blue - 64.0 / 255 * alpha) < 1e-12 && fill.alpha == 1)
  }

  @Test("a scene of another background, shown live, draws the whole window again: the bands too")
  func backgroundChangeRepaintsBands() throws {
    let black = try Scene(
      json: ##"{"name": "edited", "size": [200, 100], "background": "#000000"}"##, fileName: "edited.json")
    let white = try Scene(
      json: ##"{"name": "edited", "size": [200, 100], "background": "#ffffff"}"##, fileName: "edited.json")
    let replay = Replay(scene: black, log: nil, catalog: SceneCatalog(scenes: [black]))
    let session = replay.session
    let window = replay.window
    window.size = Size(width: 600, height: window.size.height)
    let drawing = SceneDrawing(window: window) { SceneSurround.color(around: session.scene.background) }
    let image = Image(width: 600, height: Int(window.size.height))
    let buffer = image.buffer
    let target = FrameTarget(
      data: buffer.data, width: buffer.width, height: buffer.height, stride: buffer.stride, scale: 1)
    // The first frame, drawn whole, as the backend draws it.
    var damage: [Rect] = []
    drawing.damage(for: window.takeChanges(), into: &damage)
    drawing.drawWindow(into: target, damage: nil, excluding: [])
    #expect(image.pixel(x: 100, y: 50).isClose(to: RGBA8(r: 38, g: 38, b: 38)))
    // `run --watch` after a save that changed the background: the next frame's damage (the
    // surround is no view's: the installation of a scene damages the whole window).
    session.replaceScene(with: white, at: 1)
    damage = []
    drawing.damage(for: window.takeChanges(), into: &damage)
    drawing.drawWindow(into: target, damage: damage, excluding: [])
    #expect(image.pixel(x: 300, y: 50).isClose(to: RGBA8(r: 255, g: 255, b: 255)))
    for x in [0, 100, 500, 599] {
      #expect(
        image.pixel(x: x, y: 50).isClose(to: RGBA8(r: 128, g: 128, b: 128)), "x \(x): not the new surround")
    }
    // Nothing changed since: no damage.
    damage = []
    drawing.damage(for: window.takeChanges(), into: &damage)
    #expect(damage.isEmpty)
  }

  @Test(
    "a replay in a wide window: the bands in the surround, a card dragged past the scene cut at its visible edge"
  )
  func wideWindowSnapshot() throws {
    let folder = temporaryDirectory()
    // A black 200x100 scene with a white 50x50 card at its top-left that drags.
    try writeFile(
      folder + "/scene.json",
      """
      {"name": "wide", "size": [200, 100], "background": "#000000", "views": [
        {"id": "c", "frame": [0, 0, 50, 50], "fill": "#ffffff",
         "gestures": [{"id": "c-pan", "kind": "pan", "behavior": "drag"}]}]}
      """)
    // 600 wide and the scene's height above the strip: the scene at scale 1, x 200 to 400.
    // The card is dragged 160 px right, to scene x 160 to 210: 10 px past the scene's edge.
    let strip = ChromeLayout.height(tabCount: SceneCatalog.bundled().entries.count + 1, width: 600)
    try writeFile(
      folder + "/trace.jsonl",
      """
      {"t": 0, "type": "window.size", "width": 600, "height": \(Int(100 + strip))}
      {"t": 0.01, "type": "touch.down", "id": 0, "x": 225, "y": 25}
      {"t": 0.02, "type": "touch.motion", "id": 0, "x": 305, "y": 25}
      {"t": 0.03, "type": "touch.motion", "id": 0, "x": 385, "y": 25}
      {"t": 0.04, "type": "touch.up", "id": 0}
      """)
    let status = runReplay(
      scene: folder + "/scene.json", tracePath: folder + "/trace.jsonl", logPath: nil,
      snapshotPath: folder + "/final.png")
    #expect(status == 0)
    let image = try Image(contentsOfPNG: folder + "/final.png")
    #expect(image.width == 600)
    let surround = RGBA8(r: 38, g: 38, b: 38, a: 255)
    let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
    let black = RGBA8(r: 0, g: 0, b: 0, a: 255)
    // The bands on both sides, and the scene's own background where no card is.
    for x in [0, 100, 199, 400, 500, 599] {
      #expect(image.pixel(x: x, y: 80).isClose(to: surround), "x \(x)")
    }
    for x in [200, 300, 399] { #expect(image.pixel(x: x, y: 80).isClose(to: black), "x \(x)") }
    // The card up to the scene's edge, and the surround right after it.
    #expect(image.pixel(x: 365, y: 25).isClose(to: white))
    #expect(image.pixel(x: 399, y: 25).isClose(to: white))
    #expect(image.pixel(x: 400, y: 25).isClose(to: surround))
    #expect(image.pixel(x: 405, y: 25).isClose(to: surround))
  }
}
