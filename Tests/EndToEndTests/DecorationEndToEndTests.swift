import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The client-side frame and fullscreen, on Weston's desktop-shell (which offers no
  /// xdg-decoration and does not force fullscreen, unlike kiosk-shell): a 1024x768 output
  /// showing the card scene in a 640x480 window with the app's own title bar.
  @Suite("Client-side decorations")
  struct DecorationTests {
    /// The title bar's colour (`ClientDecoration.titleBarColor`).
    static let titleBar = RGBA8(r: 0x30, g: 0x36, b: 0x43)
    /// evdev code of F11.
    static let f11 = 87

    @Test("The client-side title bar is there and a drag on it asks the compositor to move the window")
    func titleBarMoves() throws {
      try withApp { session, client, content in
        // The band above the content is the title bar, the content is the scene.
        let image = try session.capture { Self.titleBarShown(above: content, in: $0) }
        #expect(Self.titleBarShown(above: content, in: image), "no title bar above the content at \(content)")
        // The pointer presses on the title bar (well left of the buttons) and drags.
        let start = ScreenPoint(Double(content.x + 100), Double(content.y - 16))
        try session.injector.run([
          "pointer-motion \(start)", "pointer-frame", "pointer-button left pressed", "pointer-frame",
        ])
        let move = try Self.waitForRequest(".move(", in: client)
        #expect(
          move.range(of: #"xdg_toplevel@[0-9]+\.move\(wl_seat@[0-9]+, [0-9]+\)"#, options: .regularExpression)
            != nil, "move request: \(move)")
        // The compositor handles the request while the button is still down.
        try session.injector.run("wait-repaint")
        var commands: [String] = []
        for step in 1...10 {
          let point = start.offset(by: ScreenPoint(Double(step) * 8, Double(step) * 6))
          commands += ["pointer-motion \(point)", "pointer-frame"]
        }
        commands += ["pointer-button left released", "pointer-frame"]
        try session.injector.run(commands)
        let target = CardScene.redStart.offsetBy(dx: content.x + 80, dy: content.y + 60)
        let moved = try session.capture { PixelBox.bounding(CardScene.red, in: $0) == target }
        let found = PixelBox.bounding(CardScene.red, in: moved)
        #expect(
          found == target,
          "the window moved its card from \(content) to \(found.map(String.init(describing:)) ?? "nowhere")")
        // The drag never reached the gesture window: no touch delivered to a view.
        let log = LiveLog.text(of: Self.logURL(session)) ?? ""
        #expect(!log.contains("\"type\":\"touches\""), "the title bar drag reached the scene:\n\(log)")
      }
    }

    @Test("A finger dragging the title bar moves the window too, with the touch's serial")
    func titleBarMovesByTouch() throws {
      try withApp { session, client, content in
        _ = try session.capture { Self.titleBarShown(above: content, in: $0) }
        let start = ScreenPoint(Double(content.x + 100), Double(content.y - 16))
        try session.injector.run(["touch-down 0 \(start)", "touch-frame"])
        let move = try Self.waitForRequest(".move(", in: client)
        #expect(
          move.range(of: #"xdg_toplevel@[0-9]+\.move\(wl_seat@[0-9]+, [0-9]+\)"#, options: .regularExpression)
            != nil, "move request: \(move)")
        try session.injector.run("wait-repaint")
        var commands: [String] = []
        for step in 1...10 {
          let point = start.offset(by: ScreenPoint(Double(step) * -6, Double(step) * 5))
          commands += ["touch-motion 0 \(point)", "touch-frame"]
        }
        commands += ["touch-up 0", "touch-frame"]
        try session.injector.run(commands)
        let target = CardScene.redStart.offsetBy(dx: content.x - 60, dy: content.y + 50)
        let moved = try session.capture { PixelBox.bounding(CardScene.red, in: $0) == target }
        let found = PixelBox.bounding(CardScene.red, in: moved)
        #expect(
          found == target,
          "the window moved its card from \(content) to \(found.map(String.init(describing:)) ?? "nowhere")")
        let log = LiveLog.text(of: Self.logURL(session)) ?? ""
        #expect(!log.contains("\"type\":\"touches\""), "the title bar drag reached the scene:\n\(log)")
      }
    }

    @Test("F11 asks for fullscreen: the scene is scaled to fit and centred, and stays under the finger")
    func fullscreenResizes() throws {
      try withApp { session, client, content in
        _ = try session.capture { Self.titleBarShown(above: content, in: $0) }
        try session.injector.run(["key \(Self.f11) pressed", "key \(Self.f11) released"])
        _ = try Self.waitForRequest(".set_fullscreen(", in: client)
        let red = try Self.expectFullscreenScene(in: session)
        // The app's smallest content (ChromeLayout.minimumWindowSize), with the title bar while
        // it shows.
        let minimums = Self.requests(in: client).filter { $0.contains(".set_min_size(") }
        #expect(minimums.contains { $0.hasSuffix(".set_min_size(240, 292)") }, "\(minimums)")
        #expect(minimums.last?.hasSuffix(".set_min_size(240, 260)") == true, "\(minimums)")
        #expect(
          Self.requests(in: client).contains { $0.contains(", 1024, 768, 4096,") },
          "no 1024x768 buffer after the fullscreen configure")
        // A drag moves the card by as much as the finger: it stays under it.
        let center = ScreenPoint(Double(red.minX + red.maxX) / 2, Double(red.minY + red.maxY) / 2)
        try session.injector.run(InputScript.touchDrag(from: center, by: ScreenPoint(100, 60)))
        let target = red.offsetBy(dx: 100, dy: 60)
        let dragged = try session.capture {
          PixelBox.bounding(CardScene.red, in: $0)?.matches(target) == true
        }
        #expect(PixelBox.bounding(CardScene.red, in: dragged)?.matches(target) == true)
        // F11 again leaves fullscreen: the title bar comes back, and the window returns to
        // the size it had before (the compositor's 0x0 configure leaves it to the app): 640x598 of
        // content under the 32 px title bar, in one buffer.
        try session.injector.run(["key \(Self.f11) pressed", "key \(Self.f11) released"])
        _ = try Self.waitForRequest(".unset_fullscreen(", in: client)
        let restored = try FileWatch.wait(on: client.logURL.path, until: Deadline(after: .seconds(5))) {
          let requests = Self.requests(in: client)
          guard let unset = requests.lastIndex(where: { $0.contains(".unset_fullscreen(") }) else {
            return false
          }
          return requests[unset...].contains {
            $0.contains(".create_buffer(") && $0.contains(", 640, 630, 2560,")
          }
        }
        #expect(restored, "no 640x630 buffer (598 and the title bar) after leaving fullscreen")
        _ = try session.capture { Self.titleBarShown(above: content, in: $0) }
      }
    }

    @Test(
      "After a click on the title bar, F11 enters fullscreen and F11 again leaves it: keys still reach the window"
    )
    func keysAfterTitleBarClick() throws {
      try withApp { session, client, content in
        _ = try session.capture { Self.titleBarShown(above: content, in: $0) }
        // Weston gives the keyboard to the surface clicked: here the title bar's subsurface,
        // which fullscreen hides.
        let bar = ScreenPoint(Double(content.x + 300), Double(content.y - 16))
        try session.injector.run([
          "pointer-motion \(bar)", "pointer-frame", "pointer-button left pressed", "pointer-frame",
          "pointer-button left released", "pointer-frame",
        ])
        try session.injector.run(["key \(Self.f11) pressed", "key \(Self.f11) released"])
        _ = try Self.waitForRequest(".set_fullscreen(", in: client)
        let red = Self.fitted(CardScene.redStart, width: 1024, height: 768)
        _ = try session.capture { PixelBox.bounding(CardScene.red, in: $0)?.matches(red) == true }
        try session.injector.run(["key \(Self.f11) pressed", "key \(Self.f11) released"])
        _ = try Self.waitForRequest(".unset_fullscreen(", in: client)
        _ = try session.capture { Self.titleBarShown(above: content, in: $0) }
      }
    }

    @Test("The title bar shows the title and lights the button under the pointer, close in red")
    func titleAndHover() throws {
      try withApp { session, _, content in
        let text = RGBA8(r: 0xe8, g: 0xea, b: 0xed)
        let titleShown: (Image) -> Bool = { image in
          (content.x + 12..<content.x + 200).contains { x in
            image.pixel(x: x, y: content.y - 14).isClose(to: text, tolerance: 24)
          }
        }
        #expect(titleShown(try session.capture(titleShown)))
        // The close button is the last 40 px of the 640 px bar.
        let close = ScreenPoint(Double(content.x + 620), Double(content.y - 16))
        try session.injector.run(["pointer-motion \(close)", "pointer-frame"])
        let red = RGBA8(r: 0xc9, g: 0x4f, b: 0x5a)
        let lit: (Image) -> Bool = {
          $0.pixel(x: content.x + 606, y: content.y - 25).isClose(to: red, tolerance: 4)
        }
        #expect(lit(try session.capture(lit)), "the close button is not lit under the pointer")
        try session.injector.run(["pointer-motion \(content.x + 300) \(content.y + 300)", "pointer-frame"])
        let unlit: (Image) -> Bool = { $0.pixel(x: content.x + 606, y: content.y - 25) == Self.titleBar }
        #expect(unlit(try session.capture(unlit)), "the close button stays lit")
      }
    }

    @Test("On the title bar the cursor stays the frame's while the window redraws under its last place")
    func cursorOnTitleBar() throws {
      try withApp { session, client, content in
        let origin = ScreenPoint(Double(content.x), Double(content.y))
        // An open hand over the red card, then the frame's arrow on the title bar; each step
        // waits for the client to set the cursor.
        var sets = WaylandDebugRequests(client.logURL).cursorSets
        try session.injector.run(InputScript.pointerMove(to: origin.offset(by: CardScene.redCenter)))
        #expect(!(try Self.waitForCursor(in: client, after: sets)).isEmpty, "no cursor over the red card")
        sets = WaylandDebugRequests(client.logURL).cursorSets
        try session.injector.run(InputScript.pointerMove(to: origin.offset(by: ScreenPoint(300, -16))))
        let before = try Self.waitForCursor(in: client, after: sets)
        #expect(
          before.count >= 2 && before[before.count - 1] != before[before.count - 2],
          "no hand, then arrow: \(before)")
        // A finger drags the blue card: the window draws again, and the red card is still
        // where the pointer last was in the window.
        try session.injector.run(
          InputScript.touchDrag(from: origin.offset(by: CardScene.blueCenter), by: ScreenPoint(60, 40)))
        let blue = CardScene.blueStart.offsetBy(dx: content.x + 60, dy: content.y + 40)
        _ = try session.capture { PixelBox.bounding(CardScene.blue, in: $0) == blue }
        try session.injector.run("wait-repaint")
        let after = WaylandDebugRequests(client.logURL).cursorBuffers()
        #expect(after.last == before.last, "the cursor changed on the title bar: \(before) then \(after)")
      }
    }

    /// Where `box` (scene pixels) is drawn whole in a `width` x `height` window: the scene
    /// scaled uniformly to fit above the strip and centred, its top-left on the nearest whole
    /// pixel (docs/FORMATS.md, "The window"); the pixels the box covers entirely.
    /// `width` is 768 or more: the strip has two rows of 8 tabs.
    static func fitted(_ box: PixelBox, width: Int, height: Int) -> PixelBox {
      precondition(width >= 768, "the strip of a window \(width) px wide has more rows")
      let areaHeight = Double(height - CardScene.wideStripHeight)
      let scale = min(Double(width) / Double(CardScene.width), areaHeight / Double(CardScene.height))
      let left = ((Double(width) - Double(CardScene.width) * scale) / 2).rounded()
      let top = ((areaHeight - Double(CardScene.height) * scale) / 2).rounded()
      let x0 = left + Double(box.minX) * scale
      let y0 = top + Double(box.minY) * scale
      let x1 = left + Double(box.maxX + 1) * scale
      let y1 = top + Double(box.maxY + 1) * scale
      return PixelBox(
        minX: Int(x0.rounded(.up)), minY: Int(y0.rounded(.up)), maxX: Int(x1.rounded(.down)) - 1,
        maxY: Int(y1.rounded(.down)) - 1)
    }

    /// Waits until the card scene fills the 1024x768 output as a fullscreen window shows it
    /// (no title bar; the scene whole above the strip, scaled and centred), expects so, and
    /// returns where the red card is.
    static func expectFullscreenScene(in session: WestonSession) throws -> PixelBox {
      let red = Self.fitted(CardScene.redStart, width: 1024, height: 768)
      let blue = Self.fitted(CardScene.blueStart, width: 1024, height: 768)
      let image = try session.capture {
        PixelBox.bounding(CardScene.red, in: $0)?.matches(red) == true
          && PixelBox.bounding(CardScene.blue, in: $0)?.matches(blue) == true
      }
      #expect(PixelBox.bounding(CardScene.red, in: image)?.matches(red) == true)
      #expect(PixelBox.bounding(CardScene.blue, in: image)?.matches(blue) == true)
      // The bands left and right of the scene in the surround, the scene in its background.
      let scene = Self.fitted(
        PixelBox(frameX: 0, y: 0, width: CardScene.width, height: CardScene.height), width: 1024,
        height: 768)
      for x in [0, scene.minX - 2, scene.maxX + 2, 1023] {
        #expect(image.pixel(x: x, y: 600).isClose(to: CardScene.surround), "x \(x): not the surround")
      }
      for x in [scene.minX + 2, 512, scene.maxX - 2] {
        #expect(image.pixel(x: x, y: 600).isClose(to: CardScene.background), "x \(x): not the scene")
      }
      return red
    }

    /// Whether a band of the title bar's colour lies right above the content at `content`.
    static func titleBarShown(above content: (x: Int, y: Int), in image: Image) -> Bool {
      guard content.y >= 32 else { return false }
      // Below the title's text (its baseline is at the bar's row 21) and above the line
      // under the bar.
      let row = content.y - 5
      return [content.x + 20, content.x + 200, content.x + 400].allSatisfy { x in
        image.pixel(x: x, y: row) == titleBar
      }
    }

    /// The client's requests in its WAYLAND_DEBUG log.
    static func requests(in client: ChildProcess) -> [String] {
      let text = (try? WaylandDebugLog.text(of: client.logURL)) ?? ""
      return text.split(separator: "\n").filter { $0.contains(" -> ") }.map(String.init)
    }

    /// Waits until the client's WAYLAND_DEBUG log holds a request containing `marker`
    /// (woken by inotify when the log grows).
    static func waitForRequest(_ marker: String, in client: ChildProcess) throws -> String {
      var found: String?
      let held = try FileWatch.wait(on: client.logURL.path, until: Deadline(after: .seconds(5))) {
        let text = (try? WaylandDebugLog.text(of: client.logURL)) ?? ""
        found = text.split(separator: "\n").first { $0.contains(" -> ") && $0.contains(marker) }.map(
          String.init)
        return found != nil
      }
      guard held, let found else { throw HarnessError("no request \(marker) in the client's log") }
      return found
    }

    /// The cursor's buffers once the client has set the cursor more than `sets` times and
    /// committed it, or after 5 s.
    static func waitForCursor(in client: ChildProcess, after sets: Int) throws -> [String] {
      try WaylandDebugRequests.wait(for: client) { $0.cursorSets > sets && $0.cursorCommitted }
        .cursorBuffers()
    }

    static func logURL(_ session: WestonSession) -> URL {
      session.runtimeDirectory.appendingPathComponent("events.log")
    }

    /// Runs `body` with the card scene in a window on desktop-shell, once it is drawn
    /// (faded in) and placed: `body` gets the content's top-left corner on the output, found
    /// from the red card (the module's `wait-window` finds desktop-shell's panel first).
    func withApp(_ body: (WestonSession, ChildProcess, (x: Int, y: Int)) throws -> Void) throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: 1024, height: 768, shell: "desktop-shell.so") { session in
        let scene = session.runtimeDirectory.appendingPathComponent("test-scene.json")
        try CardScene.json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path, "--log", Self.logURL(session).path],
          environment: ["WAYLAND_DEBUG": "client"], name: "gesture-playground")
        _ = try Self.waitForRequest("xdg_surface", in: client)
        let image = try session.capture(until: .seconds(10)) { image in
          guard let red = PixelBox.bounding(CardScene.red, in: image) else { return false }
          return red.maxX - red.minX == 119 && red.maxY - red.minY == 119
            && Self.titleBarShown(above: (red.minX - 40, red.minY - 40), in: image)
        }
        guard let red = PixelBox.bounding(CardScene.red, in: image) else {
          throw HarnessError("the scene is not shown")
        }
        try body(session, client, (red.minX - 40, red.minY - 40))
      }
    }
  }
}
