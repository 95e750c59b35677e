import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A dragged card on a layer of its own (`LayerPlan`, `ViewLayer`): after the first frame
  /// of the drag, the app only moves a subsurface and commits its window without a buffer;
  /// the screen (Weston's composite, read back) shows the card under the finger all along,
  /// and once the finger lifts the window draws the card again, where it ended, in a commit
  /// with a buffer that hides the layer.
  @Suite("Dragged card on a layer")
  struct LayerDragEndToEndTests {
    @Test("A dragged card moves as a layer without redrawing the window, and lands where the finger left it")
    func cardMovesAsALayer() throws {
      try CardScene.withApp(environment: ["WAYLAND_DEBUG": "client"]) { session in
        let app = try #require(session.clients.first)
        let before = WindowCommitLog(app.logURL).commits.count
        // A finger's steady stream at 120 Hz, 2 px right and 1 px down a step, still down after.
        try session.injector.run(
          InputScript.steadyTouchDrag(
            from: CardScene.redCenter, step: ScreenPoint(2, 1), steps: 60, lift: false))
        let target = CardScene.redStart.offsetBy(dx: 120, dy: 60)
        // The finger is still down: what the screen shows is the layer.
        let held = try waitForCard(session, CardScene.red, at: target)
        expectCard(CardScene.red, at: target, in: held)
        #expect(PixelBox.bounding(CardScene.blue, in: held) == CardScene.blueStart, "the other card moved")
        #expect(
          held.pixel(x: CardScene.redStart.minX + 5, y: CardScene.redStart.minY + 5) == CardScene.background,
          "the window still shows the card where the drag began")
        let during = WindowCommitLog(app.logURL)
        let drag = during.commits.dropFirst(before)
        let moves = drag.filter { !$0.attached }
        // As many commits as the compositor repaints in the half second (about 20; 11 when a
        // `make test` run kept both cores busy): all but the first few move the layer only.
        #expect(moves.count >= 5, "\(moves.count) of \(drag.count) commits of the drag without a buffer")
        #expect(
          drag.filter(\.attached).count <= 3, "the window was drawn \(drag.filter(\.attached).count) times")
        let log = try WaylandDebugLog.text(of: app.logURL)
        #expect(log.contains(".set_position("), "no subsurface was moved")

        try session.injector.run(["touch-up 0", "touch-frame"])
        let count = during.commits.count
        let landed = try session.capture {
          WindowCommitLog(app.logURL).commits.dropFirst(count).contains(where: \.attached)
            && PixelBox.bounding(CardScene.red, in: $0)?.matches(target) == true
        }
        expectCard(CardScene.red, at: target, in: landed)
        #expect(app.isRunning, "the app is gone: \(app.status)")
      }
    }
  }
}
