import GestureKit
import Testing

@testable import Playground

/// A window of any size shows its scene whole, scaled uniformly to fit above the strip and
/// centred; the strip spans the window's width; a dragged view stays under the finger; the
/// log stays in scene coordinates; a trace's `window.size` lines resize a replay's window.
@Suite("Scene fit")
struct SceneFitTests {
  /// A 200x100 scene with a 40x40 card `a` at (10, 10) that a pan drags.
  static let scene = """
    {"name": "one", "title": "Scene one", "size": [200, 100], "views": [
      {"id": "a", "frame": [10, 10, 40, 40], "fill": "#ff0000",
       "gestures": [{"id": "a-pan", "kind": "pan", "behavior": "drag"}]}]}
    """

  /// The lines of a log.
  final class Lines {
    var all: [String] = []
  }

  /// A replay of the scene alone in the picker, logging into `lines`.
  private func replay(log lines: Lines? = nil) throws -> Replay {
    let scene = try Scene(json: Self.scene, fileName: "one.json")
    return Replay(
      scene: scene, log: lines.map { lines in EventLog { lines.all.append($0) } },
      catalog: SceneCatalog(scenes: [scene]))
  }

  @Test("the preferred size shows the scene at scale 1 at the top-left, the strip below it")
  func preferredSize() throws {
    let replay = try replay()
    let strip = ChromeLayout.height(tabCount: 1, width: 200)
    #expect(replay.window.size == Size(width: 200, height: 100 + strip))
    let container = replay.session.sceneContainer
    #expect(container.transform == .identity)
    #expect(container.frame == Rect(x: 0, y: 0, width: 200, height: 100))
    #expect(replay.session.chrome.frame == Rect(x: 0, y: 100, width: 200, height: strip))
  }

  @Test(
    "the smallest window the app asks for keeps 112 px of scene above the strip, with any number of tabs",
    arguments: [1, 15, 33, 2_000])
  func minimumWindowKeepsScene(tabCount: Int) {
    let minimum = ChromeLayout.minimumWindowSize
    #expect(minimum == Size(width: 240, height: 260))
    for width in [minimum.width, 383, 384, 767, 768] {
      let area = ChromeLayout.sceneArea(
        windowSize: Size(width: width, height: minimum.height), tabCount: tabCount)
      #expect(area.height >= ChromeLayout.minimumSceneHeight, "\(tabCount) tabs, \(width) wide: \(area)")
    }
  }

  @Test(
    "any window size: scaled uniformly to fit above the strip, centred on whole pixels",
    arguments: [
      (1000.0, 600.0), (300.0, 900.0), (641.0, 333.0), (250.0, 100.0),
    ])
  func fits(width: Double, height: Double) throws {
    let replay = try replay()
    replay.window.size = Size(width: width, height: height)
    let strip = ChromeLayout.height(tabCount: 1, width: width)
    let area = Rect(x: 0, y: 0, width: width, height: max(0, height - strip))
    let container = replay.session.sceneContainer
    #expect(replay.session.chrome.frame == Rect(x: 0, y: max(0, height - strip), width: width, height: strip))
    guard area.height > 0 else {
      #expect(container.isHidden)
      return
    }
    let shown = container.frame
    let scale = min(area.width / 200, area.height / 100)
    #expect(abs(shown.width - 200 * scale) < 1e-9 && abs(shown.height - 100 * scale) < 1e-9)
    // Whole: inside the area; fitted: touching two opposite sides; centred within a pixel.
    #expect(shown.minX >= -1e-9 && shown.maxX <= area.maxX + 1e-9 && shown.maxY <= area.maxY + 1e-9)
    #expect(abs(shown.width - area.width) < 1e-9 || abs(shown.height - area.height) < 1e-9)
    #expect(abs((shown.minX - area.minX) - (area.maxX - shown.maxX)) <= 1 + 1e-9)
    #expect(abs((shown.minY - area.minY) - (area.maxY - shown.maxY)) <= 1 + 1e-9)
    #expect(abs(shown.minX - shown.minX.rounded()) < 1e-9 && abs(shown.minY - shown.minY.rounded()) < 1e-9)
  }

  @Test("a drag in a scaled window keeps the card under the finger; the log is in scene coordinates")
  func dragUnderFinger() throws {
    let lines = Lines()
    let replay = try replay(log: lines)
    // 400 wide: the 200x100 scene at scale 2, at the top-left.
    let strip = ChromeLayout.height(tabCount: 1, width: 400)
    let trace = """
      {"t": 0, "type": "window.size", "width": 400, "height": \(Int(200 + strip))}
      {"t": 0.01, "type": "touch.down", "id": 1, "x": 60, "y": 60}
      {"t": 0.02, "type": "touch.motion", "id": 1, "x": 100, "y": 80}
      {"t": 0.03, "type": "touch.motion", "id": 1, "x": 160, "y": 100}
      {"t": 0.04, "type": "touch.up", "id": 1}
      """
    replay.play(try Trace(jsonLines: trace, fileName: "t.jsonl"))
    #expect(replay.window.size == Size(width: 400, height: 200 + strip))
    let card = try #require(replay.session.installed.views["a"])
    // The finger moved (100, 40) in the window: the card's window frame moved as much.
    let frame = card.superview!.convert(card.frame, to: nil)
    #expect(frame == Rect(x: 120, y: 60, width: 80, height: 80))
    // In the scene, the card moved half as much: (50, 20) from (30, 30).
    #expect(card.center == Point(x: 80, y: 50))
    let ended = try #require(lines.all.last { $0.contains(#""state":"ended""#) })
    #expect(ended.contains(#""location":[80.0,50.0]"#), "\(ended)")
    #expect(ended.contains(#""translation":[50.0,20.0]"#), "\(ended)")
  }

