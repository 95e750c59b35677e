import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// Device faults injected into a live session through the test module
  /// (protocol version 3: touch-capability, pointer-clear-focus, seat-remove,
  /// seat-add, and touch-cancel), each with its expected outcome checked on
  /// screen or in the app's event log. The compositor killed mid-drag is
  /// covered by KeysAndLifecycleTests; the version 4 faults by
  /// ScaleChangeFaultTests (output-scale) and BufferHoldFaultTests (hold-buffers).
  @Suite("Fault injection")
  struct FaultInjectionTests {
    @Test("The touch capability removed mid-drag cancels the drag; once it is back a new drag works")
    func touchCapabilityRemovedMidDrag() throws {
      try CardScene.withApp { session in
        let moved = CardScene.redStart.offsetBy(dx: 100, dy: 60)
        try session.injector.run(
          InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(100, 60), lift: false))
        expectCard(CardScene.red, at: moved, in: try waitForCard(session, CardScene.red, at: moved))
        try session.injector.run("touch-capability off")
        let back = try waitForCard(session, CardScene.red, at: CardScene.redStart)
        expectCard(CardScene.red, at: CardScene.redStart, in: back)
        #expect(session.clients.allSatisfy { $0.isRunning }, "the app is gone")
        try session.injector.run("touch-capability on")
        try dragUntilItMoves(session, card: CardScene.red, by: (40, 30))
      }
    }

    @Test("The whole seat removed mid-drag and added again: the drag is cancelled, then input works")
    func seatRemovedAndAddedAgain() throws {
      try CardScene.withApp { session in
        let moved = CardScene.blueStart.offsetBy(dx: -60, dy: 40)
        try session.injector.run(
          InputScript.touchDrag(from: CardScene.blueCenter, by: ScreenPoint(-60, 40), lift: false))
        expectCard(CardScene.blue, at: moved, in: try waitForCard(session, CardScene.blue, at: moved))
        try session.injector.run("seat-remove")
        let back = try waitForCard(session, CardScene.blue, at: CardScene.blueStart)
        expectCard(CardScene.blue, at: CardScene.blueStart, in: back)
        // Injections without a seat are refused by the module, not sent anywhere.
        try session.injector.run("wait-repaint")
        #expect(session.clients.allSatisfy { $0.isRunning }, "the app is gone")
        try session.injector.run("seat-add")
        try dragUntilItMoves(session, card: CardScene.red, by: (60, 50))
        // The pointer of the new seat works too.
        let target = CardScene.blueStart.offsetBy(dx: 80, dy: -100)
        try session.injector.run(InputScript.mouseDrag(from: CardScene.blueCenter, by: ScreenPoint(80, -100)))
        try session.parkPointer()
        expectCard(CardScene.blue, at: target, in: try waitForCard(session, CardScene.blue, at: target))
      }
    }

    @Test("The pointer leaving the window with the button held cancels the emulated touch")
    func pointerLeaveWhilePressedCancels() throws {
      try CardScene.withApp { session in
        let moved = CardScene.redStart.offsetBy(dx: 120, dy: 80)
        var press = InputScript.mouseDrag(from: CardScene.redCenter, by: ScreenPoint(120, 80))
        // The same drag without its release.
        let release = try #require(press.lastIndex { $0.hasPrefix("pointer-button") })
        press.replaceSubrange(release..., with: ["time live"])
        try session.injector.run(press)
        expectCard(CardScene.red, at: moved, in: try waitForCard(session, CardScene.red, at: moved))
        try session.injector.run("pointer-clear-focus")
        let back = try waitForCard(session, CardScene.red, at: CardScene.redStart)
        expectCard(CardScene.red, at: CardScene.redStart, in: back)
        // The release goes to no surface; the next drag starts afresh.
        try session.injector.run(["pointer-button left released", "pointer-frame"])
        let target = CardScene.redStart.offsetBy(dx: 30, dy: 200)
        try session.injector.run(InputScript.mouseDrag(from: CardScene.redCenter, by: ScreenPoint(30, 200)))
        try session.parkPointer()
        expectCard(CardScene.red, at: target, in: try waitForCard(session, CardScene.red, at: target))
      }
    }

    @Test(
      "wl_touch.cancel during every recognizer kind ends it cancelled or failed, and the view's touches cancelled"
    )
    func touchCancelDuringEveryRecognizerKind() throws {
      let log = FileManager.default.temporaryDirectory
        .appendingPathComponent("gp-e2e-faults-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl")
      defer { try? FileManager.default.removeItem(at: log) }
      try withApp(scene: RecognizerScene.json, arguments: ["--log", log.path]) { session in
        let app = try #require(session.clients.first)
        for probe in RecognizerScene.probes {
          try session.injector.run(probe.start)
          if probe.hold > .zero {
            // A long press begins on the app's own clock: wait for its began line in the live
            // log (woken by inotify as the log grows), not for wall time.
            // (The live log is written to a temporary file beside it until the app exits.)
            let live = LiveLog.partURL(of: log)?.path ?? log.path
            let began = try FileWatch.wait(on: live, until: Deadline(after: probe.hold * 4)) {
              (LiveLog.text(of: log) ?? "").split(separator: "\n").contains {
                $0.contains("\"gesture\":\"\(probe.gesture)\"") && $0.contains("\"state\":\"began\"")
              }
            }
            #expect(began, "\(probe.gesture) did not begin before the cancel")
          }
          try session.injector.run(["touch-cancel", "wait-repaint"])
          #expect(app.isRunning, "the app is gone after cancelling \(probe.gesture)")
        }
        // Still responsive: a tap is recognized after all that.
        try session.injector.run([
          "touch-down 0 80 80", "touch-frame", "touch-up 0", "touch-frame", "wait-repaint",
        ])
        try session.injector.run(InputScript.controlQ)
        #expect(
          app.waitForExit(timeout: .seconds(2)), "the app did not quit on Ctrl+Q: \(app.processReport())")
      }
      let lines = try WaylandDebugLog.text(of: log).split(separator: "\n").map {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
      }
      let terminal: Set<String> = ["ended", "recognized", "cancelled", "failed"]
      for probe in RecognizerScene.probes {
        let states = lines.filter {
          $0["type"] as? String == "gesture" && $0["gesture"] as? String == probe.gesture
        }
        .compactMap { $0["state"] as? String }
        #expect(
          states.first { terminal.contains($0) } == probe.expected,
          "\(probe.gesture): states \(states), expected it to end \(probe.expected)")
        if probe.expected == "cancelled" {
          #expect(states.first == "began", "\(probe.gesture) never began: \(states)")
        }
        let deliveries = lines.filter {
          $0["type"] as? String == "touches" && $0["view"] as? String == probe.view
        }
        .compactMap { $0["phase"] as? String }
        #expect(
          deliveries.contains("cancelled") && !deliveries.contains("ended"),
          "\(probe.view) got touches \(deliveries), expected them cancelled")
      }
      let tapStates = lines.filter { $0["gesture"] as? String == "tap" }.compactMap { $0["state"] as? String }
      #expect(tapStates.last == "recognized", "the tap after the faults was not recognized: \(tapStates)")
    }
  }
}

