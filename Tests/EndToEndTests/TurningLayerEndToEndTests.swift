import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A card turned by two fingers on a layer of its own, past the bottom of the scene: the
  /// layer's extent is cut to the scene's clip (`Renderer.layerPlacement`), so it is drawn
  /// again every frame (a turn is never the compositor's to show) into buffers whose memory
  /// is reused while their size changes (`BufferPool`), and nothing shows below the scene.
  @Suite("Turned card on a cut layer")
  struct TurningLayerEndToEndTests {
    /// The green card of the pinch test, near the scene's bottom edge (480): turned a quarter
    /// it reaches 100 px below its centre, 40 px past the edge.
    static let json = PinchLayerEndToEndTests.json.replacingOccurrences(
      of: "[200, 150, 200, 140]", with: "[200, 350, 200, 140]")

    @Test("A quarter turn past the scene's edge keeps the card on a cut layer, drawn in reused buffers")
    func turnPastTheEdge() throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: CardScene.width, height: CardScene.outputHeight) { session in
        let scene = session.runtimeDirectory.appendingPathComponent("turn-scene.json")
        try Self.json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        let green = PinchLayerEndToEndTests.green
        _ = try session.capture {
          PixelBox.bounding(green, in: $0) == PixelBox(frameX: 200, y: 350, width: 200, height: 140)
        }
        // Two fingers 120 px apart on the card's centre (300, 420) turn a quarter in 30 steps.
        var commands = ["time now", "touch-down 0 240 420", "touch-down 1 360 420", "touch-frame"]
        for step in 1...30 {
          let angle = Double.pi / 2 * Double(step) / 30
          let dx = 60 * cos(angle)
          let dy = 60 * sin(angle)
          commands += [
            "time +8", "touch-motion 0 \(300 - dx) \(420 - dy)", "touch-motion 1 \(300 + dx) \(420 + dy)",
            "touch-frame",
          ]
          // Frames are awaited along the way, so that the turning layer is drawn several times
          // however fast the app reads.
          if step % 6 == 0 { commands.append("wait-commit") }
        }
        commands.append("time live")
        try session.injector.run(commands)
        // Turned a quarter: 140 px wide, from 320 down to the scene's edge (480), none below.
        let turned = PixelBox(frameX: 230, y: 320, width: 140, height: 160)
        let held = try session.capture { image in
          PixelBox.bounding(green, in: image).map { PinchLayerEndToEndTests.near($0, turned, within: 2) }
            == true
        }
        let box = PixelBox.bounding(green, in: held)
        #expect(
          box.map { PinchLayerEndToEndTests.near($0, turned, within: 2) } == true,
          "held at \(String(describing: box))")
        #expect(
          box.map { $0.maxY <= 480 } == true, "the card shows below the scene: \(String(describing: box))")

        let lines = try WaylandDebugLog.text(of: client.logURL).split(separator: "\n")
        // The layer's surface: the first wl_surface named in get_subsurface.
        let made = try #require(lines.firstIndex { $0.contains(".get_subsurface(") }, "no layer was made")
        let layer = try #require(WaylandDebugLog.first(#"wl_surface@[0-9]+"#, in: lines[made]))
        let after = lines[made...]
        let attaches = after.filter { $0.contains("-> \(layer).attach(wl_buffer") }.count
        let pools = after.filter { $0.contains(".create_pool(") }.count
        #expect(attaches >= 4, "the turning layer was drawn \(attaches) times")
        // Its size changes every frame; its two buffers' memory is reused (two pools at the
        // lift, none since: a quarter turn of this card grows its box by at most 1.4x).
        #expect(pools <= 3, "\(pools) pools made for \(attaches) pictures of the layer")

        // The fingers lift: the card is drawn into the window again, cut by the scene's edge.
        try session.injector.run(["touch-up 0", "touch-up 1", "touch-frame"])
        let landed = try session.capture { image in
          let text = (try? WaylandDebugLog.text(of: client.logURL)) ?? ""
          return text.contains(".attach(nil") && PixelBox.bounding(green, in: image) == turned
        }
        #expect(PixelBox.bounding(green, in: landed) == turned)
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }
  }
}
