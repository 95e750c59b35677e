import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A card dragged fast by amounts that are not whole logical pixels, on Weston, which
  /// resamples a layer shown through a viewport source rectangle a fraction of a pixel off its
  /// buffer's grid (Weston 10 when the output's scale is not the buffer's, so at 2; Weston 12
  /// and later at any scale): the layer shows the card where the window would draw it, to a
  /// quarter of a device pixel (`LayerPlan.Shown.source`), so a finger lifted while the card
  /// moves fast lets it go where it was seen. Without the source rectangle the layer stood at
  /// whole logical pixels, here a device pixel off at scale 2. Weston 10 at scale 1 shows the
  /// source from the nearest buffer pixel, as KWin does: half a device pixel at most there.
  @Suite("Sub-pixel layer")
  struct SubPixelLayerEndToEndTests {
    @Test(
      "A fast move shows the layer at the card's sub-pixel place, and the drop keeps it there",
      arguments: [1, 2])
    func fastMoveAtItsPlace(scale: Int) throws {
      let tolerance = scale == 1 && (WestonSession.majorVersion ?? 0) < 12 ? 0.5 : 0.25
      try CardScene.withApp(scale: scale, environment: ["WAYLAND_DEBUG": "client"]) { session in
        let client = try #require(session.clients.first)
        let first = try session.capture()
        let start = KWinLayerEdgeTests.edges(in: first, near: try #require(KWinEndToEndTests.red(in: first)))
        // The pan begins with 12 logical pixels right; then six frames of 7.3 x 3.1 more (14.6
        // x 6.2 device pixels: fast moves), each committed before the next. The finger stays
        // down after the last.
        let step = (x: 7.3, y: 3.1)
        let origin = (x: CardScene.redCenter.x + 12, y: CardScene.redCenter.y)
        var commands = [
          "touch-down 0 \(CardScene.redCenter)", "touch-frame", "touch-motion 0 \(origin.x) \(origin.y)",
          "touch-frame", "wait-commit",
        ]
        for index in 1...6 {
          let x = origin.x + step.x * Double(index)
          let y = origin.y + step.y * Double(index)
          commands += ["touch-motion 0 \(x) \(y)", "touch-frame", "wait-commit"]
        }
        try session.injector.run(commands)
        // The frame of the last move, before the layer is drawn again at rest (50 ms later).
        let held = try session.capture()
        let heldBox = try #require(KWinEndToEndTests.red(in: held), "no red card mid-drag")
        let moved = KWinLayerEdgeTests.edges(in: held, near: heldBox)
        let shift = ((12 + 6 * step.x) * Double(scale), 6 * step.y * Double(scale))
        for (name, now, then) in [
          ("left", moved.left, start.left + shift.0), ("right", moved.right, start.right + shift.0),
          ("top", moved.top, start.top + shift.1), ("bottom", moved.bottom, start.bottom + shift.1),
        ] {
          #expect(
            abs(now - then) <= 0.25,
            "after the fast move, the \(name) edge is at \(now), the card's at \(then)")
        }
        let log = try WaylandDebugLog.text(of: client.logURL)
        let sources = log.split(separator: "\n").filter {
          $0.contains(".set_source(") && !$0.contains("-1.0")
        }
        #expect(!sources.isEmpty, "no layer was shown through a source rectangle")

        // The finger lifts: the card is drawn into the window again, its edges where they were.
        try session.injector.run(["touch-up 0", "touch-frame"])
        let dropped = try session.capture { _ in
          ((try? WaylandDebugLog.text(of: client.logURL)) ?? "").contains(".attach(nil")
        }
        let droppedBox = try #require(KWinEndToEndTests.red(in: dropped), "no red card after the drop")
        let after = KWinLayerEdgeTests.edges(in: dropped, near: droppedBox)
        for (name, now, then) in [
          ("left", after.left, moved.left), ("right", after.right, moved.right),
          ("top", after.top, moved.top),
          ("bottom", after.bottom, moved.bottom),
        ] {
          #expect(abs(now - then) <= tolerance, "the drop moved the \(name) edge from \(then) to \(now)")
        }
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }
  }
}
