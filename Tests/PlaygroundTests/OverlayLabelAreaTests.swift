import CairoRenderer
import GestureKit
import Testing

@testable import Playground

/// The overlay's labels belong to the scene's views, so they show only where the scene does.
@Suite("Overlay labels where the scene shows")
struct OverlayLabelAreaTests {
  /// A session of a 300x200 scene, `views` its views' JSON, with the overlay shown.
  private static func session(views: String) throws -> Replay {
    let scene = try Scene(
      json: #"{"name": "low", "size": [300, 200], "views": [\#(views)]}"#, fileName: "low.json")
    let replay = Replay(scene: scene, log: EventLog { _ in }, catalog: SceneCatalog(scenes: [scene]))
    replay.session.perform(.toggleOverlay, at: 0)
    return replay
  }

  /// The window's pixel at `point`, drawn now.
  private static func pixel(_ replay: Replay, at point: Point) -> RGBA8 {
    let image = Image(width: Int(replay.window.size.width), height: Int(replay.window.size.height))
    Renderer().render(replay.window, background: .black, into: image.buffer, scale: 1)
    return image.pixel(x: Int(point.x), y: Int(point.y))
  }

  @Test("a label under the live timeline's panel is hidden by it, and shows again when it goes")
  func underThePanel() throws {
    let replay = try Self.session(
      views:
        ##"{"id": "low", "frame": [10, 150, 60, 30], "fill": "#ff0000", "gestures": [{"id": "low-pan", "kind": "pan"}]}"##
    )
    let session = replay.session
    let label = try #require(session.overlay.recognizerLabels().first)
    // Inside the label's dark box, left of its text.
    let point = Point(x: label.box.minX + 2, y: label.box.midY)
    let overScene = Self.pixel(replay, at: point)
    session.perform(.toggleTimeline, at: 0.1)
    #expect(session.timelinePanel.frame.contains(label.box))
    let underPanel = Self.pixel(replay, at: point)
    session.perform(.toggleOverlay, at: 0.2)
    let panelAlone = Self.pixel(replay, at: point)
    #expect(underPanel == panelAlone)
    #expect(overScene != underPanel)
    // The panel hidden again, with the overlay on: the label is back.
    session.perform(.toggleOverlay, at: 0.3)
    session.perform(.toggleTimeline, at: 0.4)
    #expect(Self.pixel(replay, at: point) == overScene)
  }

  @Test("a label stacked below the scene's bottom edge is not drawn over the strip")
  func overTheStrip() throws {
    let replay = try Self.session(
      views: ##"""
        {"id": "edge", "frame": [10, 190, 40, 10], "fill": "#ff0000",
         "gestures": [{"id": "edge-pan", "kind": "pan"}, {"id": "edge-tap", "kind": "tap"}]}
        """##)
    let session = replay.session
    let labels = session.overlay.recognizerLabels()
    try #require(labels.count == 2)
    #expect(labels[1].box.minY >= 200 && session.chrome.frame.contains(labels[1].box))
    let inScene = Point(x: labels[0].box.minX + 2, y: labels[0].box.minY + 3)
    let inStrip = Point(x: labels[1].box.minX + 2, y: labels[1].box.midY)
    let withOverlay = (Self.pixel(replay, at: inScene), Self.pixel(replay, at: inStrip))
    session.perform(.toggleOverlay, at: 0.1)
    #expect(Self.pixel(replay, at: inStrip) == withOverlay.1)
    #expect(Self.pixel(replay, at: inScene) != withOverlay.0)
  }
}
