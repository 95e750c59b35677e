import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A pen's first barrel button through Weston's tablet support (Weston 13 and later, the
  /// Debian 13 run; the replays in MenuPenTests carry it on Debian 12): GTK's secondary
  /// button for a pen, which opens a shape's menu in the `menus` scene as the mouse's right
  /// button does.
  @Suite(
    "A pen's barrel button on Weston's tablet",
    .enabled(if: (WestonSession.majorVersion ?? 0) >= 13, "Weston 10 has no tablet support"))
  struct TabletBarrelEndToEndTests {
    static let square = RGBA8(r: 0xe0, g: 0x6c, b: 0x75)
    static let buttonFill = RGBA8(r: 0x3e, g: 0x44, b: 0x51)
    static let litFill = RGBA8(r: 0x4d, g: 0x78, b: 0xcc)

    @Test(
      "Pressed over a shape, the barrel opens its menu; moved onto Delete and released, it deletes the shape")
    func barrelMenu() throws {
      let app = try RepositoryLayout.appExecutable()
      // The 960x640 scene at scale 1 above the strip. The square: frame 120,200 180x180. With
      // the pen at (210, 290) the menu's panel is 128x116 at (222, 302), its buttons 120x36
      // from (226, 306); Delete's centre is (286, 396).
      let shape = PixelBox(minX: 110, minY: 190, maxX: 310, maxY: 390)
      let panel = PixelBox(minX: 215, minY: 295, maxX: 360, maxY: 425)
      func squareShown(_ image: Image) -> Bool {
        PixelBox.bounding(Self.square, tolerance: 12, in: shape, of: image) != nil
      }
      // Three buttons of 120x36 less their labels and corners: about 11,400 pixels of their
      // fill in the panel's box (the panel's anti-aliased stroke comes near that colour too, so
      // no bounding box).
      func menuShown(_ image: Image) -> Bool {
        var count = 0
        for y in panel.minY...panel.maxY {
          for x in panel.minX...panel.maxX
          where image.pixel(x: x, y: y).isClose(to: Self.buttonFill, tolerance: 4) {
            count += 1
          }
        }
        return count > 9_000
      }
      try WestonSession.with(width: 960, height: 728) { session in
        let client = try session.launchClient(app, arguments: ["run", "menus"], name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        _ = try session.capture { squareShown($0) }
        try session.injector.run([
          "tablet-in pen 210 290", "tablet-frame", "tablet-button 331 pressed", "tablet-frame",
        ])
        let opened = try session.capture { menuShown($0) }
        try #require(menuShown(opened), "no menu at the pen after the barrel's press")
        // Onto Delete with the button held: it lights; released there, it chooses.
        try session.injector.run(["tablet-motion 286 396", "tablet-frame"])
        let lit = try session.capture {
          PixelBox.bounding(Self.litFill, tolerance: 3, in: panel, of: $0).map { $0.minY > 370 } ?? false
        }
        #expect(
          PixelBox.bounding(Self.litFill, tolerance: 3, in: panel, of: lit).map { $0.minY > 370 } == true,
          "Delete is not lit under the pen")
        try session.injector.run(["tablet-button 331 released", "tablet-frame", "tablet-out", "tablet-frame"])
        let after = try session.capture { !squareShown($0) && !menuShown($0) }
        #expect(!squareShown(after) && !menuShown(after), "the square is still there, or the menu")
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }
  }
}
