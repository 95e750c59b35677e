import CairoRenderer
import Foundation

/// The scene of the card tests and a running app showing it: a 640x480
/// scene, background #202020, a red card at [40, 40, 120, 120] and a blue one
/// at [300, 200, 120, 120], each with a pan that drags it.
///
/// Under kiosk-shell the window fills the 640x598 output, the scene's size
/// plus the app's strip, so the scene is shown at scale 1 at the window's
/// top-left, and global coordinates (what gp-inject takes) equal window and
/// scene coordinates.
enum CardScene {
  /// Scene, output and window width.
  static let width = 640
  /// Scene height.
  static let height = 480
  /// The app's strip below the scene: a 28 px hint bar and three 30 px rows of
  /// tabs (`ChromeLayout`: 640 px hold 6 tabs a row, and the bundled scenes
  /// and this one are 13 to 18).
  static let stripHeight = 118
  /// The strip in a window 768 px wide or more: the hint bar and two rows of 8
  /// tabs (for up to 16 scenes).
  static let wideStripHeight = 88
  /// Output and window height: the scene and the strip.
  static let outputHeight = height + stripHeight
  /// The background colour.
  static let background = RGBA8(r: 0x20, g: 0x20, b: 0x20)
  /// The colour around the scene when the window is of another shape (the bands of the
  /// fit): the background with each channel halved (`SceneSurround`).
  static let surround = RGBA8(r: 0x10, g: 0x10, b: 0x10)
  /// The red card's fill.
  static let red = RGBA8(r: 0xff, g: 0, b: 0)
  /// The blue card's fill.
  static let blue = RGBA8(r: 0, g: 0, b: 0xff)
  /// Where the red card is drawn at start.
  static let redStart = PixelBox(frameX: 40, y: 40, width: 120, height: 120)
  /// Where the blue card is drawn at start.
  static let blueStart = PixelBox(frameX: 300, y: 200, width: 120, height: 120)
  /// The red card's centre at start.
  static let redCenter = ScreenPoint(100, 100)
  /// The blue card's centre at start.
  static let blueCenter = ScreenPoint(360, 260)

  /// The scene file (FORMATS.md).
  static let json = """
    {
      "name": "e2e-cards",
      "title": "End-to-end cards",
      "size": [640, 480],
      "background": "#202020",
      "views": [
        {
          "id": "red",
          "frame": [40, 40, 120, 120],
          "shape": "rect",
          "fill": "#ff0000",
          "gestures": [{ "id": "red-pan", "kind": "pan", "behavior": "drag" }]
        },
        {
          "id": "blue",
          "frame": [300, 200, 120, 120],
          "shape": "rect",
          "fill": "#0000ff",
          "gestures": [{ "id": "blue-pan", "kind": "pan", "behavior": "drag" }]
        }
      ]
    }
    """

  /// Runs `body` with the app showing the scene in a fresh session, after
  /// checking that the window fills the output and both cards are where the
  /// scene puts them. The pointer is parked in the bottom-right corner.
  /// `arguments` are added to the app's `run` command line, `environment` to its
  /// environment (`WAYLAND_DEBUG=client` logs its protocol to `session.clients[0].logURL`).
  /// At output `scale` screenshots have `scale` pixels per scene pixel.
  static func withApp<T>(
    scale: Int = 1, arguments: [String] = [], environment: [String: String] = [:],
    _ body: (WestonSession) throws -> T
  ) throws -> T {
    let app = try RepositoryLayout.appExecutable()
    return try WestonSession.with(width: width, height: outputHeight, scale: scale) { session in
      let scene = session.runtimeDirectory.appendingPathComponent("test-scene.json")
      try json.write(to: scene, atomically: true, encoding: .utf8)
      let client = try session.launchClient(
        app, arguments: ["run", "--scene", scene.path] + arguments, environment: environment,
        name: "gesture-playground")
      let window = try session.waitForWindow(of: client)
      guard window == PixelBox(frameX: 0, y: 0, width: width, height: outputHeight) else {
        throw HarnessError("the window is at \(window), not over the whole \(width)x\(outputHeight) output")
      }
      try session.parkPointer()
      let (redStart, blueStart) = (redStart.scaled(by: scale), blueStart.scaled(by: scale))
      let first = try session.capture { image in
        PixelBox.bounding(red, in: image) == redStart && PixelBox.bounding(blue, in: image) == blueStart
      }
      let redBox = PixelBox.bounding(red, in: first)
      let blueBox = PixelBox.bounding(blue, in: first)
      guard redBox == redStart, blueBox == blueStart else {
        throw HarnessError(
          """
          the scene is not drawn as written: red at \(redBox.map(String.init(describing:)) ?? "nowhere") \
          (expected \(redStart)), blue at \(blueBox.map(String.init(describing:)) ?? "nowhere") (expected \(blueStart))
          """)
      }
      return try body(session)
    }
  }
}
