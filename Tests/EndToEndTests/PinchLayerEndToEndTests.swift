import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A card pinched by two fingers on a layer of its own (`LayerPlan`, `ViewLayer`), at output
  /// scales 1 and 2: while the fingers move, the card is a subsurface whose viewport
  /// destination grows with the pinch (`wp_viewport.set_destination`), and the screen shows it
  /// at the fingers' scale; when they lift, the window draws the card again, sharp, in a
  /// commit that hides the layer.
  @Suite("Pinched card on a layer")
  struct PinchLayerEndToEndTests {
    /// A green 200x140 card centred at (300, 220) that pans, pinches and turns at once.
    static let json = """
      {
        "name": "e2e-pinch",
        "title": "End-to-end pinch",
        "size": [640, 480],
        "background": "#202020",
        "views": [
          {
            "id": "green",
            "frame": [200, 150, 200, 140],
            "shape": "rect",
            "fill": "#00ff00",
            "multipleTouch": true,
            "gestures": [
              { "id": "pan", "kind": "pan", "behavior": "drag", "simultaneousWith": ["pinch", "turn"] },
              { "id": "pinch", "kind": "pinch", "behavior": "scale", "simultaneousWith": ["pan", "turn"] },
              { "id": "turn", "kind": "rotation", "behavior": "rotate", "simultaneousWith": ["pan", "pinch"] }
            ]
          }
        ]
      }
      """
    static let green = RGBA8(r: 0, g: 0xff, b: 0)

    @Test(
      "A two-finger pinch scales the card's layer through the viewport, then draws it back sharp",
      arguments: [1, 2])
    func pinchOnALayer(scale: Int) throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: CardScene.width, height: CardScene.outputHeight, scale: scale) {
        session in
        let scene = session.runtimeDirectory.appendingPathComponent("pinch-scene.json")
        try Self.json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        let start = PixelBox(frameX: 200 * scale, y: 150 * scale, width: 200 * scale, height: 140 * scale)
        _ = try session.capture { PixelBox.bounding(Self.green, in: $0) == start }
        // Two fingers 100 px apart on the card's centre row move apart to 200 px, 8 ms a step:
        // twice the size about the centre, which the fingers' centroid keeps in place.
        var commands = ["time now", "touch-down 0 250 220", "touch-down 1 350 220", "touch-frame"]
        for step in 1...25 {
          let half = 50 + 2 * Double(step)
          commands += [
            "time +8", "touch-motion 0 \(300 - half) 220", "touch-motion 1 \(300 + half) 220", "touch-frame",
          ]
          // The steps are injected at once: a commit is awaited once the pinch is well under
          // way, so that the layer is scaled at least twice however fast the app draws (under
          // AddressSanitizer it once read all 25 steps before its first frame of the pinch).
          if step == 18 { commands.append("wait-commit") }
        }
        commands.append("time live")
        try session.injector.run(commands)
        let doubled = PixelBox(frameX: 100 * scale, y: 80 * scale, width: 400 * scale, height: 280 * scale)
        // The fingers are still down: what the screen shows is the layer, scaled by Weston.
        let held = try session.capture { image in
          PixelBox.bounding(Self.green, in: image).map { Self.near($0, doubled, within: 2 * scale) } == true
        }
        let heldBox = PixelBox.bounding(Self.green, in: held)
        #expect(
          heldBox.map { Self.near($0, doubled, within: 2 * scale) } == true,
          "held at \(String(describing: heldBox))")
        let log = try WaylandDebugLog.text(of: client.logURL)
        #expect(log.contains("get_subsurface("), "no layer was made")
        let destinations = log.split(separator: "\n").filter { $0.contains(".set_destination(") }
        #expect(
          destinations.count >= 2, "the layer was not scaled through its viewport: \(destinations.count)")
        // The last one: the card's 400x280 box and the layer's margin, scaled with the card.
        let last = destinations.last.map { line -> [Int] in
          let inside = line.split(separator: "(").last?.split(separator: ")").first ?? ""
          return inside.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        #expect(
          last.map { $0.count == 2 && (400...420).contains($0[0]) && (280...300).contains($0[1]) } == true,
          "last destination: \(destinations.last ?? "none")")

        // The fingers lift: 50 ms later the card is drawn into the window again, exactly.
        try session.injector.run(["touch-up 0", "touch-up 1", "touch-frame"])
        let landed = try session.capture { image in
          let text = (try? WaylandDebugLog.text(of: client.logURL)) ?? ""
          return text.contains(".attach(nil") && PixelBox.bounding(Self.green, in: image) == doubled
        }
        #expect(PixelBox.bounding(Self.green, in: landed) == doubled)
        #expect(landed.pixel(x: 300 * scale, y: 220 * scale) == Self.green)
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }

    /// Whether every edge of `box` is within `tolerance` pixels of `expected`'s.
    static func near(_ box: PixelBox, _ expected: PixelBox, within tolerance: Int) -> Bool {
      abs(box.minX - expected.minX) <= tolerance && abs(box.minY - expected.minY) <= tolerance
        && abs(box.maxX - expected.maxX) <= tolerance && abs(box.maxY - expected.maxY) <= tolerance
    }
  }
}
