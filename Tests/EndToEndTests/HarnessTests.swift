import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The harness on its own, against Weston's demo clients: it needs no app.
  @Suite("Harness")
  struct HarnessTests {
    /// weston-simple-touch: a 600x500 window (Weston 14's fills the output) that draws a dot
    /// under every touch.
    static let simpleTouch = URL(fileURLWithPath: "/usr/bin/weston-simple-touch")
    /// weston-simple-shm: a 250x250 window that animates on every frame.
    static let simpleShm = URL(fileURLWithPath: "/usr/bin/weston-simple-shm")

    /// Fails clearly when a demo client of the weston package is missing.
    static func require(_ client: URL) throws -> URL {
      guard FileManager.default.isExecutableFile(atPath: client.path) else {
        throw HarnessError("\(client.path) is missing (Debian package weston)")
      }
      return client
    }

    @Test("Injected touches reach a client, which draws them in the next capture")
    func injectedTouchesAreDrawn() throws {
      try WestonSession.with(width: 800, height: 600) { session in
        let client = try session.launchClient(try Self.require(Self.simpleTouch), name: "weston-simple-touch")
        let window = try session.waitForWindow(of: client)
        // kiosk-shell centres the 600x500 window (Weston 10) or has it fill the output (14).
        #expect(
          window == PixelBox(frameX: 100, y: 50, width: 600, height: 500)
            || window == PixelBox(frameX: 0, y: 0, width: 800, height: 600), "\(window)")
        let before = try session.capture()
        try session.injector.run(
          InputScript.touchDrag(from: ScreenPoint(400, 300), by: ScreenPoint(50, 0), steps: 10, lift: false))
        // simple-touch commits for every down and motion (not for up).
        try session.injector.run("wait-commit")
        try session.injector.run(["touch-up 0", "touch-frame"])
        let after = try session.capture { $0.pixel(x: 450, y: 300) != before.pixel(x: 450, y: 300) }
        #expect(after.pixel(x: 450, y: 300) != before.pixel(x: 450, y: 300), "no dot where the finger lifted")
        #expect(
          after.pixel(x: 10, y: 10) == before.pixel(x: 10, y: 10), "away from the touches nothing changes")
      }
    }

    @Test("The module sends the touch frame after the last up and the cancel that Weston 10 forgets")
    func touchWorkaroundsReachTheClient() throws {
      try WestonSession.with(width: 800, height: 600) { session in
        let client = try session.launchClient(
          try Self.require(Self.simpleTouch), environment: ["WAYLAND_DEBUG": "client"],
          name: "weston-simple-touch")
        let window = try session.waitForWindow(of: client)
        try session.injector.run([
          "touch-down 0 400 300", "touch-frame", "touch-motion 0 410 300", "touch-frame",
          "touch-up 0", "touch-frame",
          "touch-down 1 400 300", "touch-down 2 420 300", "touch-frame", "touch-up 1", "touch-frame",
          "touch-cancel",
          "touch-down 3 10 10", "touch-frame", "touch-up 3", "touch-frame",
          "touch-down 4 400 300", "touch-frame", "touch-up 4", "touch-frame",
        ])
        // Touch 3 at (10, 10) misses a centred window (Weston 10) and lands in one that fills
        // the output (Weston 14).
        let touch3Lands = window.minX <= 10 && window.minY <= 10
        let expected =
          [
            "down", "frame", "motion", "frame", "up", "frame",
            "down", "down", "frame", "up", "frame", "cancel",
          ] + (touch3Lands ? ["down", "frame", "up", "frame"] : []) + ["down", "frame", "up", "frame"]
        var events: [String] = []
        let deadline = Deadline(after: .seconds(5))
        while events.count < expected.count && !deadline.hasPassed {
          try session.injector.run("sync")
          events = WaylandDebugLog.touchEvents(in: client.logURL)
        }
        #expect(events == expected)
      }
    }

    @Test("Captures follow an animating client, and repaints can be awaited")
    func capturesFollowAnimation() throws {
      try WestonSession.with { session in
        let client = try session.launchClient(try Self.require(Self.simpleShm), name: "weston-simple-shm")
        let window = try session.waitForWindow(of: client)
        // kiosk-shell centres the 250x250 window (Weston 10) or has it fill the output (14).
        let centred = window == PixelBox(frameX: 195, y: 115, width: 250, height: 250)
        #expect(centred || window == PixelBox(frameX: 0, y: 0, width: 640, height: 480), "\(window)")
        let first = try session.capture()
        let repaint = try session.injector.run("wait-repaint")
        #expect(repaint.hasPrefix("repaint "))
        let second = try session.capture { !ScreenshotDifference(first, $0).isEmpty }
        #expect(!ScreenshotDifference(first, second).isEmpty, "the animation did not move")
        if centred {
          #expect(second.pixel(x: 5, y: 5) == RGBA8(r: 0, g: 0, b: 0), "kiosk-shell's background is black")
        }
      }
    }

    @Test("The driver answers every command with one line, errors included")
    func driverAnswersEveryCommand() throws {
      try WestonSession.with { session in
        let replies = try session.injector.replies(to: [
          "bogus", "touch-down 0", "timeout 50", "wait-commit",
          "capture relative.png", "pointer-button left pressed", "pointer-button left released", "sync",
          "sequence-pen 0 down 1", "sequence-pen 0 up 1 2", "sequence-pen 0 hover 1 2",
          "sequence-pen 0 down 1 2",
        ])
        #expect(replies.count == 12)
        #expect(
          replies.map { if case .ok = $0 { "ok" } else { "error" } } == [
            "error", "error", "ok", "error", "error", "ok", "ok", "ok", "error", "error", "error", "ok",
          ])
      }
    }

    @Test("A capture wait whose check outlasts the deadline returns a picture taken after it")
    func captureWaitEndsOnAFreshPicture() throws {
      // Pictures are numbered; the first check runs past the deadline (as a whole-screen scan
      // of a screenshot taken before the window was drawn can under `make asan`).
      var taken = 0
      let timeout = Duration.milliseconds(20)
      let capture = { () -> Int in
        taken += 1
        return taken
      }
      let checkOutlastingTheFirst = { (number: Int) -> Bool in
        if number == 1 {
          let late = Deadline(after: timeout * 2)
          while !late.hasPassed {}
        }
        return false
      }
      let start = ContinuousClock.now
      let picture = try captureUntil(timeout, clients: [], capture: capture, checkOutlastingTheFirst)
      #expect(picture == 2, "the wait returned picture \(picture), taken before its deadline")
      #expect(start.duration(to: .now) >= timeout)
    }
  }
}