  @Test(
    "a new size that moves the scene as shown cancels the drag: the card goes back, no jump, no flick; one that does not, keeps it"
  )
  func resizeMidDrag() throws {
    let lines = Lines()
    let replay = try replay(log: lines)
    // 400 wide: the scene at scale 2 at the top-left; then 200 wide: at scale 1.
    let strip = Int(ChromeLayout.height(tabCount: 1, width: 400))
    let trace = """
      {"t": 0, "type": "window.size", "width": 400, "height": \(200 + strip)}
      {"t": 0.01, "type": "touch.down", "id": 1, "x": 60, "y": 60}
      {"t": 0.02, "type": "touch.motion", "id": 1, "x": 100, "y": 80}
      {"t": 0.025, "type": "window.size", "width": 400, "height": \(200 + strip)}
      {"t": 0.03, "type": "touch.motion", "id": 1, "x": 110, "y": 80}
      {"t": 0.035, "type": "window.size", "width": 200, "height": \(100 + Int(ChromeLayout.height(tabCount: 1, width: 200)))}
      {"t": 0.04, "type": "touch.motion", "id": 1, "x": 60, "y": 40}
      {"t": 0.05, "type": "touch.up", "id": 1}
      """
    replay.play(try Trace(jsonLines: trace, fileName: "t.jsonl"))
    let card = try #require(replay.session.installed.views["a"])
    // The same size again moved nothing: the drag went on to (110, 80), 25 scene points right.
    let changed = lines.all.filter { $0.contains(#""state":"changed""#) }
    #expect(changed.last?.contains(#""translation":[25.0,10.0]"#) == true, "\(changed)")
    // The smaller window cancelled it when it came (t 0.035): the card is back at (30, 30).
    let cancelled = try #require(lines.all.first { $0.contains(#""state":"cancelled""#) })
    #expect(cancelled.contains(#""t":0.035"#), "\(cancelled)")
    // Where the finger was in the scene, at the fit it pressed in.
    #expect(cancelled.contains(#""location":[55.0,40.0]"#), "\(cancelled)")
    #expect(card.center == Point(x: 30, y: 30))
    #expect(!lines.all.contains { $0.contains(#""state":"ended""#) })
    #expect(replay.window.activeTouches.isEmpty)
  }

  @Test("the trace's window.size line replays the fit: the same input gives the same log as live")
  func windowSizeReplays() throws {
    let trace = try Trace(
      jsonLines: #"{"t": 0.5, "type": "window.size", "width": 640, "height": 480}"#, fileName: "t.jsonl")
    #expect(trace.events.count == 1 && trace.events[0].event == .windowSize(Size(width: 640, height: 480)))
    let replay = try replay()
    replay.play(trace)
    #expect(replay.window.size == Size(width: 640, height: 480))
    for bad in [
      #"{"t": 0, "type": "window.size", "width": 0, "height": 480}"#,
      #"{"t": 0, "type": "window.size", "width": 640.5, "height": 480}"#,
      #"{"t": 0, "type": "window.size", "width": 640}"#,
      #"{"t": 0, "type": "window.size", "width": 1e9, "height": 480}"#,
    ] {
      #expect(throws: TraceError.self) { try Trace(jsonLines: bad, fileName: "t.jsonl") }
    }
  }

  @Test("a recording writes the window's size with its first event, then every change")
  func recording() throws {
    var lines: [String] = []
    let writer = TraceWriter { lines.append($0) }
    writer.recordWindowSize(Size(width: 960, height: 728), at: 5)
    writer.record(.pointerEnter(location: Point(x: 1, y: 2)), at: 7)
    writer.recordWindowSize(Size(width: 1920, height: 1048), at: 7.25)
    #expect(
      lines == [
        #"{"t":0.000,"type":"window.size","width":960,"height":728}"#,
        #"{"t":0.000,"type":"pointer.enter","x":1.0,"y":2.0}"#,
        #"{"t":0.250,"type":"window.size","width":1920,"height":1048}"#,
      ])
    let trace = try Trace(jsonLines: lines.joined(separator: "\n"), fileName: "t.jsonl")
    #expect(trace.events.map(\.event).first == .windowSize(Size(width: 960, height: 728)))
  }
}
