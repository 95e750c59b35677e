import CairoRenderer
import Foundation
import Testing

/// Whether the installed Weston is 13 or later (tablet support).
private let westonHasTablets = (WestonSession.majorVersion ?? 0) >= 13

extension EndToEnd {
  /// A pen on the client-side title bar, on Weston's desktop-shell with the test module's
  /// tablet pen: it moves the window as a finger does, lights the button it hovers, and its
  /// tap on a button acts. Weston 10 (Debian 12) has no tablet support: these run in the
  /// Debian 13 run, and `FrameInteractionTests` carries the logic on both.
  @Suite(
    "A pen on the title bar",
    .enabled(if: westonHasTablets, "Weston 10 has no tablet support"))
  struct PenTitleBarTests {
    @Test("A pen's tip on the title bar moves the window, with the tip's own serial")
    func penMovesWindow() throws {
      try DecorationTests().withApp { session, client, content in
        let start = ScreenPoint(Double(content.x + 100), Double(content.y - 16))
        try session.injector.run(["tablet-in pen \(start)", "tablet-frame", "tablet-down", "tablet-frame"])
        let move = try DecorationTests.waitForRequest(".move(", in: client)
        let log = (try? WaylandDebugLog.text(of: client.logURL)) ?? ""
        let down = Self.lastMatch(#"zwp_tablet_tool_v2@[0-9]+\.down\(([0-9]+)\)"#, in: log)
        #expect(down != nil, "no tablet down event in the client's log")
        #expect(
          down.map { move.hasSuffix(", \($0))") } == true,
          "move request \(move), the tip's serial \(down ?? "none")")
        // The compositor handles the request while the tip is still down.
        try session.injector.run("wait-repaint")
        var commands: [String] = []
        for step in 1...10 {
          let point = start.offset(by: ScreenPoint(Double(step) * 7, Double(step) * 5))
          commands += ["tablet-motion \(point)", "tablet-frame"]
        }
        commands += ["tablet-up", "tablet-frame", "tablet-out", "tablet-frame"]
        try session.injector.run(commands)
        let target = CardScene.redStart.offsetBy(dx: content.x + 70, dy: content.y + 50)
        let moved = try session.capture { PixelBox.bounding(CardScene.red, in: $0) == target }
        let found = PixelBox.bounding(CardScene.red, in: moved)
        #expect(
          found == target,
          "the window moved its card from \(content) to \(found.map(String.init(describing:)) ?? "nowhere")")
        // The pen never reached the gesture window.
        let events = LiveLog.text(of: DecorationTests.logURL(session)) ?? ""
        #expect(
          !events.contains("\"type\":\"touches\""), "the pen on the title bar reached the scene:\n\(events)")
      }
    }

    @Test("A hovering pen lights the close button, and its tap there closes the window")
    func penClosesWindow() throws {
      try DecorationTests().withApp { session, client, content in
        // The close button is the last 40 px of the 640 px bar.
        let close = ScreenPoint(Double(content.x + 620), Double(content.y - 16))
        try session.injector.run(["tablet-in pen \(close)", "tablet-frame"])
        let red = RGBA8(r: 0xc9, g: 0x4f, b: 0x5a)
        let lit: (Image) -> Bool = {
          $0.pixel(x: content.x + 606, y: content.y - 25).isClose(to: red, tolerance: 4)
        }
        #expect(lit(try session.capture(lit)), "the close button is not lit under the pen")
        // The pen has a cursor there (the frame's arrow), set with its proximity_in's serial.
        var tool = try WaylandDebugRequests.wait(for: client) { requests in
          var tool = requests
          tool.cursorOf = "zwp_tablet_tool_v2"
          return tool.cursorSets >= 1 && tool.cursorCommitted
        }
        tool.cursorOf = "zwp_tablet_tool_v2"
        #expect(tool.cursorSets >= 1 && tool.cursorCommitted, "the pen has no cursor over the title bar")
        #expect(client.isRunning)
        try session.injector.run(["tablet-down", "tablet-frame", "tablet-up", "tablet-frame"])
        #expect(
          client.waitForExit(timeout: .seconds(5)), "the app is still running: \(client.processReport())")
        #expect(client.status == "exited with status 0", "\(client.logTail())")
      }
    }

    @Test("A pen that comes from the title bar into the scene drags a card there")
    func penCrossesIntoScene() throws {
      try DecorationTests().withApp { session, _, content in
        let origin = ScreenPoint(Double(content.x), Double(content.y))
        let card = origin.offset(by: CardScene.redCenter)
        // Near the title bar first, then over the red card: the compositor moves the tool's
        // proximity from the bar's surface to the window's.
        var commands = [
          "tablet-in pen \(origin.offset(by: ScreenPoint(100, -16)))", "tablet-frame",
          "tablet-motion \(card)", "tablet-frame", "tablet-down", "tablet-pressure 0.5", "tablet-frame",
        ]
        for step in 1...10 {
          commands += [
            "tablet-motion \(card.offset(by: ScreenPoint(Double(step) * 6, Double(step) * 4)))",
            "tablet-frame",
          ]
        }
        commands += ["tablet-up", "tablet-frame", "tablet-out", "tablet-frame"]
        try session.injector.run(commands)
        let target = CardScene.redStart.offsetBy(dx: content.x + 60, dy: content.y + 40)
        let moved = try session.capture { PixelBox.bounding(CardScene.red, in: $0) == target }
        let found = PixelBox.bounding(CardScene.red, in: moved)
        #expect(
          found == target, "the pen left the card at \(found.map(String.init(describing:)) ?? "nowhere")")
      }
    }

    @Test("A pen held still after its tap maximises the window lights no button of the new bar")
    func stillPenAfterMaximise() throws {
      try DecorationTests().withApp { session, client, content in
        // Maximise is the 560 to 600 px of the 640 px bar.
        let maximise = ScreenPoint(Double(content.x + 580), Double(content.y - 16))
        try session.injector.run([
          "tablet-in pen \(maximise)", "tablet-frame", "tablet-down", "tablet-frame", "tablet-up",
          "tablet-frame",
        ])
        _ = try DecorationTests.waitForRequest(".set_maximized(", in: client)
        // Maximised below the 32 px panel on the 1024 px output: restore is at x 944 to 984 of
        // the bar (y 32 to 64), its lit box inset by 4 px. The pen, not moved, is now over the
        // title, and Weston sends it no motion.
        let maximised = try session.capture { DecorationTests.titleBarShown(above: (0, 64), in: $0) }
        #expect(DecorationTests.titleBarShown(above: (0, 64), in: maximised), "the window is not maximised")
        let litPixels = (950...978).filter { maximised.pixel(x: $0, y: 40) == Self.hoverFill }.count
        #expect(litPixels == 0, "restore is lit under a pen that is not over it (\(litPixels) pixels)")
        // Moved onto restore, the pen lights it.
        try session.injector.run(["tablet-motion 964 48", "tablet-frame"])
        let lit = try session.capture { $0.pixel(x: 952, y: 40) == Self.hoverFill }
        #expect(lit.pixel(x: 952, y: 40) == Self.hoverFill, "restore is not lit under the pen")
      }
    }

    /// A lit title bar button's fill (`TitleBarView.hoverFill`).
    static let hoverFill = RGBA8(r: 0x43, g: 0x4b, b: 0x5a)

    /// The first capture group of the last match of `pattern` in `text`.
    static func lastMatch(_ pattern: String, in text: String) -> String? {
      guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
      let range = NSRange(text.startIndex..., in: text)
      guard let match = expression.matches(in: text, range: range).last,
        let group = Range(match.range(at: 1), in: text)
      else { return nil }
      return String(text[group])
    }
  }
}
