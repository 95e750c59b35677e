import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A shape's menu in a window that shows the scene at about half its size, on an output of
  /// scale 2: the menu keeps its own size in the window, next to the finger, and works there.
  @Suite("The menu at the scene's scale")
  struct MenuScaleEndToEndTests {
    /// A portrait window: the 960x640 `menus` scene shown at 517/960 above the strip's 118
    /// points (three rows of tabs).
    static let width = 517
    static let height = 903
    /// The output's scale: screenshots are twice the logical size.
    static let scale = 2
    /// The circle's fill (also the selected tab's, below the scene) and the menu buttons'.
    static let circle = RGBA8(r: 0x61, g: 0xaf, b: 0xef)
    static let buttonFill = RGBA8(r: 0x3e, g: 0x44, b: 0x51)

    @Test("A long press opens the menu at its own size beside the finger; its Delete deletes the circle")
    func longPressAtHalfScale() throws {
      let app = try RepositoryLayout.appExecutable()
      // The scene above the strip, in device pixels: the strip's blue tab is left out.
      let sceneRows = PixelBox(
        minX: 0, minY: 0, maxX: Self.width * Self.scale - 1, maxY: 785 * Self.scale - 1)
      func circle(in image: Image) -> PixelBox? {
        PixelBox.bounding(Self.circle, tolerance: 3, in: sceneRows, of: image)
      }
      func buttons(in image: Image) -> PixelBox? {
        PixelBox.bounding(Self.buttonFill, tolerance: 3, in: sceneRows, of: image)
      }
      try WestonSession.with(width: Self.width, height: Self.height, scale: Self.scale) { session in
        let client = try session.launchClient(app, arguments: ["run", "menus"], name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        let shown = try session.capture { circle(in: $0) != nil }
        let disc = try #require(circle(in: shown), "no circle")
        // The 180 px circle shown at 517/960: about 97 points, 194 device pixels.
        #expect(abs((disc.maxX - disc.minX + 1) - 194) <= 3, "the scene is not shown at 517/960: \(disc)")
        #expect(buttons(in: shown) == nil)
        let x = Double(disc.minX + disc.maxX + 1) / 2 / Double(Self.scale)
        let y = Double(disc.minY + disc.maxY + 1) / 2 / Double(Self.scale)
        // The finger held until the menu shows (the press is 0.5 s), then lifted where it went
        // down: beside the menu, so it chooses nothing.
        try session.injector.run(["touch-down 0 \(x) \(y)", "touch-frame"])
        let opened = try session.capture { buttons(in: $0) != nil }
        try session.injector.run(["touch-up 0", "touch-frame"])
        let box = try #require(buttons(in: opened), "no menu after a long press")
        // Three 120x36 buttons, 4 points inside the panel, whose corner is 12 points right of
        // and below the finger, on a whole point: at the scene's scale they were 65x58.
        let corner = (x: (x + 12).rounded(), y: (y + 12).rounded())
        let expected = PixelBox(
          frameX: Int(corner.x + 4) * Self.scale, y: Int(corner.y + 4) * Self.scale, width: 120 * Self.scale,
          height: 108 * Self.scale)
        #expect(box.matches(expected, tolerance: 2), "the menu's buttons are at \(box), not \(expected)")
        let after = try session.capture()
        #expect(buttons(in: after) != nil, "the lifted finger closed the menu")
        #expect(circle(in: after) != nil, "the lifted finger chose an item")
        // Delete, the third button.
        let delete = (x: corner.x + 4 + 60, y: corner.y + 4 + 72 + 18)
        try session.injector.run([
          "time now", "touch-down 0 \(delete.x) \(delete.y)", "touch-frame", "time +40", "touch-up 0",
          "touch-frame", "time live",
        ])
        let gone = try session.capture { circle(in: $0) == nil && buttons(in: $0) == nil }
        #expect(circle(in: gone) == nil && buttons(in: gone) == nil, "the circle or the menu is still shown")
      }
    }
  }
}
