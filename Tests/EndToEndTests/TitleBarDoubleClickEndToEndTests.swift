import Foundation
import Testing

extension EndToEnd.DecorationTests {
  /// A double click on the client-side title bar maximises the window, and another on the
  /// maximised bar restores it, as on GTK's header bar; a finger's double tap does the same.
  @Test("A double click on the title bar maximises the window; a finger's double tap restores it")
  func doubleClickMaximises() throws {
    try withApp { session, client, content in
      try Self.doubleClickTitleBar(session, client, content)
      let top = ScreenPoint(300, 48)
      try session.injector.run([
        "touch-down 0 \(top)", "touch-frame", "touch-up 0", "touch-frame", "touch-down 1 \(top)",
        "touch-frame",
        "touch-up 1", "touch-frame",
      ])
      _ = try Self.waitForRequest(".unset_maximized(", in: client)
      let restored = try session.capture { Self.titleBarShown(above: content, in: $0) }
      #expect(Self.titleBarShown(above: content, in: restored), "the window is not back where it was")
      // One press at a time is a move each: two single clicks a while apart maximise nothing.
      let requests = Self.requests(in: client)
      #expect(requests.filter { $0.contains(".set_maximized(") }.count == 1, "\(requests)")
    }
  }

  @Test("F11 in a maximised window fills the output exactly, with no strip of the desktop at its edge")
  func fullscreenFromMaximised() throws {
    try withApp { session, client, content in
      try Self.doubleClickTitleBar(session, client, content)
      // The maximised frame's resize border reaches 8 px past the output on each side; on
      // the old code desktop-shell centred the fullscreen window by it, 8 px to the left.
      try session.injector.run(["key \(Self.f11) pressed", "key \(Self.f11) released"])
      _ = try Self.waitForRequest(".set_fullscreen(", in: client)
      _ = try Self.expectFullscreenScene(in: session)
    }
  }

  @Test("Two clicks on the title bar further apart than a double click's time move, and maximise nothing")
  func slowClicksMove() throws {
    try withApp { session, client, content in
      _ = try session.capture { Self.titleBarShown(above: content, in: $0) }
      let bar = ScreenPoint(Double(content.x + 300), Double(content.y - 16))
      // gp-inject stamps an event with the time it is sent unless told: 500 ms apart.
      try session.injector.run([
        "pointer-motion \(bar)", "pointer-frame", "time 10000", "pointer-button left pressed",
        "pointer-frame",
        "time 10050", "pointer-button left released", "pointer-frame", "time 10500",
        "pointer-button left pressed",
        "pointer-frame", "time 10550", "pointer-button left released", "pointer-frame", "time live",
      ])
      let log = { (try? WaylandDebugLog.text(of: client.logURL)) ?? "" }
      _ = try FileWatch.wait(on: client.logURL.path, until: Deadline(after: .seconds(5))) {
        log().components(separatedBy: ".move(").count - 1 >= 2
      }
      #expect(log().components(separatedBy: ".move(").count - 1 == 2, "two moves expected")
      #expect(!log().contains(".set_maximized("), "two slow clicks maximised the window")
    }
  }

  /// Double-clicks the title bar of the window whose content is at `content` and expects it
  /// maximised: below the 32 px panel, the bar along the output's top, over the content at
  /// (0, 64).
  static func doubleClickTitleBar(
    _ session: WestonSession, _ client: ChildProcess, _ content: (x: Int, y: Int)
  ) throws {
    _ = try session.capture { Self.titleBarShown(above: content, in: $0) }
    let bar = ScreenPoint(Double(content.x + 300), Double(content.y - 16))
    let click = [
      "pointer-button left pressed", "pointer-frame", "pointer-button left released", "pointer-frame",
    ]
    try session.injector.run(["pointer-motion \(bar)", "pointer-frame"] + click + click)
    _ = try Self.waitForRequest(".set_maximized(", in: client)
    let maximised = try session.capture { Self.titleBarShown(above: (0, 64), in: $0) }
    #expect(Self.titleBarShown(above: (0, 64), in: maximised), "the window is not maximised")
  }
}
