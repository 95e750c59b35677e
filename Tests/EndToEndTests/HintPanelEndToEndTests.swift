import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// At a phone's width the strip cuts the scene's hint; a tap on it, or the pointer resting
  /// on it, shows it whole above the strip.
  @Suite("The whole hint at a phone's width")
  struct HintPanelEndToEndTests {
    /// A phone's logical size and scale: screenshots are 720x1440.
    static let width = 360
    static let height = 720
    static let scale = 2
    /// The strip's top: 28 points of hint bar and four rows of 30 (15 tabs, 3 a row, scrolling).
    static let stripTop = 572
    /// The panel's hairline edge and its box's fill.
    static let edge = RGBA8(r: 0x3e, g: 0x44, b: 0x51)
    static let boxFill = RGBA8(r: 0x14, g: 0x16, b: 0x1b)

    /// The top device row of the panel's edge (a point, two rows) above the strip, where it
    /// shows: rows of its colour across the whole width, the box's fill below them.
    static func edgeRow(in image: Image) -> Int? {
      let right = width * scale - 3
      return (0..<(stripTop * scale - scale)).first { y in
        (y..<(y + scale)).allSatisfy { row in
          [2, right / 2, right].allSatisfy { image.pixel(x: $0, y: row).isClose(to: edge, tolerance: 3) }
        } && image.pixel(x: 2, y: y + scale).isClose(to: boxFill, tolerance: 3)
      }
    }

    @Test(
      "A tap on the cut hint shows it whole above the strip; a tap on the scene hides it; so does the pointer leaving"
    )
    func tapAndRest() throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: Self.width, height: Self.height, scale: Self.scale) { session in
        let client = try session.launchClient(app, arguments: ["run", "paint"], name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        let before = try session.capture()
        #expect(Self.edgeRow(in: before) == nil)
        let hint = (x: 80.0, y: Double(Self.stripTop) + 14)
        try session.injector.run([
          "time now", "touch-down 0 \(hint.x) \(hint.y)", "touch-frame", "time +40", "touch-up 0",
          "touch-frame",
          "time live",
        ])
        let shown = try session.capture { Self.edgeRow(in: $0) != nil }
        let row = try #require(Self.edgeRow(in: shown), "no panel after a tap on the hint")
        // The box reaches the strip, 17 points a line and 10 above and below: the paint hint
        // takes three lines or more at 340 points (the bar's two cut it).
        let lines = Double(Self.stripTop * Self.scale - row - 20 * Self.scale) / Double(17 * Self.scale)
        #expect(
          lines >= 3 && lines == lines.rounded(), "the box is \(Self.stripTop * Self.scale - row) px tall")
        // A tap on the scene, well above the box, hides it.
        try session.injector.run([
          "time now", "touch-down 0 180 200", "touch-frame", "time +40", "touch-up 0", "touch-frame",
          "time live",
        ])
        let hidden = try session.capture { Self.edgeRow(in: $0) == nil }
        #expect(Self.edgeRow(in: hidden) == nil, "a tap elsewhere left the panel")
        // The pointer resting on the hint shows it (after half a second); leaving hides it.
        try session.injector.run(["pointer-motion \(hint.x) \(hint.y)", "pointer-frame"])
        let rested = try session.capture { Self.edgeRow(in: $0) != nil }
        #expect(Self.edgeRow(in: rested) == row, "the pointer's rest showed no panel, or another")
        try session.injector.run(["pointer-motion 180 100", "pointer-frame"])
        let left = try session.capture { Self.edgeRow(in: $0) == nil }
        #expect(Self.edgeRow(in: left) == nil, "the panel stayed after the pointer left")
      }
    }
  }
}
