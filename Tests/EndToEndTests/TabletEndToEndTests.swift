import CairoRenderer
import Foundation
import Testing

/// Whether the installed Weston is 13 or later.
private let westonHasTablets = (WestonSession.majorVersion ?? 0) >= 13

extension EndToEnd {
  /// A pen through Weston's tablet support (Weston 13 and later: the test module's gp-seat
  /// has a tablet with a pen and an eraser, fed to libweston's tablet notifications), on the
  /// paint scene: the pen drags the card only a pen can drag, which a finger cannot; its
  /// pressure sets its stroke's width; the eraser erases; hovering, the panel reads it.
  ///
  /// Weston 10 (Debian 12) has no tablet support: these tests run in the Debian 13 run
  /// (`make test-debian13`), and the replays (`Fixtures/input-paths/pen`, the paint
  /// showcase, the translator's tests) carry the proof on Debian 12.
  @Suite(
    "Pen on Weston's tablet",
    .enabled(if: westonHasTablets, "Weston 10 has no tablet support"))
  struct TabletEndToEndTests {
    static let blue = RGBA8(r: 0x61, g: 0xaf, b: 0xef)

    /// The blue card's box: its colour's pixels in the row of the cards, left of the panel
    /// (whose needle, and the strip's selected tab, are blue too).
    static func blueCard(in image: Image) -> PixelBox? {
      var box: PixelBox?
      for y in 480..<630 {
        for x in 0..<585 where image.pixel(x: x, y: y).isClose(to: blue, tolerance: 40) {
          box =
            box.map {
              PixelBox(
                minX: min($0.minX, x), minY: min($0.minY, y), maxX: max($0.maxX, x), maxY: max($0.maxY, y))
            }
            ?? PixelBox(minX: x, minY: y, maxX: x, maxY: y)
        }
      }
      return box
    }
    static let canvas = RGBA8(r: 0x21, g: 0x25, b: 0x2b)

    /// Runs `body` with the app showing the paint scene on a 960x728 Weston (the scene at scale
    /// 1 above the strip), with `arguments` after `run --scene paint` (`$DIR` in them standing
    /// for the session's runtime folder, which `body` gets too) and `environment`.
    static func withPaint(
      _ arguments: [String] = [], environment: [String: String] = [:],
      _ body: (WestonSession, ChildProcess, URL) throws -> Void
    ) throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: 960, height: 728) { session in
        let folder = session.runtimeDirectory
        let client = try session.launchClient(
          app,
          arguments: ["run", "--scene", "paint"]
            + arguments.map { $0.replacingOccurrences(of: "$DIR", with: folder.path) },
          environment: environment, name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        try body(session, client, folder)
      }
    }