/// Drags the card of `color` by `delta` from wherever it is drawn, again and
/// again (up to 5 s) until it follows: after a seat or capability comes back the
/// client binds its new devices asynchronously, and input sent before that is
/// lost. Expects the card moved by `delta` in the end.
private func dragUntilItMoves(
  _ session: WestonSession, card color: RGBA8, by delta: (x: Int, y: Int),
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let deadline = Deadline(after: .seconds(5))
  var last: PixelBox?
  while true {
    let before = try #require(
      PixelBox.bounding(color, in: try session.capture()), "card \(color) is not drawn",
      sourceLocation: sourceLocation)
    let center = ScreenPoint(
      Double(before.minX + before.maxX + 1) / 2, Double(before.minY + before.maxY + 1) / 2)
    let target = before.offsetBy(dx: delta.x, dy: delta.y)
    try session.injector.run(
      InputScript.touchDrag(from: center, by: ScreenPoint(Double(delta.x), Double(delta.y))))
    let after = try session.capture(until: .milliseconds(500)) {
      PixelBox.bounding(color, in: $0)?.matches(target) == true
    }
    last = PixelBox.bounding(color, in: after)
    if last?.matches(target) == true { return }
    if deadline.hasPassed { break }
  }
  Issue.record(
    "card \(color) never followed a drag (last at \(last.map(String.init(describing:)) ?? "nowhere"))",
    sourceLocation: sourceLocation)
}

