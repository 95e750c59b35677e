import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The output's scale changed mid-drag (test module protocol version 4, `output-scale N`):
  /// Weston keeps the output's logical size (640x598) and switches its mode to 1280x1196, the
  /// wl_output global stays and sends mode, scale and done, as when a user changes the scale
  /// in a display settings panel. Touch coordinates are logical, so the finger stays on the
  /// same point of the card.
  ///
  /// Expected: the app does not crash, the drag goes on (the card ends where the finger put
  /// it, in logical coordinates), and the app draws at the new scale: the window surface
  /// gets `set_buffer_scale(2)` with a 1280x1196 buffer, so card edges are one-pixel steps in
  /// a 2x screenshot (a 1x buffer scaled up by Weston has blended edges); back at scale 1,
  /// `set_buffer_scale(1)` and 640x480 again.
  @Suite("Fault injection: output scale changed mid-drag")
  struct ScaleChangeFaultTests {
    @Test(
      "A scale change from 1 to 2 mid-drag, and back to 1 mid-drag: the drags go on and the app redraws crisply"
    )
    func scaleChangedMidDrag() throws {
      try CardScene.withApp(environment: ["WAYLAND_DEBUG": "client"]) { session in
        let app = try #require(session.clients.first)
        // Scale 1 -> 2 while the red card is held.
        let halfway = CardScene.redStart.offsetBy(dx: 60, dy: 40)
        try session.injector.run(
          InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(60, 40), lift: false))
        _ = try waitForCard(session, CardScene.red, at: halfway, scale: 1)
        try session.injector.run("output-scale 2")
        let path = (1...10).map {
          CardScene.redCenter.offset(by: ScreenPoint(60 + 4.0 * Double($0), 40 + 2.0 * Double($0)))
        }
        try session.injector.run(InputScript.touchPath(through: path))
        let red = CardScene.redStart.offsetBy(dx: 100, dy: 60)
        let atTwo = try waitForCard(session, CardScene.red, at: red, scale: 2)
        expectCard(CardScene.red, at: red, scale: 2, in: atTwo)
        // Drawn at 2x: one-pixel steps at the card's left and right edges (logical 140 and 260).
        expectSharpEdge(in: atTwo, row: 2 * 160, outside: 279, inside: 280)
        expectSharpEdge(in: atTwo, row: 2 * 160, outside: 520, inside: 519)
        let requests = WindowBufferLog(app.logURL)
        #expect(requests.bufferScales.last == 2, "window buffer scales: \(requests.bufferScales)")
        #expect(
          requests.createdSizes.contains { $0 == (1280, 1196) },
          "no 1280x1196 buffer among \(requests.createdSizes)")

        // Scale 2 -> 1 while the blue card is held.
        let blueHalfway = CardScene.blueStart.offsetBy(dx: -80, dy: 40)
        try session.injector.run(
          InputScript.touchDrag(from: CardScene.blueCenter, by: ScreenPoint(-80, 40), lift: false))
        _ = try waitForCard(session, CardScene.blue, at: blueHalfway, scale: 2)
        try session.injector.run("output-scale 1")
        let back = (1...10).map {
          CardScene.blueCenter.offset(by: ScreenPoint(-80 - 6.0 * Double($0), 40 + 3.0 * Double($0)))
        }
        try session.injector.run(InputScript.touchPath(through: back))
        let blue = CardScene.blueStart.offsetBy(dx: -140, dy: 70)
        let atOne = try waitForCard(session, CardScene.blue, at: blue, scale: 1)
        expectCard(CardScene.blue, at: blue, scale: 1, in: atOne)
        expectCard(CardScene.red, at: red, scale: 1, in: atOne)
        let after = WindowBufferLog(app.logURL)
        #expect(after.bufferScales.suffix(2) == [2, 1], "window buffer scales: \(after.bufferScales)")
        #expect(after.reattachedWhileBusy.isEmpty, "\(after.reattachedWhileBusy)")
        #expect(app.isRunning, "the app is gone: \(app.status)")
      }
    }
  }
}

/// Screenshots (output pixels: `scale` times logical) until the card of `color` is drawn at
/// the logical `box`, for up to 5 s; the last screenshot either way.
private func waitForCard(_ session: WestonSession, _ color: RGBA8, at box: PixelBox, scale: Int) throws
  -> Image
{
  try session.capture { image in
    image.width == CardScene.width * scale
      && PixelBox.bounding(color, in: image)?.matches(box.scaled(by: scale)) == true
  }
}

/// Expects a `640 * scale`-wide screenshot with the card of `color` at the logical `box`.
private func expectCard(
  _ color: RGBA8, at box: PixelBox, scale: Int, in image: Image,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let found = PixelBox.bounding(color, in: image)
  #expect(
    image.width == CardScene.width * scale && found?.matches(box.scaled(by: scale)) == true,
    "\(image.width)x\(image.height) screenshot: card \(color) at \(found.map(String.init(describing:)) ?? "nowhere"), expected \(box.scaled(by: scale))",
    sourceLocation: sourceLocation)
}

/// Expects the background at column `outside` of `row` and pure red at column `inside`, each
/// within a few levels: a one-pixel step, as a 2x buffer draws it (a 1x one scaled up by
/// the compositor blends the two pixels at the edge).
private func expectSharpEdge(
  in image: Image, row: Int, outside: Int, inside: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
  let a = image.pixel(x: outside, y: row)
  let b = image.pixel(x: inside, y: row)
  #expect(
    near(a, CardScene.background) && near(b, CardScene.red),
    "row \(row): column \(outside) is \(a), column \(inside) is \(b); expected a sharp card edge",
    sourceLocation: sourceLocation)
}

private func near(_ a: RGBA8, _ b: RGBA8) -> Bool {
  abs(Int(a.r) - Int(b.r)) <= 3 && abs(Int(a.g) - Int(b.g)) <= 3 && abs(Int(a.b) - Int(b.b)) <= 3
}
