import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The client's buffers held unreleased for a while (test module protocol version 4,
  /// `hold-buffers MS`): during a drag, Weston keeps a reference to every buffer committed
  /// in the next 500 ms, so no `wl_buffer.release` comes for them until the hold ends, as
  /// with a compositor still scanning them out.
  ///
  /// Expected: the app keeps working within its pool (`BufferPool.maximumBuffers`, 3: the
  /// hold covers enough repaints to take them all, then the app waits), never attaches a
  /// buffer to its window before the compositor released it since its previous attach
  /// (checked in its `WAYLAND_DEBUG=client` log), and once the hold ends the screen shows
  /// the card where the finger left it.
  ///
  /// The card is dragged with the debug overlay shown (D), which covers the window and may
  /// paint anywhere, so that the card cannot be on a layer of its own (`Renderer.layerExtent`:
  /// nothing drawn after a lifted view may paint over it) and every step is drawn into the
  /// window's buffers; part of the card lies past the window's left edge, as in a drag that
  /// leaves the window.
  @Suite("Fault injection: buffers held unreleased")
  struct BufferHoldFaultTests {
    /// The pool limit of the app (Sources/WaylandBackend/Buffers/BufferPool.swift).
    static let poolLimit = 3

    @Test(
      "Buffers held for 500 ms mid-drag: the app waits for releases, never reuses a busy buffer, and catches up"
    )
    func buffersHeldMidDrag() throws {
      try CardScene.withApp(environment: ["WAYLAND_DEBUG": "client"]) { session in
        let app = try #require(session.clients.first)
        try session.injector.run(["key 32 pressed", "key 32 released"])
        // First, 60 px of the card past the left edge.
        let start = CardScene.redCenter.offset(by: ScreenPoint(-60, 0))
        try session.injector.run(InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(-60, 0)))
        let edge = try #require(
          CardScene.redStart.offsetBy(dx: -60, dy: 0).clipped(
            width: CardScene.width, height: CardScene.height))
        expectCard(CardScene.red, at: edge, in: try waitForCard(session, CardScene.red, at: edge))
        try session.injector.run([
          "time now", "touch-down 0 \(start)", "touch-frame", "time live",
        ])
        try session.injector.run("hold-buffers 500")
        // One step per repaint: each repaint's frame callback lets the app draw the step,
        // until every buffer of its pool is held.
        var steps: [String] = []
        for step in 1...20 {
          let point = start.offset(by: ScreenPoint(-2.0 * Double(step), 5.0 * Double(step)))
          steps += ["touch-motion 0 \(point)", "touch-frame", "wait-repaint"]
        }
        try session.injector.run(steps)
        let released = try session.injector.run("wait-buffers-released")
        let held = Int(released.split(separator: " ").last ?? "") ?? 0
        #expect(held >= Self.poolLimit, "the hold took \(held) buffer references (\(released))")
        try session.injector.run(["touch-up 0", "touch-frame"])
        let target = try #require(
          CardScene.redStart.offsetBy(dx: -100, dy: 100).clipped(
            width: CardScene.width, height: CardScene.height))
        expectCard(CardScene.red, at: target, in: try waitForCard(session, CardScene.red, at: target))
        #expect(app.isRunning, "the app is gone: \(app.status)")

        let log = WindowBufferLog(app.logURL)
        #expect(log.surface != nil, "no window surface in the app's log")
        #expect(log.reattachedWhileBusy.isEmpty, "busy buffers attached again: \(log.reattachedWhileBusy)")
        #expect(
          log.maximumBusy == Self.poolLimit,
          "at most \(log.maximumBusy) window buffers were busy at once; the hold should have taken all \(Self.poolLimit)"
        )
      }
    }

    @Test("The log check sees a busy buffer attached again, and a buffer reused after its release is fine")
    func logCheckCatchesAReattach() {
      let log = WindowBufferLog(
        text: """
          [1.0]  -> xdg_wm_base@5.get_xdg_surface(new id xdg_surface@9, wl_surface@8)
          [2.0]  -> wl_shm_pool@13.create_buffer(new id wl_buffer@17, 0, 640, 480, 2560, 1)
          [3.0]  -> wl_surface@8.attach(wl_buffer@17, 0, 0)
          [4.0]  -> wl_shm_pool@13.create_buffer(new id wl_buffer@20, 0, 640, 480, 2560, 1)
          [5.0]  -> wl_surface@8.attach(wl_buffer@20, 0, 0)
          [6.0] wl_buffer@17.release()
          [7.0]  -> wl_surface@8.attach(wl_buffer@17, 0, 0)
          [8.0]  -> wl_surface@8.attach(wl_buffer@20, 0, 0)
          [9.0]  -> wl_surface@8.set_buffer_scale(2)
          [10.0]  -> wl_surface@13.attach(wl_buffer@17, 0, 0)
          """)
      #expect(log.surface == "wl_surface@8")
      #expect(log.reattachedWhileBusy.map(\.line) == [8], "\(log.reattachedWhileBusy)")
      #expect(log.maximumBusy == 2)
      #expect(log.attachCount == 4)
      #expect(log.bufferScales == [2])
      #expect(log.createdSizes.map(\.width) == [640, 640])
    }
  }
}
