import CairoRenderer
import Foundation
import Testing

/// A drawer scene shown in a window wider than the scene: 640x480, background #202020, a
/// `stage` over all of it with a left screen-edge pan that pulls in `drawer` (open at
/// [0, 0, 200, 480], red).
///
/// Under kiosk-shell the window fills the 900x568 output: the scene (at scale 1, 480 high
/// above the app's 88 px strip) is centred with a 130 px surround on each side, so the scene's
/// left edge is at x 130 in global coordinates (what gp-inject takes).
private enum LetterboxedDrawer {
  static let outputWidth = 900
  static let outputHeight = 480 + 88
  /// Where the scene's left edge is in the window.
  static let sceneLeft = 130
  static let red = RGBA8(r: 0xff, g: 0, b: 0)
  /// The open drawer, as shown.
  static let openBox = PixelBox(frameX: sceneLeft, y: 0, width: 200, height: 480)

  static let json = """
    {"name": "e2e-drawer", "title": "End-to-end drawer", "size": [640, 480], "background": "#202020",
     "views": [
       {"id": "stage", "frame": [0, 0, 640, 480], "gestures": [
         {"id": "edge", "kind": "screenEdgePan", "edges": "left", "behavior": "drawer", "target": "drawer"}]},
       {"id": "drawer", "frame": [0, 0, 200, 480], "shape": "rect", "fill": "#ff0000", "gestures": [
         {"id": "push", "kind": "pan", "behavior": "drawer"}]}]}
    """
}

extension EndToEnd {
  /// A screen-edge pan in a letterboxed window: the scene as shown is the screen.
  @Suite("Letterboxed edge swipe")
  struct LetterboxedEdgeSwipeTests {
    @Test("A swipe from the scene's left edge pulls the drawer open; one from the surround does nothing")
    func swipeFromTheSceneEdge() throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: LetterboxedDrawer.outputWidth, height: LetterboxedDrawer.outputHeight) {
        session in
        let scene = session.runtimeDirectory.appendingPathComponent("drawer.json")
        try LetterboxedDrawer.json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(app, arguments: ["run", "--scene", scene.path])
        let window = try session.waitForWindow(of: client)
        let whole = PixelBox(
          frameX: 0, y: 0, width: LetterboxedDrawer.outputWidth, height: LetterboxedDrawer.outputHeight)
        guard window == whole else {
          throw HarnessError("the window is at \(window), not over the whole output \(whole)")
        }
        try session.parkPointer()
        // The scene's background between the surrounds (#101010, the background halved).
        let background = RGBA8(r: 0x20, g: 0x20, b: 0x20)
        let surround = RGBA8(r: 0x10, g: 0x10, b: 0x10)
        let left = LetterboxedDrawer.sceneLeft
        let letterboxed = { (image: Image) in
          image.pixel(x: left - 1, y: 240).isClose(to: surround)
            && image.pixel(x: left, y: 240).isClose(to: background)
            && image.pixel(x: left + 639, y: 240).isClose(to: background)
            && image.pixel(x: left + 640, y: 240).isClose(to: surround)
        }
        let before = try session.capture(letterboxed)
        #expect(letterboxed(before), "the scene is not shown at x \(left)...\(left + 639) between surrounds")
        #expect(PixelBox.bounding(LetterboxedDrawer.red, in: before) == nil, "the drawer starts closed")

        // From the surround, 5 px from the window's edge: no scene view is touched.
        try session.injector.run(InputScript.touchDrag(from: ScreenPoint(5, 240), by: ScreenPoint(200, 0)))
        try session.injector.run("wait-repaint")
        let untouched = try session.capture()
        #expect(
          PixelBox.bounding(LetterboxedDrawer.red, in: untouched) == nil, "a swipe from the surround moved it"
        )

        // 3 px inside the scene's left edge, 133 px from the window's: the drawer comes in
        // with the finger and, let go fully out, stays open.
        let start = ScreenPoint(Double(LetterboxedDrawer.sceneLeft + 3), 240)
        try session.injector.run(InputScript.touchDrag(from: start, by: ScreenPoint(200, 0)))
        let opened = try session.capture {
          PixelBox.bounding(LetterboxedDrawer.red, in: $0)?.matches(LetterboxedDrawer.openBox) ?? false
        }
        let shown = PixelBox.bounding(LetterboxedDrawer.red, in: opened)
        #expect(
          shown?.matches(LetterboxedDrawer.openBox) == true,
          "the drawer is at \(shown.map(String.init(describing:)) ?? "nowhere"), not \(LetterboxedDrawer.openBox)"
        )
        #expect(client.isRunning, "the app ended: \(client.logTail(maxLines: 20))")
      }
    }
  }
}