/// A scene with one view per recognizer kind, for the cancel probes.
private enum RecognizerScene {
  static let json = """
    {
      "name": "e2e-recognizers",
      "title": "Fault injection recognizers",
      "size": [640, 480],
      "background": "#202020",
      "views": [
        { "id": "tap-view", "frame": [20, 20, 120, 120], "shape": "rect", "fill": "#ff0000",
          "gestures": [{ "id": "tap", "kind": "tap" }] },
        { "id": "press-view", "frame": [160, 20, 120, 120], "shape": "rect", "fill": "#00ff00",
          "gestures": [{ "id": "press", "kind": "longPress" }] },
        { "id": "pan-view", "frame": [300, 20, 120, 120], "shape": "rect", "fill": "#0000ff",
          "gestures": [{ "id": "pan", "kind": "pan" }] },
        { "id": "swipe-view", "frame": [440, 20, 120, 120], "shape": "rect", "fill": "#ffff00",
          "gestures": [{ "id": "swipe", "kind": "swipe", "direction": "right" }] },
        { "id": "pinch-view", "frame": [20, 180, 200, 200], "shape": "rect", "fill": "#ff00ff",
          "gestures": [{ "id": "pinch", "kind": "pinch" }] },
        { "id": "rotation-view", "frame": [240, 180, 200, 200], "shape": "rect", "fill": "#00ffff",
          "gestures": [{ "id": "rotation", "kind": "rotation" }] },
        { "id": "edge-view", "frame": [500, 160, 140, 300], "shape": "rect", "fill": "#808080",
          "gestures": [{ "id": "edge", "kind": "screenEdgePan", "edges": "right" }] }
      ]
    }
    """

  /// How to start one recognizer's gesture and how it must end when the touches are cancelled.
  struct Probe {
    let gesture: String
    let view: String
    let start: [String]
    /// For a gesture that begins on the app's clock (a long press): how long it needs; the
    /// test waits up to four times that for its began line in the log. Zero: no wait.
    var hold: Duration = .zero
    /// `cancelled` for a recognizer that had begun, `failed` for one still possible.
    let expected: String
  }

  static let probes: [Probe] = [
    Probe(
      gesture: "tap", view: "tap-view", start: ["touch-down 0 80 80", "touch-frame"], expected: "failed"),
    Probe(
      gesture: "press", view: "press-view", start: ["touch-down 0 220 80", "touch-frame"],
      hold: .milliseconds(900), expected: "cancelled"),
    Probe(
      gesture: "pan", view: "pan-view",
      start: InputScript.touchDrag(from: ScreenPoint(360, 80), by: ScreenPoint(40, 30), lift: false),
      expected: "cancelled"),
    Probe(
      gesture: "swipe", view: "swipe-view",
      start: ["touch-down 0 480 80", "touch-frame", "touch-motion 0 482 80", "touch-frame"],
      expected: "failed"),
    Probe(
      gesture: "pinch", view: "pinch-view",
      start: twoFingers(a: (80, 280), b: (160, 280), spread: 40, turn: 0),
      expected: "cancelled"),
    Probe(
      gesture: "rotation", view: "rotation-view",
      start: twoFingers(a: (300, 280), b: (380, 280), spread: 0, turn: 0.6),
      expected: "cancelled"),
    Probe(
      gesture: "edge", view: "edge-view",
      start: InputScript.touchDrag(from: ScreenPoint(638, 300), by: ScreenPoint(-80, 0), lift: false),
      expected: "cancelled"),
  ]

  /// Two fingers down at `a` and `b`, then 20 steps moving each away from
  /// their midpoint by `spread` px in all and turning them by `turn` radians.
  static func twoFingers(a: (Double, Double), b: (Double, Double), spread: Double, turn: Double) -> [String] {
    let center = ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
    let radius = hypot(b.0 - a.0, b.1 - a.1) / 2
    let angle = atan2(b.1 - a.1, b.0 - a.0)
    var commands = ["time now", "touch-down 0 \(a.0) \(a.1)", "touch-down 1 \(b.0) \(b.1)", "touch-frame"]
    for step in 1...20 {
      let fraction = Double(step) / 20
      let r = radius + spread / 2 * fraction
      let t = angle + turn * fraction
      commands += [
        "time +\(InputScript.interval)",
        "touch-motion 0 \(center.0 - r * cos(t)) \(center.1 - r * sin(t))",
        "touch-motion 1 \(center.0 + r * cos(t)) \(center.1 + r * sin(t))", "touch-frame",
      ]
    }
    return commands + ["time live"]
  }
}

/// Runs `body` with the app showing `scene` (written to the session's
/// directory) in a fresh session, once its window can be touched.
private func withApp<T>(scene: String, arguments: [String], _ body: (WestonSession) throws -> T) throws -> T {
  let app = try RepositoryLayout.appExecutable()
  return try WestonSession.with(width: CardScene.width, height: CardScene.outputHeight) { session in
    let file = session.runtimeDirectory.appendingPathComponent("faults-scene.json")
    try scene.write(to: file, atomically: true, encoding: .utf8)
    let client = try session.launchClient(
      app, arguments: ["run", "--scene", file.path] + arguments, name: "gesture-playground")
    _ = try session.waitForWindow(of: client)
    try session.parkPointer()
    try session.injector.run("wait-repaint")
    return try body(session)
  }
}
