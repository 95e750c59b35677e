import CairoRenderer
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// A hint the strip's bar cuts (a phone's 360 px) shows whole over the scene's bottom: after
/// the pointer rests on it, as GTK's tooltips, or on a tap, until a press elsewhere.
@Suite("Chrome: the whole hint")
struct HintPanelTests {
  /// A replay of `paint` (the longest bundled hint) in a window `width` wide, its log lines
  /// kept in `lines`, drawn once so that the strip knows whether its hint is cut.
  private final class Harness {
    /// The log's lines so far.
    final class Lines { var all: [String] = [] }
    let lines = Lines()
    let replay: Replay

    init(width: Double) throws {
      let catalog = SceneCatalog.bundled()
      let entry = try #require(catalog.entries.first { $0.name == "paint" })
      replay = Replay(
        scene: try entry.load(), log: EventLog { [lines] in lines.all.append($0) }, catalog: catalog)
      replay.window.size = Size(width: width, height: 720)
      _ = render(replay.window)
    }
  }

  /// The centre of the strip's hint area, in window coordinates.
  private static func hintCentre(_ replay: Replay) throws -> Point {
    let area = try #require(replay.session.chrome.hintArea)
    return area.convert(Point(x: area.bounds.width / 2, y: area.bounds.height / 2), to: nil)
  }

  /// Plays a tap of finger 1 at `point` at `t`.
  private static func tap(_ replay: Replay, at point: Point, _ t: Double) {
    replay.play(
      Trace(
        seatEvents: [
          (t, .touchDown(id: 1, location: point)), (t, .touchFrame), (t + 0.05, .touchUp(id: 1)),
          (t + 0.05, .touchFrame),
        ], source: "tap"))
  }

  @Test("a tap on a cut hint shows it whole; a tap elsewhere, which also acts, hides it; Esc too")
  func tapShowsAndPressElsewhereHides() throws {
    let h = try Harness(width: 360)
    let replay: Replay = h.replay
    let panel = replay.session.hintPanel
    #expect(replay.session.chrome.hintIsCut)
    #expect(panel.isHidden)
    Self.tap(replay, at: try Self.hintCentre(replay), 1)
    #expect(!panel.isHidden && panel.reason == .tap)
    #expect(panel.text == replay.session.scene.hint)
    // Drawn: a box at the panel's bottom on the strip's background, its hairline edge as
    // many lines up as the hint needs at 340 px (three or more: the bar's two cut it).
    let image = render(replay.window)
    let box = panel.frame
    let x = Int(box.minX) + 4
    var top = Int(box.maxY) - 1
    while top > Int(box.minY), image.pixel(x: x, y: top).isClose(to: RGBA8(r: 0x14, g: 0x16, b: 0x1b)) {
      top -= 1
    }
    #expect(image.pixel(x: x, y: top).isClose(to: RGBA8(r: 0x3e, g: 0x44, b: 0x51)))
    let shownLines = (Int(box.maxY) - top - 20) / 17
    #expect(shownLines >= 3 && (Int(box.maxY) - top - 20) % 17 == 0, "\(Int(box.maxY) - top) px")
    // Text on the last line.
    let lastBaseline = Int(box.maxY) - 10 - 4
    #expect(
      (Int(box.minX)..<Int(box.maxX)).contains { column in
        image.pixel(x: column, y: lastBaseline).isClose(to: RGBA8(r: 0xc8, g: 0xcc, b: 0xd4), tolerance: 60)
      })
    // A tap on the scene hides it, and reaches the scene.
    let harnessLines = h.lines.all.count
    let canvas = try #require(replay.session.installed.views["canvas"])
    Self.tap(replay, at: canvas.convert(Point(x: 300, y: 200), to: nil), 2)
    #expect(panel.isHidden && panel.reason == nil)
    #expect(h.lines.all.dropFirst(harnessLines).contains { $0.contains("canvas") })
    // Again, then Esc.
    Self.tap(replay, at: try Self.hintCentre(replay), 3)
    #expect(panel.reason == .tap)
    replay.session.perform(.cancelTouches, at: 3.5)
    #expect(panel.isHidden)
    // A second tap on the hint hides it.
    Self.tap(replay, at: try Self.hintCentre(replay), 4)
    Self.tap(replay, at: try Self.hintCentre(replay), 5)
    #expect(panel.isHidden)
  }

  @Test("the pointer resting on a cut hint for half a second shows it; leaving hides it")
  func hoverShowsAfterDelay() throws {
    let h = try Harness(width: 360)
    let replay: Replay = h.replay
    let panel = replay.session.hintPanel
    let centre = try Self.hintCentre(replay)
    replay.play(
      Trace(seatEvents: [(1, .pointerEnter(location: centre)), (1, .pointerFrame)], source: "rest"))
    replay.play(
      Trace(seatEvents: [(1.4, .pointerMotion(location: centre)), (1.4, .pointerFrame)], source: "rest"))
    #expect(panel.isHidden)
    replay.play(
      Trace(seatEvents: [(1.6, .pointerMotion(location: centre)), (1.6, .pointerFrame)], source: "rest"))
    #expect(!panel.isHidden && panel.reason == .hover)
    replay.play(
      Trace(
        seatEvents: [(2, .pointerMotion(location: Point(x: 180, y: 100))), (2, .pointerFrame)], source: "away"
      ))
    #expect(panel.isHidden)
    // Left before the delay: nothing shows.
    replay.play(
      Trace(seatEvents: [(3, .pointerMotion(location: centre)), (3, .pointerFrame)], source: "pass"))
    replay.play(
      Trace(
        seatEvents: [(3.2, .pointerMotion(location: Point(x: 180, y: 100))), (3.2, .pointerFrame)],
        source: "pass"))
    replay.play(
      Trace(
        seatEvents: [(4, .pointerMotion(location: Point(x: 180, y: 90))), (4, .pointerFrame)], source: "pass")
    )
    #expect(panel.isHidden)
  }

  @Test("a hint the bar shows whole does nothing when tapped or hovered")
  func wholeHintDoesNothing() throws {
    let h = try Harness(width: 960)
    let replay: Replay = h.replay
    #expect(!replay.session.chrome.hintIsCut)
    let centre = try Self.hintCentre(replay)
    Self.tap(replay, at: centre, 1)
    replay.play(
      Trace(seatEvents: [(2, .pointerEnter(location: centre)), (2, .pointerFrame)], source: "rest"))
    replay.play(
      Trace(seatEvents: [(3, .pointerMotion(location: centre)), (3, .pointerFrame)], source: "rest"))
    #expect(replay.session.hintPanel.isHidden)
  }

  @Test("another scene hides the panel; a new window size keeps a tapped one, laid out anew")
  func sceneChangeAndResize() throws {
    let h = try Harness(width: 360)
    let replay: Replay = h.replay
    let panel = replay.session.hintPanel
    Self.tap(replay, at: try Self.hintCentre(replay), 1)
    replay.window.size = Size(width: 420, height: 800)
    #expect(panel.reason == .tap)
    #expect(panel.frame.maxY == replay.session.chrome.frame.minY && panel.frame.width == 420)
    replay.session.perform(.nextScene, at: 2)
    #expect(panel.isHidden)
  }
}