    @Test("A pen drags the pen-only card and a finger does not; the log names the pencil")
    func penDragsItsCard() throws {
      try Self.withPaint(["--log", "$DIR/pen.log.jsonl"]) { session, client, folder in
        let log = folder.appendingPathComponent("pen.log.jsonl")
        let start = PixelBox(frameX: 40, y: 500, width: 110, height: 110)
        _ = try session.capture { Self.blueCard(in: $0) == start }
        // A finger on the blue card: nothing moves.
        try session.injector.run(InputScript.touchDrag(from: ScreenPoint(95, 555), by: ScreenPoint(100, 0)))
        // The pen: 200 px right, in steps.
        var commands = [
          "tablet-in pen 95 555", "tablet-frame", "tablet-down", "tablet-pressure 0.5", "tablet-frame",
        ]
        for step in 1...10 {
          commands += ["tablet-motion \(95 + 20 * step) 555", "tablet-frame", "wait-repaint"]
        }
        commands += ["tablet-up", "tablet-frame", "tablet-out", "tablet-frame"]
        try session.injector.run(commands)
        let moved = start.offsetBy(dx: 200, dy: 0)
        let image = try session.capture { Self.blueCard(in: $0) == moved }
        #expect(
          Self.blueCard(in: image) == moved,
          "the pen card is at \(String(describing: Self.blueCard(in: image)))")
        let text = LiveLog.text(of: log) ?? ""
        #expect(
          text.contains(#""pencils":["#) && text.contains(#""gesture":"pen-pan""#), "no pencil in the log")
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }

    /// The pen of `make bench`'s pen drag: a steady 120 Hz stream from the module's clock
    /// (gp_test version 6's pen entries), which never waits on the app.
    @Test("A pen's steady stream played on the compositor's clock drags the pen-only card")
    func steadyPenDrag() throws {
      try Self.withPaint { session, client, _ in
        let start = PixelBox(frameX: 40, y: 500, width: 110, height: 110)
        _ = try session.capture { Self.blueCard(in: $0) == start }
        try session.injector.run(
          InputScript.steadyPenDrag(from: ScreenPoint(95, 555), step: ScreenPoint(3, 0), steps: 60))
        let moved = start.offsetBy(dx: 180, dy: 0)
        let image = try session.capture { Self.blueCard(in: $0) == moved }
        #expect(
          Self.blueCard(in: image) == moved,
          "the pen card is at \(String(describing: Self.blueCard(in: image)))")
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }

    @Test("Pressing harder draws wider; the eraser erases")
    func pressureAndEraser() throws {
      try Self.withPaint { session, client, _ in
        // Light from x 320 to 520, hard from 520 to 720, along y 100.
        var commands = [
          "tablet-in pen 320 100", "tablet-frame", "tablet-down", "tablet-pressure 0.05", "tablet-frame",
        ]
        for step in 1...20 {
          let pressure = step <= 10 ? 0.05 : 1.0
          commands += [
            "tablet-motion \(320 + 20 * step) 100", "tablet-pressure \(pressure)", "tablet-frame",
            "wait-repaint",
          ]
        }
        commands += ["tablet-up", "tablet-frame", "tablet-out", "tablet-frame"]
        // The eraser across the hard part, down x 650.
        commands += ["tablet-in eraser 650 60", "tablet-frame", "tablet-down", "tablet-frame"]
        for step in 1...8 {
          commands += ["tablet-motion 650 \(60 + 10 * step)", "tablet-frame", "wait-repaint"]
        }
        commands += ["tablet-up", "tablet-frame", "tablet-out", "tablet-frame"]
        try session.injector.run(commands)
        func thickness(_ image: Image, x: Int) -> Int {
          (60..<140).filter { !image.pixel(x: x, y: $0).isClose(to: Self.canvas, tolerance: 8) }.count
        }
        let image = try session.capture { thickness($0, x: 700) >= 10 && thickness($0, x: 650) == 0 }
        let light = thickness(image, x: 420)
        let hard = thickness(image, x: 700)
        #expect(light >= 1 && light <= 4 && hard >= 12, "\(light) px light, \(hard) px hard")
        #expect(thickness(image, x: 650) == 0, "erased")
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }

    @Test("A pen hovering over the panel leaning right draws its needle there")
    func hoverReadsThePen() throws {
      try Self.withPaint { session, client, _ in
        // The panel [590, 480, 350, 150]: its dial's centre at (871.5, 555), 52.5 px round.
        func needle(_ image: Image) -> Int {
          (885..<915).filter { x in
            (550..<561).contains { image.pixel(x: x, y: $0).isClose(to: Self.blue, tolerance: 40) }
          }
          .count
        }
        let before = try session.capture()
        #expect(needle(before) == 0, "a needle before any pen")
        try session.injector.run([
          "tablet-in pen 700 520", "tablet-distance 0.5", "tablet-tilt 40 0", "tablet-frame",
          "tablet-motion 710 525", "tablet-frame",
        ])
        let hovering = try session.capture { needle($0) >= 8 }
        #expect(needle(hovering) >= 8, "no needle while the pen hovers, leaning right")
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }

    @Test("A live session with the pen and the eraser replays from its recording to the same event log")
    func recordedPenReplays() throws {
      let app = try RepositoryLayout.appExecutable()
      try Self.withPaint(["--log", "$DIR/live.jsonl", "--record", "$DIR/pen.trace.jsonl"]) {
        session, client, folder in
        let liveLog = folder.appendingPathComponent("live.jsonl")
        let trace = folder.appendingPathComponent("pen.trace.jsonl")
        let replayLog = folder.appendingPathComponent("replay.jsonl")
        var commands = [
          "tablet-in pen 95 555", "tablet-tilt 20 -10", "tablet-frame", "tablet-down", "tablet-pressure 0.3",
          "tablet-frame",
        ]
        for step in 1...8 {
          commands += [
            "tablet-motion \(95 + 15 * step) 555", "tablet-pressure \(0.3 + 0.08 * Double(step))",
            "tablet-frame", "wait-repaint",
          ]
        }
        commands += ["tablet-up", "tablet-frame", "tablet-out", "tablet-frame"]
        commands += ["tablet-in eraser 400 100", "tablet-frame", "tablet-down", "tablet-frame"]
        for step in 1...4 {
          commands += ["tablet-motion 400 \(100 + 20 * step)", "tablet-frame", "wait-repaint"]
        }
        commands += ["tablet-up", "tablet-frame", "tablet-out", "tablet-frame"]
        commands += InputScript.controlQ
        try session.injector.run(commands)
        #expect(
          client.waitForExit(timeout: .seconds(2)),
          "the app did not quit on Ctrl+Q: \(client.processReport())")

        let replay = Process()
        replay.executableURL = app
        replay.arguments = ["replay", "--scene", "paint", "--trace", trace.path, "--log", replayLog.path]
        try replay.run()
        replay.waitUntilExit()
        #expect(replay.terminationStatus == 0)
        let recorded = (try? String(contentsOf: trace, encoding: .utf8)) ?? ""
        #expect(
          recorded.contains("tablet.pressure") && recorded.contains(#""kind":"eraser""#),
          "no tablet lines recorded")
        let live = try RecordReplayTests.lines(liveLog)
        let replayed = try RecordReplayTests.lines(replayLog)
        #expect(live.count == replayed.count, "live log has \(live.count) lines, replay \(replayed.count)")
        #expect(live.contains { $0["pencils"] != nil }, "the live log has no pencil")
        let offset = (live.first?["t"] as? Double ?? 0) - (replayed.first?["t"] as? Double ?? 0)
        for (index, (a, b)) in zip(live, replayed).enumerated() {
          #expect(
            RecordReplayTests.same(a, b, timeOffset: offset),
            "line \(index + 1) differs:\n  live   \(RecordReplayTests.text(a))\n  replay \(RecordReplayTests.text(b))"
          )
        }
      }
    }
  }
}
