import Foundation
import GestureKit
import Testing

@testable import Playground

/// `Fixtures/input-paths/`: `input-paths.scene.json` (a 400x300 scene: a clipped viewport on
/// the left with a tall "list" whose pan follows wheel and touchpad scrolling, and a 120x120
/// "photo" centred at the window's centre with simultaneous pan, pinch and rotation), and per
/// input path a `NAME.trace.jsonl` with its whole expected event log `NAME.log.jsonl`.
///
/// The picker offers only this scene, so the window is 400x388 (the strip is its minimum two
/// rows) and its centre, about which the Alt two-finger emulation mirrors, is (200, 194)
/// whatever scenes are bundled. Run with `GP_UPDATE_FIXTURES=1` to rewrite the expected logs
/// (then review the diff).
private enum InputPathFixtures {
  static func path(_ name: String) throws -> String {
    guard let folder = Bundle.module.path(forResource: "Fixtures", ofType: nil) else {
      throw TraceTestFailure("the Fixtures folder is not in the test bundle")
    }
    return folder + "/input-paths/" + name
  }

  /// The source folder, for rewriting expected logs.
  static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/input-paths")

  /// The whole event log of replaying `NAME.trace.jsonl`, and the replay.
  static func replay(_ name: String) throws -> (lines: [String], replay: Replay) {
    let scene = try Scene(contentsOfFile: try path("input-paths.scene.json"))
    let trace = try Trace(contentsOfFile: try path(name + ".trace.jsonl"))
    var lines: [String] = []
    let replay = Replay(
      scene: scene, log: EventLog { lines.append($0) }, catalog: SceneCatalog(scenes: [scene]))
    var warnings: [String] = []
    replay.translator.onWarning = { warnings.append($0) }
    replay.play(trace)
    replay.finish()
    if !warnings.isEmpty { throw TraceTestFailure("warnings: \(warnings)") }
    return (lines, replay)
  }
}

@Suite("Replay of each input path")
struct InputPathReplayTests {
  @Test(
    "a trace of each input path replays to exactly its expected event log",
    arguments: [
      // Three wheel clicks down scroll the list up by 45 px; the sequence ends after the idle
      // interval; two clicks up are a new sequence.
      "wheel",
      // Two fingers on a touchpad scroll the list continuously; axis_stop ends the pan.
      "touchpad-scroll",
      // A touchpad pinch out with a clockwise turn scales and rotates the photo; a second
      // pinch is cancelled and the photo goes back.
      "touchpad-pinch",
      // Alt and a left drag: two fingers (-1, -2) mirrored through the window's centre pinch
      // and rotate the photo; Alt+Shift moves the pair in parallel (a two-finger pan);
      // releasing Alt mid-drag lifts the second finger and the drag goes on with one.
      "two-fingers",
      // A pen comes near over the photo and hovers, touches down lightly, presses harder and
      // leans while it drags the photo 60 px right (a pencil touch, its force in the log),
      // lifts and leaves; then an eraser drags it 30 px back (`erasers` in the log).
      "pen",
    ])
  func replaysToItsLog(name: String) throws {
    let lines = try InputPathFixtures.replay(name).lines
    if ProcessInfo.processInfo.environment["GP_UPDATE_FIXTURES"] != nil {
      let url = InputPathFixtures.sourceFolder.appendingPathComponent(name + ".log.jsonl")
      try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
    #expect(lines == (try readLines(try InputPathFixtures.path(name + ".log.jsonl"))))
  }

  @Test("the mouse's two fingers pinch the photo to about the ratio of their distances")
  func twoFingersScaleThePhoto() throws {
    let (lines, _) = try InputPathFixtures.replay("two-fingers")
    let objects = try lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    // The first drag spreads the fingers from 60 px apart to about 119 px, then turns them.
    let firstEnd = try #require(
      objects.first { $0["gesture"] as? String == "photo-pinch" && $0["state"] as? String == "ended" })
    let scale = try #require(firstEnd["scale"] as? Double)
    #expect(scale > 1.9 && scale < 2.1, "scale \(scale)")
    let views = try #require(objects.last?["views"] as? [[String: Any]])
    let photo = try #require(views.first { $0["id"] as? String == "photo" })
    #expect(try #require(photo["rotation"] as? Double) > 0.3, "turned clockwise")
    #expect(try #require(photo["scale"] as? Double) > 2.4, "the drag after Alt+Shift pinched once more")
    #expect(lines.contains { $0.contains(#""ids":[-1,-2]"#) }, "both emulated fingers reach the photo")
  }

  @Test("the marker shows the mirrored point while Alt is held and nothing after")
  func markerState() throws {
    let scene = try Scene(contentsOfFile: try InputPathFixtures.path("input-paths.scene.json"))
    let replay = Replay(scene: scene, log: nil, catalog: SceneCatalog(scenes: [scene]))
    #expect(replay.session.twoFingerMarker.translator === replay.translator)
    #expect(replay.session.overlay.translator === replay.translator)
    #expect(replay.window.rootView.subviews.last === replay.session.twoFingerMarker)
    let trace = try Trace(
      jsonLines: """
        {"t": 0, "type": "pointer.enter", "x": 250, "y": 100}
        {"t": 0, "type": "pointer.frame"}
        {"t": 0.1, "type": "key", "key": "Alt_R", "state": "pressed"}
        """, fileName: "alt.jsonl")
    replay.play(trace)
    #expect(replay.translator.emulatedSecondFinger == Point(x: 150, y: 288))
    replay.play(
      try Trace(
        jsonLines: #"{"t": 0.2, "type": "key", "key": "Alt_R", "state": "released"}"#, fileName: "up.jsonl"))
    #expect(replay.translator.emulatedSecondFinger == nil)
  }
}