extension HintPanelTests {
  @Test(
    "a hint of a million characters shows its first 2,000 in at most 8 lines; a window of 30x60 draws it cut")
  func hugeHintAndTinyWindow() throws {
    let panel = HintPanelView()
    panel.layOut(in: Rect(x: 0, y: 0, width: 360, height: 600))
    panel.show(String(repeating: "word ", count: 200_000), for: .tap)
    #expect(panel.text?.count == ChromeView.hintCharacterLimit)
    let window = Window(size: Size(width: 360, height: 600), clock: VirtualClock())
    window.rootView.addSubview(panel)
    let image = render(window)
    // Eight lines: the box's edge 8 x 17 + 20 px above the panel's bottom.
    #expect(image.pixel(x: 4, y: 600 - 156).isClose(to: RGBA8(r: 0x3e, g: 0x44, b: 0x51)))
    #expect(image.pixel(x: 4, y: 600 - 157).isClose(to: RGBA8(r: 0x20, g: 0x20, b: 0x20)))
    // Too small for a line: drawn inside the panel, nothing outside it.
    panel.layOut(in: Rect(x: 0, y: 0, width: 30, height: 60))
    window.size = Size(width: 30, height: 60)
    let tiny = render(window)
    #expect(tiny.pixel(x: 15, y: 25).isClose(to: RGBA8(r: 0x20, g: 0x20, b: 0x20)))
    #expect(tiny.pixel(x: 15, y: 55).isClose(to: RGBA8(r: 0x14, g: 0x16, b: 0x1b)))
  }
}

/// `LineBreaks.wrap`: as many words a line as fit, at most so many lines.
@Suite("Chrome: the whole hint's lines")
struct HintWrapTests {
  private static func width(_ text: String) -> Double { Double(text.count) * 7 }

  @Test("each line as long as fits; a long word alone; the last line allowed holds the rest")
  func wrap() {
    let text = "Draw with fingers, the mouse or a pen (pressure sets the width, tilt the shade)"
    let lines = LineBreaks.wrap(text, width: 140, maximumLines: 10, measure: Self.width)
    #expect(lines.joined(separator: " ") == text)
    #expect(lines.allSatisfy { Self.width($0) <= 140 })
    // Greedy: the next word would not have fitted on any line but the last.
    for (line, next) in zip(lines, lines.dropFirst()) {
      #expect(Self.width(line + " " + next.split(separator: " ")[0]) > 140)
    }
    #expect(
      LineBreaks.wrap("a supercalifragilistic b", width: 50, maximumLines: 5, measure: Self.width) == [
        "a", "supercalifragilistic", "b",
      ])
    let two = LineBreaks.wrap(text, width: 140, maximumLines: 2, measure: Self.width)
    #expect(two.count == 2 && two.joined(separator: " ") == text)
    #expect(LineBreaks.wrap(text, width: 1_000, maximumLines: 3, measure: Self.width) == [text])
    #expect(LineBreaks.wrap("日本語の文", width: 14, maximumLines: 5, measure: Self.width).joined() == "日本語の文")
  }
}
