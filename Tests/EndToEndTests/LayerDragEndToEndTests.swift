import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A dragged card on a layer of its own (`LayerPlan`, `ViewLayer`): from the touch that
  /// goes down on it (`View.movesUnderTouch`), the app only moves a subsurface and commits its
  /// window without a buffer;
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

    @Test(
      "A finger on a card puts the card on its layer before it moves: the drag's first moving frame only moves the layer"
    )
    func cardLiftedBeforeItMoves() throws {
      try CardScene.withApp(environment: ["WAYLAND_DEBUG": "client"]) { session in
        let app = try #require(session.clients.first)
        let unlifted = try session.capture()
        let start = try WaylandDebugLog.text(of: app.logURL).count
        // Down and held still: the card is raised and lifted (the layer made and drawn).
        try session.injector.run(["touch-down 0 \(CardScene.redCenter)", "touch-frame", "wait-repaint"])
        let lifted = try session.capture { _ in
          ((try? WaylandDebugLog.text(of: app.logURL)) ?? "").dropFirst(start).contains(".get_subsurface(")
        }
        let down = try WaylandDebugLog.text(of: app.logURL)
        #expect(
          down.dropFirst(start).contains(".get_subsurface("),
          "no layer was made for the card under the finger")
        // The screen is as before: the layer shows the card where the window drew it.
        expectCard(CardScene.red, at: CardScene.redStart, in: lifted)
        #expect(
          PixelBox.bounding(CardScene.red, in: lifted) == PixelBox.bounding(CardScene.red, in: unlifted))
        // The first motion past the pan's hysteresis: its frame moves the layer, no buffer.
        let before = WindowCommitLog(app.logURL).commits.count
        try session.injector.run([
          "touch-motion 0 \(CardScene.redCenter.offset(by: ScreenPoint(30, 12)))", "touch-frame",
          "wait-repaint",
        ])
        let target = CardScene.redStart.offsetBy(dx: 30, dy: 12)
        expectCard(CardScene.red, at: target, in: try waitForCard(session, CardScene.red, at: target))
        let moving = WindowCommitLog(app.logURL).commits.dropFirst(before)
        #expect(!moving.isEmpty, "no commit after the motion")
        let drawn = moving.filter(\.attached).count
        #expect(drawn == 0, "the first moving frame drew the window")
        try session.injector.run(["touch-up 0", "touch-frame"])
        expectCard(CardScene.red, at: target, in: try waitForCard(session, CardScene.red, at: target))
        #expect(app.isRunning, "the app is gone: \(app.status)")
      }
    }
  }
}
