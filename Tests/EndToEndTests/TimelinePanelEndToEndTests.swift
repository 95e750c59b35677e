import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The live timeline on Weston: T shows a white panel over the lower half of the scene whose
  /// recognizer lane fills in when a card is dragged; T again hides it.
  @Suite("Live timeline panel")
  struct TimelinePanelEndToEndTests {
    static let white = RGBA8(r: 0xff, g: 0xff, b: 0xff)
    /// The band of a recognizer while it is began or changed.
    static let band = RGBA8(r: 158, g: 191, b: 247)

    @Test("T shows the last seconds, a drag fills in its lanes, T hides it")
    func panel() throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: 1000, height: 760) { session in
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", "cards"], name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        // In the 1000x672 scene area above the strip, the panel starts halfway down (336) and
        // is as tall as its picture.
        func shows(_ image: Image) -> Bool {
          [(5, 345), (995, 345), (5, 400)].allSatisfy { image.pixel(x: $0.0, y: $0.1) == Self.white }
        }
        #expect(!shows(try session.capture()), "a panel before T")
        // evdev KEY_T is 20.
        try session.injector.run(["key 20 pressed", "key 20 released"])
        let shown = try session.capture { shows($0) }
        #expect(shows(shown), "no panel after T")
        let panel = PixelBox(minX: 0, minY: 336, maxX: 999, maxY: 671)
        // A finger drags the red card (its lane and red-pan's fill in).
        try session.injector.run(InputScript.touchDrag(from: ScreenPoint(200, 300), by: ScreenPoint(80, 20)))
        let filled = try session.capture { PixelBox.bounding(Self.band, tolerance: 6, in: $0) != nil }
        let band = try #require(PixelBox.bounding(Self.band, tolerance: 6, in: filled), "no recognizer band")
        #expect(
          band.minY > panel.minY && band.maxY < panel.maxY, "the band \(band) is outside the panel \(panel)")
        try session.injector.run(["key 20 pressed", "key 20 released"])
        let hidden = try session.capture { !shows($0) }
        #expect(!shows(hidden), "the panel stayed")
        #expect(PixelBox.bounding(Self.band, tolerance: 6, in: hidden) == nil, "the panel stayed")
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }
  }
}
