import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The app on KWin (KDE Plasma) headless at 125, 150 and 175 %: fractional buffers through a viewport,
  /// crisp at the output's resolution, and a touch drag that moves the card on a layer of its
  /// own and leaves no stale pixels (KWin rounds damage inward at fractional scales).
  @Suite("KWin")
  struct KWinEndToEndTests {
    /// The red card's box, if it is drawn whole: its exact colour within 40 per channel.
    static func red(in image: Image) -> PixelBox? {
      PixelBox.bounding(CardScene.red, in: image)
    }

    @Test(
      "At 125, 150 and 175 %: fractional buffers with a viewport, crisp card edges, and a drag on a layer with no stale pixels",
      arguments: [125, 150, 175])
    func fractionalScale(percent: Int) throws {
      let scale = Double(percent) / 100
      /// `logical` pixels at the output's scale (whole, for the card's edges and sizes here).
      func device(_ logical: Int) -> Int { Int((Double(logical) * scale).rounded()) }
      let app = try RepositoryLayout.appExecutable()
      try KWinSession.with(width: 1280, height: 800, scale: scale) { session in
        let scene = session.workDirectory.appendingPathComponent("scene.json")
        try CardScene.json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        // The 120 px card: 150, 180 or 210 device pixels, whole.
        let side = device(120)
        let first = try session.capture(until: .seconds(10)) {
          guard let box = Self.red(in: $0) else { return false }
          return box.maxX - box.minX == side - 1 && box.maxY - box.minY == side - 1
        }
        let start = try #require(Self.red(in: first), "no red card in KWin's screenshot")
        #expect(
          start.maxX - start.minX == side - 1 && start.maxY - start.minY == side - 1, "red card at \(start)")
        // Crisp: the pixels right outside the card are the background, not a blend.
        let background = RGBA8(r: 0x20, g: 0x20, b: 0x20)
        let middle = (start.minY + start.maxY) / 2
        #expect(first.pixel(x: start.minX - 1, y: middle).isClose(to: background, tolerance: 3))
        #expect(first.pixel(x: start.maxX + 1, y: middle).isClose(to: background, tolerance: 3))
        #expect(first.pixel(x: start.minX, y: middle).isClose(to: CardScene.red, tolerance: 3))
        let log = { (try? WaylandDebugLog.text(of: client.logURL)) ?? "" }
        #expect(log().contains(".preferred_scale(\(percent * 120 / 100))"), "no preferred scale of \(scale)")
        let buffer = (width: device(640), height: device(598))
        #expect(
          log().contains(", \(buffer.width), \(buffer.height), \(buffer.width * 4),"),
          "no \(buffer.width)x\(buffer.height) buffer (640x598 at \(scale))")
        #expect(log().contains(".set_destination(640, 598)"), "no viewport of 640x598")

        // A finger drags the card by (100, 60) logical pixels, in steps, from its centre.
        let center = (
          x: Double(start.minX + start.maxX + 1) / 2 / scale,
          y: Double(start.minY + start.maxY + 1) / 2 / scale
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
        let target = start.offsetBy(dx: device(100), dy: device(60))
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
