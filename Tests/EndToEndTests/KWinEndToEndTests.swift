import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The app on KWin (KDE Plasma) headless at 125 %: fractional buffers through a viewport,
  /// crisp at the output's resolution, and a touch drag that moves the card on a layer of its
  /// own and leaves no stale pixels (KWin rounds damage inward at fractional scales).
  @Suite("KWin")
  struct KWinEndToEndTests {
    /// The red card's box, if it is drawn whole: its exact colour within 40 per channel.
    static func red(in image: Image) -> PixelBox? {
      PixelBox.bounding(CardScene.red, in: image)
    }

    @Test(
      "At 125 %: a 1.25x buffer with a viewport, crisp card edges, and a drag on a layer with no stale pixels"
    )
    func fractionalScale() throws {
      let app = try RepositoryLayout.appExecutable()
      try KWinSession.with(width: 1280, height: 800, scale: 1.25) { session in
        let scene = session.workDirectory.appendingPathComponent("scene.json")
        try CardScene.json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        // 120 logical pixels at 1.25: 150 device pixels, whole.
        let first = try session.capture(until: .seconds(10)) {
          guard let box = Self.red(in: $0) else { return false }
          return box.maxX - box.minX == 149 && box.maxY - box.minY == 149
        }
        let start = try #require(Self.red(in: first), "no red card in KWin's screenshot")
        #expect(start.maxX - start.minX == 149 && start.maxY - start.minY == 149, "red card at \(start)")
        // Crisp: the pixels right outside the card are the background, not a blend.
        let background = RGBA8(r: 0x20, g: 0x20, b: 0x20)
        let middle = (start.minY + start.maxY) / 2
        #expect(first.pixel(x: start.minX - 1, y: middle).isClose(to: background, tolerance: 3))
        #expect(first.pixel(x: start.maxX + 1, y: middle).isClose(to: background, tolerance: 3))
        #expect(first.pixel(x: start.minX, y: middle).isClose(to: CardScene.red, tolerance: 3))
        let log = { (try? String(contentsOf: client.logURL, encoding: .utf8)) ?? "" }
        #expect(log().contains(".preferred_scale(150)"), "no preferred scale of 1.25")
        #expect(log().contains(", 800, 710, 3200,"), "no 800x710 buffer (640x568 at 1.25)")
        #expect(log().contains(".set_destination(640, 568)"), "no viewport of 640x568")

        // A finger drags the card by (100, 60) logical pixels, in steps, from its centre.
        let center = (
          x: Double(start.minX + start.maxX + 1) / 2 / 1.25, y: Double(start.minY + start.maxY + 1) / 2 / 1.25
        )
        var commands = ["touch-down 0 \(center.x) \(center.y)", "touch-frame"]
        for step in 1...10 {
          commands += [
            "touch-motion 0 \(center.x + Double(step) * 10) \(center.y + Double(step) * 6)", "touch-frame",
            // A frame's time apart, so that each step is drawn.
            "wait 20",
          ]
        }
        commands += ["wait 100", "touch-up 0", "touch-frame", "wait 300"]
        try session.inject(commands)
        let target = start.offsetBy(dx: 125, dy: 75)
        let moved = try session.capture { Self.red(in: $0)?.matches(target) == true }
        #expect(
          Self.red(in: moved)?.matches(target) == true,
          "red at \(Self.red(in: moved).map(String.init(describing:)) ?? "nowhere"), not \(target)")
        // Nothing of the card stays behind: every red pixel is inside its new box.
        var stale = 0
        for y in 0..<moved.height {
          for x in 0..<moved.width where moved.pixel(x: x, y: y).isClose(to: CardScene.red, tolerance: 60) {
            if x < target.minX - 1 || x > target.maxX + 1 || y < target.minY - 1 || y > target.maxY + 1 {
              stale += 1
            }
          }
        }
        #expect(stale == 0, "\(stale) red pixels outside the card after the drag")
        // The card moved on a layer of its own: a subsurface set to new positions.
        let positions = log().split(separator: "\n").filter {
          $0.contains(" -> wl_subsurface@") && $0.contains(".set_position(")
        }
        #expect(
          positions.count >= 3, "the dragged card was not on a layer: \(positions.count) subsurface moves")
      }
    }
  }
}
