import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A card dragged on its layer on KWin at a fractional scale, with the window fullscreen so
  /// that the scene is shown at a scale that is not whole either (the card's edges fall inside
  /// device pixels): the layer shows the card exactly where, and at the size, the window draws
  /// it (`Renderer.layerGrid`: its buffer is its viewport's size in device pixels, its corner a
  /// device pixel's), and a card held still after a move by amounts that are not whole device
  /// pixels is drawn again where it is (`LayerPlan.edgeTolerance`), so lifting, holding and
  /// dropping it moves no edge by more than a quarter of a device pixel.
  @Suite("KWin layer edges")
  struct KWinLayerEdgeTests {
    /// Where the card's edges are on the box's middle row and column, in device pixels to a
    /// fraction of one: the red channel's coverage summed across each edge (the card is
    /// #ff0000 on #202020).
    static func edges(in image: Image, near box: PixelBox) -> (
      left: Double, right: Double, top: Double, bottom: Double
    ) {
      func coverage(_ x: Int, _ y: Int) -> Double {
        min(1, max(0, (Double(image.pixel(x: x, y: y).r) - 32) / (255 - 32)))
      }
      let row = (box.minY + box.maxY) / 2
      let column = (box.minX + box.maxX) / 2
      let across = -3...3
      let left = Double(box.minX + 4) - across.map { coverage(box.minX + $0, row) }.reduce(0, +)
      let right = Double(box.maxX - 3) + across.map { coverage(box.maxX + $0, row) }.reduce(0, +)
      let top = Double(box.minY + 4) - across.map { coverage(column, box.minY + $0) }.reduce(0, +)
      let bottom = Double(box.maxY - 3) + across.map { coverage(column, box.maxY + $0) }.reduce(0, +)
      return (left, right, top, bottom)
    }

    // Not under AddressSanitizer (`make asan`): there, in 2 of 5 full runs in session 21 and
    // 3 of 4 in session 22 (and twice in CI's in session 18), the card was not seen moved.
    // Mostly it never moved: the app's protocol log ends at the F11 injection (the fullscreen
    // commit's frame callback never answered, or the injection's fake-input device gone), and
    // the app was then asleep in `ppoll` on its Wayland socket with no timeout and 0 bytes
    // unread on it (`ProcessSnapshot`): KWin sent it nothing for 5 s, not even the drag's new
    // touch device: KWin 5.27 under that load, not the app. Once the card stayed where it was
    // in every screenshot while held and was in the right place after the drop; the test now
    // reports the app's state for that case too. It passes alone with both CPUs busy, and
    // runs in `make test`, in the Debian 13 run, and under AddressSanitizer when run alone.
    @Test(
      "At 125 and 150 %, fullscreen: mid-drag on its layer and after the drop, the card's edges are the window's",
      .disabled(
        if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
          && ProcessInfo.processInfo.environment["GP_KWIN_EDGES_UNDER_ASAN"] == nil,
        "its screenshots time out under AddressSanitizer in a full run (see the comment)"),
      arguments: [125, 150])
    func layerEdges(percent: Int) throws {
      let scale = Double(percent) / 100
      let app = try RepositoryLayout.appExecutable()
      try KWinSession.with(width: 1280, height: 800, scale: scale) { session in
        let scene = session.workDirectory.appendingPathComponent("scene.json")
        try CardScene.json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        _ = try session.capture(until: .seconds(10)) { KWinEndToEndTests.red(in: $0) != nil }
        // F11: the window fills the 1280x800 output; the 640x480 scene above the 88 px strip is
        // shown 712 / 480 = 1.483 times larger, its 120 px card 178 px wide, at 1.25 222.5
        // device pixels.
        try session.inject(["key 87 pressed", "key 87 released", "wait 300"])
        let side = 120 * 712 / 480 * scale
        let first = try session.capture(until: .seconds(10)) {
          guard let box = KWinEndToEndTests.red(in: $0) else { return false }
          return abs(Double(box.maxX - box.minX + 1) - side) < 2
        }
        let startBox = try #require(KWinEndToEndTests.red(in: first), "no red card fullscreen")
        let start = Self.edges(in: first, near: startBox)
        #expect(abs(start.right - start.left - side) < 0.25, "the window draws the card \(start)")
        // A finger drags it by (123, 77) logical pixels, (153.75, 96.25) device pixels at 1.25
        // and (184.5, 115.5) at 1.5, in steps of (12.3, 7.7): no whole logical pixel puts the
        // layer's picture where the card is, so held still it is drawn again there.
        let center = (
          x: (start.left + start.right) / 2 / scale, y: (start.top + start.bottom) / 2 / scale
        )
        // The new fake-input device gives the seat a touch screen: 1.5 s more before the finger
        // lands, so that an app slowed down (AddressSanitizer, a full fullscreen frame) has
        // asked for its wl_touch by then; a down sent before it would reach nobody.
        var commands = ["wait 1500", "touch-down 0 \(center.x) \(center.y)", "touch-frame"]
        for step in 1...10 {
          commands += [
            "touch-motion 0 \(center.x + Double(step) * 12.3) \(center.y + Double(step) * 7.7)",
            "touch-frame",
            "wait 20",
          ]
        }
        // The finger stays down while the screenshot is taken: the fake-input device (and its
        // touch) goes away when kwin-inject exits, which cancels the drag.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var injected: Error?
        nonisolated(unsafe) let kwin = session
        let script = commands + ["wait 4000", "touch-up 0", "touch-frame", "wait 300"]
        DispatchQueue.global().async {
          do { try kwin.inject(script) } catch { injected = error }
          done.signal()
        }
        let shift = (x: 123 * scale, y: 77 * scale)
        // Until the card is drawn in place (the last fast move showed it up to half a logical
        // pixel off, 50 ms before that), or 5 s.
        let held = try session.capture(until: .seconds(5)) { image in
          guard let box = KWinEndToEndTests.red(in: image) else { return false }
          let edges = Self.edges(in: image, near: box)
          return abs(edges.left - (start.left + shift.x)) <= 0.25
            && abs(edges.top - (start.top + shift.y)) <= 0.25
        }
        let heldBox = try #require(KWinEndToEndTests.red(in: held), "no red card mid-drag")
        let moved = Self.edges(in: held, near: heldBox)
        let positions = (try? WaylandDebugLog.text(of: client.logURL))?.components(
          separatedBy: ".set_position(")
        #expect((positions?.count ?? 0) >= 3, "the card was not moved on a layer: \(client.processReport())")
        // The app's state when the card was not seen in place: asleep with its connection
        // polled and nothing unread means nothing came to it.
        let placed =
          abs(moved.left - (start.left + shift.x)) <= 0.25 && abs(moved.top - (start.top + shift.y)) <= 0.25
        let report = placed ? "" : "; the app then: \(client.processReport())"
        // The layer shows it where the window would draw it, to a quarter of a device pixel:
        // its buffer is its viewport's size, its corner a device pixel's, and the card drawn
        // into it at the place the finger holds it.
        for (name, now, then) in [
          ("left", moved.left, start.left + shift.x), ("right", moved.right, start.right + shift.x),
          ("top", moved.top, start.top + shift.y), ("bottom", moved.bottom, start.bottom + shift.y),
        ] {
          #expect(
            abs(now - then) <= 0.25,
            "mid-drag, the \(name) edge is at \(now), the window's at \(then)\(name == "left" ? report : "")")
        }
        // The finger lifts: the card is drawn into the window again, its edges where they were.
        done.wait()
        if let injected { throw injected }
        let dropped = try session.capture()
        let droppedBox = try #require(KWinEndToEndTests.red(in: dropped), "no red card after the drop")
        let after = Self.edges(in: dropped, near: droppedBox)
        for (name, now, then) in [
          ("left", after.left, moved.left), ("right", after.right, moved.right),
          ("top", after.top, moved.top),
          ("bottom", after.bottom, moved.bottom),
        ] {
          #expect(abs(now - then) <= 0.25, "the drop moved the \(name) edge from \(then) to \(now)")
        }
      }
    }
  }
}
