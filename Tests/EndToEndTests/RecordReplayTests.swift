import Foundation
import Testing

extension EndToEnd {
  /// `run --record` against a real compositor, then `replay` of what was recorded: the two
  /// event logs must agree line by line (FORMATS.md: "a recorded live session replays to the
  /// same log"), so the live path and the replay path really are one pipeline.
  @Suite("Record and replay")
  struct RecordReplayTests {
    @Test("a recorded live session (touch drag, mouse drag, Ctrl+Q) replays to the same event log")
    func recordedSessionReplaysToTheSameLog() throws {
      let files = try Files()
      defer { files.remove() }
      let (liveLog, trace) = (files.liveLog, files.trace)

      try CardScene.withApp(arguments: ["--log", liveLog.path, "--record", trace.path]) { session in
        let app = try #require(session.clients.first)
        let redMoved = CardScene.redStart.offsetBy(dx: 100, dy: 60)
        try session.injector.run(InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(100, 60)))
        _ = try session.capture { PixelBox.bounding(CardScene.red, in: $0)?.matches(redMoved) == true }
        let blueMoved = CardScene.blueStart.offsetBy(dx: -80, dy: 100)
        try session.injector.run(InputScript.mouseDrag(from: CardScene.blueCenter, by: ScreenPoint(-80, 100)))
        _ = try session.capture { PixelBox.bounding(CardScene.blue, in: $0)?.matches(blueMoved) == true }
        try session.injector.run(InputScript.controlQ)
        #expect(
          app.waitForExit(timeout: .seconds(2)), "the app did not quit on Ctrl+Q: \(app.processReport())")
      }

      try Self.expectReplayMatches(files)
    }

    @Test("a session recorded while the watched scene file is saved replays to the same event log")
    func recordedReloadReplaysToTheSameLog() throws {
      let files = try Files()
      defer { files.remove() }
      let (liveLog, trace) = (files.liveLog, files.trace)

      try CardScene.withApp(arguments: ["--watch", "--log", liveLog.path, "--record", trace.path]) {
        session in
        let app = try #require(session.clients.first)
        let redMoved = CardScene.redStart.offsetBy(dx: 100, dy: 60)
        try session.injector.run(InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(100, 60)))
        _ = try session.capture { PixelBox.bounding(CardScene.red, in: $0)?.matches(redMoved) == true }
        // Saved again: the scene is rebuilt, the red card back where the file puts it.
        let watched = session.runtimeDirectory.appendingPathComponent("test-scene.json")
        try CardScene.json.write(to: watched, atomically: true, encoding: .utf8)
        let rebuilt = try session.capture { PixelBox.bounding(CardScene.red, in: $0) == CardScene.redStart }
        #expect(
          PixelBox.bounding(CardScene.red, in: rebuilt) == CardScene.redStart, "the save rebuilt nothing")
        // Where the moved card was, the rebuilt scene has none: the drag starts on its first place.
        try session.injector.run(InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(40, 30)))
        let redAgain = CardScene.redStart.offsetBy(dx: 40, dy: 30)
        _ = try session.capture { PixelBox.bounding(CardScene.red, in: $0)?.matches(redAgain) == true }
        try session.injector.run(InputScript.controlQ)
        #expect(
          app.waitForExit(timeout: .seconds(2)), "the app did not quit on Ctrl+Q: \(app.processReport())")
      }

      let recorded = try String(contentsOf: trace, encoding: .utf8)
      #expect(
        recorded.split(separator: "\n").filter { $0.contains(#""type":"scene.reload""#) }.count == 1,
        "the recording has no scene.reload line, or several")
      let live = try Self.lines(liveLog)
      #expect(live.filter { $0["type"] as? String == "scene" }.count == 1, "the live log has no scene line")
      try Self.expectReplayMatches(files)
    }

    /// A test's files in a folder of its own: the live log, the recording, the scene the
    /// replay reads (the cards scene, as the app was given it) and the replay's log.
    struct Files {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("gp-e2e-record-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
      var liveLog: URL { directory.appendingPathComponent("live.jsonl") }
      var trace: URL { directory.appendingPathComponent("session.trace.jsonl") }
      var scene: URL { directory.appendingPathComponent("scene.json") }
      var replayLog: URL { directory.appendingPathComponent("replay.jsonl") }

      init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try CardScene.json.write(to: scene, atomically: true, encoding: .utf8)
      }

      func remove() {
        try? FileManager.default.removeItem(at: directory)
      }
    }

    /// Replays the recording on the scene into the replay's log and expects that log to be the
    /// live one, line by line (live times less their offset from the replay's).
    static func expectReplayMatches(_ files: Files) throws {
      let replay = Process()
      replay.executableURL = try RepositoryLayout.appExecutable()
      replay.arguments = [
        "replay", "--scene", files.scene.path, "--trace", files.trace.path, "--log", files.replayLog.path,
      ]
      try replay.run()
      replay.waitUntilExit()
      #expect(replay.terminationStatus == 0)

      let live = try Self.lines(files.liveLog)
      let replayed = try Self.lines(files.replayLog)
      #expect(live.count == replayed.count, "live log has \(live.count) lines, replay \(replayed.count)")
      #expect(live.contains { $0["type"] as? String == "gesture" }, "the live log recorded no gesture")
      // Live times are on the monotonic clock, replay times count from the first recorded
      // event: compare after removing that offset.
      let offset = (live.first?["t"] as? Double ?? 0) - (replayed.first?["t"] as? Double ?? 0)
      for (index, (a, b)) in zip(live, replayed).enumerated() {
        #expect(
          Self.same(a, b, timeOffset: offset),
          "line \(index + 1) differs:\n  live   \(Self.text(a))\n  replay \(Self.text(b))")
      }
    }

    static func lines(_ url: URL) throws -> [[String: Any]] {
      try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
      }
    }

    static func text(_ line: [String: Any]) -> String {
      let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
      return data.map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }

    /// Equal JSON values, numbers within the log's rounding (3 decimals, relative 1e-3 for
    /// large ones), `t` after subtracting the live clock's offset.
    static func same(_ a: Any, _ b: Any, timeOffset: Double, key: String? = nil) -> Bool {
      switch (a, b) {
      case (let x as [String: Any], let y as [String: Any]):
        return x.keys.sorted() == y.keys.sorted()
          && x.keys.allSatisfy { same(x[$0]!, y[$0]!, timeOffset: timeOffset, key: $0) }
      case (let x as [Any], let y as [Any]):
        return x.count == y.count && zip(x, y).allSatisfy { same($0, $1, timeOffset: timeOffset) }
      case (let x as String, let y as String):
        return x == y
      case (let x as NSNumber, let y as NSNumber):
        let u = x.doubleValue - (key == "t" ? timeOffset : 0)
        let v = y.doubleValue
        return abs(u - v) <= max(0.0021, 1e-3 * max(abs(u), abs(v)))
      default:
        return false
      }
    }
  }
}
