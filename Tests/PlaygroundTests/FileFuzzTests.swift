import CairoRenderer
import Foundation
import GestureKit
import Testing

@testable import Playground

/// Small hand-written traces: every event type, CRs, blank lines, equal times.
private let handWrittenTraces = [
  #"""
  {"t": 0, "type": "touch.down", "id": 0, "x": 10, "y": 20}
  {"t": 0.01, "type": "touch.motion", "id": 0, "x": 30, "y": 40}
  {"t": 0.02, "type": "touch.up", "id": 0}
  """#,
  #"""
  {"t": 0, "type": "pointer.enter", "x": 1, "y": 2}
  {"t": 0.1, "type": "pointer.button", "button": "left", "state": "pressed"}
  {"t": 0.1, "type": "pointer.motion", "x": 100.5, "y": 2}
  {"t": 0.2, "type": "pointer.axis", "axis": "vertical", "value": -15, "source": "wheel", "discrete": -1}
  {"t": 0.2, "type": "pointer.axis_stop", "axis": "horizontal"}
  {"t": 0.2, "type": "pointer.frame"}
  {"t": 0.3, "type": "pointer.button", "button": 273, "state": "released"}
  {"t": 0.4, "type": "pointer.leave"}
  """#,
  "{\"t\": 0, \"type\": \"key\", \"key\": \"Tab\", \"state\": \"pressed\"}\r\n\r\n"
    + "{\"t\": 0, \"type\": \"key\", \"key\": \"Tab\", \"state\": \"released\"}\r\n",
  #"""
  {"t": 0, "type": "pinch.begin", "fingers": 2}
  {"t": 0.1, "type": "pinch.update", "dx": 1, "dy": -1, "scale": 1.5, "rotation": 10}
  {"t": 0.2, "type": "pinch.end", "cancelled": false}
  {"t": 0.3, "type": "swipe.begin", "fingers": 3}
  {"t": 0.4, "type": "swipe.update", "dx": 5, "dy": 0}
  {"t": 0.5, "type": "swipe.end", "cancelled": true}
  {"t": 0.6, "type": "hold.begin", "fingers": 4}
  {"t": 0.7, "type": "hold.end", "cancelled": false}
  {"t": 0.8, "type": "touch.cancel"}
  {"t": 0.9, "type": "seat.touch_lost"}
  {"t": 1.0, "type": "seat.pointer_lost"}
  """#,
  #"""
  {"t": 0, "type": "window.size", "width": 300, "height": 400}
  {"t": 0, "type": "touch.down", "id": 0, "x": 10, "y": 20}
  {"t": 0, "type": "touch.down", "id": 1, "x": 50, "y": 20}
  {"t": 0.01, "type": "window.size", "width": 301, "height": 400}
  {"t": 0.02, "type": "touch.motion", "id": 1, "x": 60, "y": 25}
  {"t": 0.03, "type": "scene.reload"}
  {"t": 0.6, "type": "touch.up", "id": 0}
  {"t": 0.7, "type": "window.size", "width": 32768, "height": 1}
  {"t": 999999999, "type": "touch.up", "id": 1}
  {"t": 999999999, "type": "scene.reload"}
  """#,
]

/// A small hand-written scene using nesting, references and recipes.
private let handWrittenScene = #"""
  {"name": "fuzz", "title": "Fuzz", "size": [300, 200], "background": "#101010", "hint": "try",
   "views": [
    {"id": "a", "frame": [10, 10, 100, 80], "shape": "roundrect", "corner": 6, "fill": "#ff0000",
     "label": "A {count}", "fontSize": 12,
     "gestures": [{"id": "a-tap", "kind": "tap", "behavior": "count", "requireToFail": ["a-pan"]},
                  {"id": "a-pan", "kind": "pan", "behavior": "drag"}],
     "children": [{"id": "b", "frame": [5, 5, 20, 20], "shape": "circle", "hitTest": "shape"}]},
    {"id": "p", "frame": [150, 10, 100, 100], "shape": "image", "image": "../images/blob.png", "hitTest": "alpha"}
   ]}
  """#

/// What one parser run gave: nil when the property held, else what broke.
private typealias Verdict = String?

/// The fuzzing of the scene and trace parsers (docs/FORMATS.md, "one line that names the
/// file and where"). `GP_FUZZ_CASES` mutants per parser from `GP_FUZZ_SEED`.
@Suite("File fuzzing", .serialized)
struct FileFuzzTests {
  /// The longest one case may take before it counts as a blow-up (debug build).
  static let caseLimit = FuzzSettings.caseLimit

  /// A scratch folder `scenes/` next to a link `images` to the bundled images, so the
  /// bundled scenes' relative image paths resolve from mutants written there.
  private static func scratch() throws -> String {
    let root = NSTemporaryDirectory() + "gp-fuzz-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: root + "/scenes", withIntermediateDirectories: true)
    let scenes = try #require(SceneLibrary.bundledScenes().first?.path)
    let images = PathName.directory(of: PathName.directory(of: scenes)) + "/images"
    try FileManager.default.createSymbolicLink(atPath: root + "/images", withDestinationPath: images)
    return root
  }

  /// The error line's shape: one line, the file first, then a line, a position or a key path.
  private static func check(_ description: String, file: String) -> Verdict {
    if description.contains(where: { $0.isNewline }) { return "the error is not one line: \(description)" }
    guard description.hasPrefix(file + ":") else { return "the error does not name the file: \(description)" }
    return nil
  }

  private static func checkScene(_ error: SceneError, file: String) -> Verdict {
    if let verdict = check(error.description, file: file) { return verdict }
    switch error.location {
    case .file: break  // the file as a whole, or its top-level object
    case .position(let line, let column):
      if line < 1 || column < 1 { return "bad position: \(error.description)" }
    case .keyPath(let path):
      if path.isEmpty { return "empty key path: \(error.description)" }
    }
    return nil
  }

  private static func checkTrace(_ error: TraceError, file: String) -> Verdict {
    if let verdict = check(error.description, file: file) { return verdict }
    switch error.location {
    case .file:
      if !error.message.hasPrefix("cannot read the file") { return "no location: \(error.description)" }
    case .line(let line):
      if line < 1 { return "bad line: \(error.description)" }
    case .position(let line, let column):
      if line < 1 || column < 1 { return "bad position: \(error.description)" }
    }
    return nil
  }

  /// Installs `scene` in a window and renders one frame (into a small image: the renderer
  /// clips, and a huge scene must not need a huge buffer here).
  private static func installAndRender(_ scene: Scene) {
    let replay = Replay(scene: scene, log: EventLog { _ in }, catalog: SceneCatalog(scenes: [scene]))
    let image = Image(width: 64, height: 48)
    Renderer().render(replay.window, background: scene.background, into: image.buffer, scale: 1)
  }

  /// Runs `GP_FUZZ_CASES` / `share` mutants of `seeds` through `run`, failing with the first few broken
  /// properties (each mutant kept in the scratch folder to reproduce it).
  private static func fuzz(
    kind: String, seeds: [[UInt8]], isTrace: Bool, in folder: String, share: Int = 1,
    run: (String) -> Verdict
  ) throws {
    let cases = max(1, FuzzSettings.cases / share)
    let seed = FuzzSettings.seed
    let watchdog = FuzzWatchdog(limit: caseLimit * 12)
    defer { watchdog.stop() }
    var failures: [String] = []
    var slowest = Duration.zero
    var accepted = 0
    let started = ContinuousClock.now
    for index in 0..<cases {
      var random = FuzzSettings.random(case: index, seed: seed)
      let mutant = FileMutator.mutate(random.pick(seeds), isTrace: isTrace, using: &random)
      let path = folder + "/scenes/case.\(isTrace ? "trace.jsonl" : "json")"
      try writeFile(path, mutant)
      watchdog.begin("\(kind) case \(index) of GP_FUZZ_SEED=\(seed)")
      let caseStart = ContinuousClock.now
      let verdict = run(path)
      let elapsed = ContinuousClock.now - caseStart
      slowest = max(slowest, elapsed)
      if verdict == "accepted" {
        accepted += 1
        continue
      }
      var problem = verdict
      if problem == nil, elapsed > caseLimit { problem = "took \(elapsed) (limit \(caseLimit))" }
      if let problem, failures.count < 5 {
        let kept = folder + "/scenes/failure-\(index).\(isTrace ? "trace.jsonl" : "json")"
        try writeFile(kept, mutant)
        failures.append("case \(index) of GP_FUZZ_SEED=\(seed) (\(kept)): \(problem)")
      }
    }
    let seconds =
      Double((ContinuousClock.now - started).components.attoseconds) / 1e18
      + Double((ContinuousClock.now - started).components.seconds)
    print(
      "fuzz \(kind): \(cases) mutants of \(seeds.count) seeds, \(accepted) accepted, "
        + "\(cases - accepted) rejected, \(String(format: "%.1f", seconds)) s, slowest case \(slowest)")
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test("mutated scene files parse completely or fail with one line naming the file and key path")
  func scenes() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var seeds = try SceneLibrary.bundledScenes().map { try FileSystem.readFile($0.path) }
    seeds.append(Array(handWrittenScene.utf8))
    #expect(seeds.count > 10)
    try Self.fuzz(kind: "scenes", seeds: seeds, isTrace: false, in: folder) { path in
      do throws(SceneError) {
        let scene = try Scene(contentsOfFile: path)
        Self.installAndRender(scene)
        return "accepted"
      } catch {
        return Self.checkScene(error, file: path)
      }
    }
  }

  @Test("mutated trace files parse completely or fail with one line naming the file and line")
  func traces() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fixtures = try #require(Bundle.module.path(forResource: "Fixtures", ofType: nil))
    var seeds: [[UInt8]] = []
    for directory in [fixtures, fixtures + "/scenes"] {
      for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
      where name.hasSuffix(".trace.jsonl") {
        seeds.append(try FileSystem.readFile(directory + "/" + name))
      }
    }
    seeds += handWrittenTraces.map { Array($0.utf8) }
    #expect(seeds.count > 15)
    let scene = try SceneLibrary.load("cards")
    try Self.fuzz(kind: "traces", seeds: seeds, isTrace: true, in: folder) { path in
      do throws(TraceError) {
        // As `replay --timeline` plays it: checked whole, then streamed (long lines hit the
        // line limit), the log and the input drawn as a timeline.
        let trace = try TraceFile.check(path: path)
        var timeline = Timeline()
        let log = EventLog { timeline.add(logLine: $0) }
        log.onInput = { timeline.add(input: $0, of: $1, at: $2) }
        let replay = Replay(scene: scene, log: log, catalog: SceneCatalog(scenes: [scene]))
        try replay.play(trace)
        replay.finish()
        return Self.checkTimeline(timeline) ?? "accepted"
      } catch {
        return Self.checkTrace(error, file: path)
      }
    }
  }

  /// The timeline's picture fits the picture limits and every number in it is finite.
  private static func checkTimeline(_ timeline: Timeline) -> Verdict {
    let picture = TimelinePicture(timeline)
    guard PictureLimit.refusal(width: Int(picture.width), height: Int(picture.height)) == nil else {
      return "a timeline of \(picture.width)x\(picture.height) pixels"
    }
    for shape in picture.shapes {
      let numbers: [Double]
      switch shape {
      case .rect(let rect, _): numbers = [rect.minX, rect.minY, rect.width, rect.height]
      case .line(let from, let to, _, let width): numbers = [from.x, from.y, to.x, to.y, width]
      case .text(_, let point, let size, _, _): numbers = [point.x, point.y, size]
      }
      if !numbers.allSatisfy(\.isFinite) { return "a timeline shape with a number not finite: \(shape)" }
    }
    let svg = picture.svg()
    let bad = ["=\"inf", "=\"-inf", "=\"nan", "=\"-nan"].first { svg.contains($0) }
    return bad.map { "\($0)\" in the SVG" }
  }

  @Test("mutated expected logs: check answers each case in one line, ok or FAIL")
  func expectedLogs() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fixtures = try #require(Bundle.module.path(forResource: "Fixtures", ofType: nil))
    let checkCase = CheckCase(
      name: "drag", scene: fixtures + "/cards.scene.json", trace: fixtures + "/touch-drag.trace.jsonl",
      log: folder + "/scenes/case.trace.jsonl")
    let seeds = try ["touch-drag.log.jsonl", "mouse-drag.log.jsonl", "touch-cancel.log.jsonl"].map {
      try FileSystem.readFile(fixtures + "/" + $0)
    }
    // A tenth as many: each case loads, builds and replays a whole scene.
    try Self.fuzz(kind: "expected logs", seeds: seeds, isTrace: true, in: folder, share: 10) { _ in
      let line = SceneCheck.run(checkCase, update: false).line(for: checkCase)
      if line.contains(where: \.isNewline) { return "the result is not one line: \(line)" }
      if line.hasPrefix("ok drag (") { return "accepted" }
      return line.hasPrefix("FAIL drag: ") ? nil : "neither ok nor FAIL: \(line)"
    }
  }

  @Test("a scene naming a missing image is rejected with the file, key path and image path")
  func missingImage() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/scenes/pic.json"
    try writeFile(path, sceneJSON(view: #", "image": "../images/nope.png""#))
    #expect(throws: SceneError.self) { try Scene(contentsOfFile: path) }
    do {
      _ = try Scene(contentsOfFile: path)
    } catch {
      #expect(
        error.description
          == "\(path): views[0].image: cannot load the PNG image \"\(folder)/scenes/../images/nope.png\": No such file or directory"
      )
    }
  }

  @Test(
    "a scene naming a file that is not a PNG, a truncated PNG or one over the size limit is rejected in one line"
  )
  func corruptImage() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let blob = try FileSystem.readFile(folder + "/images/blob.png")
    let bad: [(String, [UInt8])] = [
      ("text.png", Array("not a png\n".utf8)), ("truncated.png", Array(blob.prefix(blob.count / 2))),
      ("empty.png", []), ("header-only.png", Array(blob.prefix(8))),
      // A header declaring 20000 x 20000 pixels (over the image limit), then the rest of the blob.
      (
        "huge.png", Array(blob.prefix(16)) + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20] + Array(blob.dropFirst(24))
      ),
    ]
    for (name, bytes) in bad {
      try writeFile(folder + "/scenes/" + name, bytes)
      let path = folder + "/scenes/pic.json"
      try writeFile(path, sceneJSON(view: #", "image": "\#(name)""#))
      do {
        let scene = try Scene(contentsOfFile: path)
        Issue.record(
          "\(name) loaded as a \(scene.views[0].image.map { "\($0.width)x\($0.height)" } ?? "?") image")
      } catch {
        let prefix = "\(path): views[0].image: cannot load the PNG image \"\(folder)/scenes/\(name)\": "
        #expect(error.description.hasPrefix(prefix), "\(error.description)")
        #expect(!error.description.contains("\n"))
        #expect(error.description.count > prefix.count)
      }
    }
  }
}
