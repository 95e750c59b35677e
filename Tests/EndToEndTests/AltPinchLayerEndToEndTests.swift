import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The Alt two-finger emulation on layers (`TwoFingerMarkerView`, `LayerPlan`): while Alt
  /// and a left drag pinch a photo, the photo and the marker's two discs are each on a
  /// subsurface of their own, the discs' stacked above the photo's; the window is committed
  /// without a buffer, and the screen shows the photo grown with both discs over it.
  @Suite("Alt pinch on layers")
  struct AltPinchLayerEndToEndTests {
    /// The `photos` scene fills the 960x728 output under kiosk-shell (window coordinates are
    /// global ones); the emulation mirrors about the window's centre, (480, 364).
    static let width = 960
    static let height = 728
    static let white = RGBA8(r: 0xff, g: 0xff, b: 0xff)

    /// The waves photo's white frame, searched between its neighbours.
    static func waves(_ image: Image) -> PixelBox? {
      var box: PixelBox?
      for y in 100...470 {
        for x in 340...684 {
          let p = image.pixel(x: x, y: y)
          guard p.r >= 247, p.g >= 247, p.b >= 247 else { continue }
          let old = box ?? PixelBox(minX: x, minY: y, maxX: x, maxY: y)
          box = PixelBox(
            minX: min(old.minX, x), minY: min(old.minY, y), maxX: max(old.maxX, x), maxY: max(old.maxY, y))
        }
      }
      return box
    }

    /// Three points of a disc's outline (radius 14) left, right and above `x`, `y` (the
    /// pointer's cursor hangs below its disc).
    static func ring(_ x: Int, _ y: Int) -> [(Int, Int)] {
      [(x - 14, y), (x + 14, y), (x, y - 14)]
    }

    @Test("Alt and a left drag pinch a photo on a layer, under the two discs on layers of their own")
    func altPinchOnLayers() throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: Self.width, height: Self.height) { session in
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", "photos"], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        let unpinched = PixelBox(minX: 397, minY: 197, maxX: 642, maxY: 382)
        let first = try session.capture { Self.waves($0)?.matches(unpinched, tolerance: 3) == true }
        let before = try #require(Self.waves(first))
        let logStart = try WaylandDebugLog.text(of: client.logURL).utf8.count
        let commitsBefore = WindowCommitLog(client.logURL).commits.count
        // The pointer at (550, 364) puts the second finger at (410, 364), both on the photo;
        // dragging out to (571, 364) spreads them from 140 to 182 px apart: a 1.3 pinch, held,
        // half a pixel per compositor repaint (enough frames for the layers to show, even with
        // the machine busy).
        var commands = [
          "key 56 pressed", "pointer-motion 550 364", "pointer-frame", "wait-repaint",
          "pointer-button left pressed", "pointer-frame", "wait-repaint",
        ]
        for step in 1...42 {
          commands += ["pointer-motion \(550 + Double(step) / 2) 364", "pointer-frame", "wait-repaint"]
        }
        try session.injector.run(commands)
        // The discs are at (571, 364) and (389, 364).
        let rings = Self.ring(571, 364) + Self.ring(389, 364)
        func shown(_ image: Image) -> Bool {
          guard let box = Self.waves(image) else { return false }
          let grown = Double(box.maxX - box.minX) > 1.2 * Double(before.maxX - before.minX)
          return grown && rings.allSatisfy { image.pixel(x: $0.0, y: $0.1).r >= 220 }
        }
        let held = try session.capture(shown)
        #expect(shown(held), "the photo spans \(String(describing: Self.waves(held))), before \(before)")
        for (x, y) in rings {
          let p = held.pixel(x: x, y: y)
          #expect(p.r >= 220 && p.g >= 220 && p.b >= 220, "no disc outline at (\(x), \(y)): \(p)")
        }
        let text = try WaylandDebugLog.text(of: client.logURL)
        let drag = String(text.utf8.dropFirst(logStart)) ?? ""
        let lines = drag.split(separator: "\n").filter { $0.contains(" -> ") }
        let moved = Set(
          lines.filter { $0.contains(".set_position(") }.compactMap {
            WaylandDebugLog.first("wl_subsurface@[0-9]+", in: $0)
          })
        #expect(moved.count >= 3, "subsurfaces moved: \(moved.sorted())")
        #expect(lines.contains { $0.contains(".place_above(") }, "the layers were not stacked")
        #expect(
          lines.filter { $0.contains(".set_destination(") }.count >= 2, "the photo's layer was not scaled")
        let commits = WindowCommitLog(client.logURL).commits.dropFirst(commitsBefore)
        let withoutBuffer = commits.filter { !$0.attached }.count
        #expect(withoutBuffer >= 5, "\(withoutBuffer) of \(commits.count) commits without a buffer")
        #expect(
          commits.filter(\.attached).count <= 5,
          "the window was drawn \(commits.filter(\.attached).count) times")

        // Released, and Alt up: the photo stays grown, drawn into the window, and the discs go.
        try session.injector.run(["pointer-button left released", "pointer-frame", "key 56 released"])
        try session.parkPointer()
        let after = try session.capture { image in
          !rings.contains { image.pixel(x: $0.0, y: $0.1) == held.pixel(x: $0.0, y: $0.1) }
            && Self.waves(image).map { $0.maxX - $0.minX > Int(1.2 * Double(before.maxX - before.minX)) }
              == true
        }
        #expect(
          !rings.contains { after.pixel(x: $0.0, y: $0.1) == held.pixel(x: $0.0, y: $0.1) },
          "a disc is left on screen")
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }
  }
}
