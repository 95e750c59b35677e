import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The app on a HiDPI output: Weston headless with `--scale=2`, a 640x480 logical output
  /// of 1280x1196 pixels, showing the card scene plus a green card on half-pixel edges (at
  /// 2x they fall on whole pixels; drawn at 1x and scaled up they would be a blurred ramp).
  @Suite("Output scale")
  struct ScaleTests {
    static let green = RGBA8(r: 0, g: 0xff, b: 0)

    /// The card scene with a green card at [200.5, 320.5, 80, 80].
    static let json = CardScene.json.replacingOccurrences(
      of: "\"views\": [",
      with: """
        "views": [
            { "id": "green", "frame": [200.5, 320.5, 80, 80], "shape": "rect", "fill": "#00ff00" },
        """)

    @Test(
      "At scale 2 the buffer is twice the logical size, edges are crisp, and a drag moves by logical units")
    func scaleTwo() throws {
      try withApp { session, client in
        let first = try session.capture()
        #expect(first.width == 1280 && first.height == 1196, "the capture is \(first.width)x\(first.height)")
        // The buffer: 1280x1196 pixels with buffer scale 2.
        let requests = WaylandDebugRequests(client.logURL)
        #expect(
          requests.lines.contains { line in
            line.contains(".set_buffer_scale(2)") && !line.contains("\(requests.cursorSurface ?? "-").")
          },
          "the window's surface got no set_buffer_scale(2)")
        #expect(
          requests.lines.contains { $0.contains(".create_buffer(") && $0.contains(", 1280, 1196, 5120,") },
          "no 1280x1196 buffer was created")
        // Cards at twice their logical frames.
        #expect(PixelBox.bounding(CardScene.red, in: first) == double(CardScene.redStart))
        #expect(PixelBox.bounding(CardScene.blue, in: first) == double(CardScene.blueStart))
        #expect(
          PixelBox.bounding(Self.green, in: first) == PixelBox(frameX: 401, y: 641, width: 160, height: 160))
        // Crisp edges: one step from background to card, on whole and half logical pixels.
        expectStep(in: first, row: 200, from: 79, CardScene.background, to: 80, CardScene.red)
        expectStep(in: first, row: 200, from: 320, CardScene.background, to: 319, CardScene.red)
        expectStep(in: first, row: 720, from: 400, CardScene.background, to: 401, Self.green)
        expectStep(in: first, row: 720, from: 561, CardScene.background, to: 560, Self.green)
        expectStep(in: first, column: 480, from: 640, CardScene.background, to: 641, Self.green)
        expectStep(in: first, column: 480, from: 801, CardScene.background, to: 800, Self.green)
        // A finger drag by (100, 60) logical moves the card by (200, 120) pixels.
        try session.injector.run(
          InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(100, 60)))
        let target = double(CardScene.redStart.offsetBy(dx: 100, dy: 60))
        let moved = try session.capture { PixelBox.bounding(CardScene.red, in: $0)?.matches(target) == true }
        let found = PixelBox.bounding(CardScene.red, in: moved)
        #expect(
          found?.matches(target) == true, "red is at \(found.map(String.init(describing:)) ?? "nowhere")")
      }
    }

    @Test("The cursor is an arrow on the background, an open hand over a card, a closed hand while dragging")
    func cursorShapes() throws {
      try withApp { session, client in
        try session.injector.run(InputScript.pointerMove(to: CardScene.redCenter))
        try session.injector.run(InputScript.mouseDrag(from: CardScene.redCenter, by: ScreenPoint(60, 0)))
        let target = double(CardScene.redStart.offsetBy(dx: 60, dy: 0))
        _ = try session.capture { PixelBox.bounding(CardScene.red, in: $0)?.matches(target) == true }
        // Whatever the pointer entered over (Weston keeps its position between windows),
        // the park, the move onto the card, the press and drag, and the release end it: the
        // release's open hand may come after the card is drawn where the drag left it.
        let requests = try WaylandDebugRequests.wait(for: client) { Self.handAgain($0.cursorBuffers()) }
        let shapes = Array(requests.cursorBuffers().suffix(4))
        #expect(shapes.count == 4, "cursor buffers in order: \(requests.cursorBuffers())")
        if shapes.count == 4 {
          #expect(Set(shapes.prefix(3)).count == 3, "arrow, open and closed hand differ: \(shapes)")
          #expect(shapes[3] == shapes[1], "the open hand comes back after the drag: \(shapes)")
        }
        // The theme is loaded at twice the size, shown with buffer scale 2.
        let scales = requests.cursorSurfaceScales()
        #expect(!scales.isEmpty && scales.allSatisfy { $0 == 2 }, "cursor buffer scales: \(scales)")
      }
    }

    /// Whether the last four cursors are an arrow, an open hand, a closed hand and the open
    /// hand again.
    static func handAgain(_ buffers: [String]) -> Bool {
      let shapes = buffers.suffix(4)
      return shapes.count == 4 && Set(shapes.prefix(3)).count == 3 && shapes.last == shapes.dropFirst().first
    }

    /// Runs `body` with the app showing `json` at scale 2 (logging its requests), once it
    /// is drawn, with the pointer parked on the background.
    private func withApp(_ body: (WestonSession, ChildProcess) throws -> Void) throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: CardScene.width, height: CardScene.outputHeight, scale: 2) { session in
        let scene = session.runtimeDirectory.appendingPathComponent("test-scene.json")
        try Self.json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        let window = try session.waitForWindow(of: client)
        guard window == PixelBox(frameX: 0, y: 0, width: CardScene.width, height: CardScene.outputHeight)
        else {
          throw HarnessError("the window is at \(window), not over the whole logical output")
        }
        try session.parkPointer()
        _ = try session.capture { PixelBox.bounding(CardScene.red, in: $0) == double(CardScene.redStart) }
        try body(session, client)
      }
    }
  }
}

/// A box of logical pixels in the pixels of a scale-2 output.
private func double(_ box: PixelBox) -> PixelBox {
  PixelBox(minX: box.minX * 2, minY: box.minY * 2, maxX: box.maxX * 2 + 1, maxY: box.maxY * 2 + 1)
}

/// Expects `outside` at column `from` and `inside` at column `to` of `row`, each within a
/// few levels: a one-pixel step, no ramp.
private func expectStep(
  in image: Image, row: Int, from: Int, _ outside: RGBA8, to: Int, _ inside: RGBA8,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let a = image.pixel(x: from, y: row)
  let b = image.pixel(x: to, y: row)
  #expect(
    close(a, outside) && close(b, inside), "row \(row): \(from) is \(a), \(to) is \(b)",
    sourceLocation: sourceLocation)
}

/// Expects `outside` at row `from` and `inside` at row `to` of `column`.
private func expectStep(
  in image: Image, column: Int, from: Int, _ outside: RGBA8, to: Int, _ inside: RGBA8,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let a = image.pixel(x: column, y: from)
  let b = image.pixel(x: column, y: to)
  #expect(
    close(a, outside) && close(b, inside), "column \(column): \(from) is \(a), \(to) is \(b)",
    sourceLocation: sourceLocation)
}

private func close(_ a: RGBA8, _ b: RGBA8) -> Bool {
  abs(Int(a.r) - Int(b.r)) <= 3 && abs(Int(a.g) - Int(b.g)) <= 3 && abs(Int(a.b) - Int(b.b)) <= 3
}
