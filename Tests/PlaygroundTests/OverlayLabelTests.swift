import CairoRenderer
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// The overlay's recognizer labels: shown only where the scene is (they belong to its views),
/// each box as wide as its text, up to a limit.
@Suite("Overlay labels")
struct OverlayLabelTests {
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
  @Test("a label of a view at the window's right or left edge is moved in whole, not cut by the edge")
  func atTheSides() throws {
    let replay = try Self.session(
      views: ##"""
        {"id": "right", "frame": [260, 10, 40, 40], "fill": "#ff0000",
         "gestures": [{"id": "right-edge-long-press", "kind": "longPress"}]},
        {"id": "left", "frame": [-30, 100, 60, 40], "fill": "#00ff00",
         "gestures": [{"id": "left-pan", "kind": "pan"}]}
        """##)
    let labels = replay.session.overlay.recognizerLabels()
    try #require(labels.count == 2)
    for label in labels {
      #expect(label.box.minX >= 0 && label.box.maxX <= 300, "\(label.text) at \(label.box)")
    }
    // Each still sits on its own view's row.
    #expect(labels.map(\.box.minY) == [104, 14], "left's, then right's (the views' id order)")
    // The right one starts left of its view's corner, over the view.
    #expect(labels.contains { $0.text.hasPrefix("right-edge") && $0.box.minX < 260 })
  }

  @Test("a label's box fits its text in any script, measured when drawn; a long name is cut at the limit")
  func widths() throws {
    let long = String(repeating: "long-name-", count: 10)
    let replay = try Self.session(
      views: ##"""
        {"id": "cjk", "frame": [10, 10, 280, 60], "fill": "#336699",
         "gestures": [{"id": "名前の長いパン", "kind": "pan"}]},
        {"id": "long", "frame": [10, 100, 280, 60], "fill": "#336699",
         "gestures": [{"id": "\##(long)", "kind": "pan"}]}
        """##)
    let overlay = replay.session.overlay
    let estimated = try #require(overlay.recognizerLabels().first { $0.text.hasPrefix("名前") })
    _ = Self.pixel(replay, at: .zero)  // drawn once: the texts measured
    let labels = overlay.recognizerLabels()
    let cjk = try #require(labels.first { $0.text.hasPrefix("名前") })
    let cut = try #require(labels.first { $0.text.hasPrefix("long") })
    // Seven wide characters take more than 6.4 pt each at 11 pt.
    #expect(cjk.box.width > estimated.box.width + 10)
    #expect(cut.box.width == DebugOverlayView.labelMaximumWidth)
    // Right of each box, along its rows, only the view's fill: no ink left outside.
    let image = Image(width: Int(replay.window.size.width), height: Int(replay.window.size.height))
    Renderer().render(replay.window, background: .black, into: image.buffer, scale: 1)
    let fill = RGBA8(r: 0x33, g: 0x66, b: 0x99)
    for label in [cjk, cut] {
      for y in Int(label.box.minY)..<Int(label.box.maxY) {
        for x in Int(label.box.maxX.rounded(.up)) + 1..<Int(label.box.maxX) + 24 {
          let pixel = image.pixel(x: x, y: y)
          let levels = [(pixel.r, fill.r), (pixel.g, fill.g), (pixel.b, fill.b)].map {
            abs(Int($0) - Int($1))
          }
          #expect(levels.max()! <= Image.tolerance, "\(label.text) at (\(x), \(y)): \(pixel)")
        }
      }
    }
  }
  @Test("past the most labels shown, those of the views touched and the recognizers not possible come first")
  func crowd() throws {
    // 150 views of two recognizers each in a grid of 15 columns: 300 labels.
    let views = (0..<150).map { index in
      let (column, row) = (index % 15, index / 15)
      let id = "v" + String(1000 + index)
      return #"{"id": "\#(id)", "frame": [\#(column * 20), \#(row * 20), 18, 18], "gestures": "#
        + #"[{"id": "\#(id)-pan", "kind": "pan"}, {"id": "\#(id)-tap", "kind": "tap"}]}"#
    }
    let replay = try Self.session(views: views.joined(separator: ", "))
    #expect(replay.session.overlay.recognizerLabels().count == DebugOverlayView.maximumLabels)
    // A finger on the last view (in id order): its labels are shown, in the views' order.
    replay.play(
      try Trace(
        jsonLines: #"{"t": 0.1, "type": "touch.down", "id": 0, "x": 289, "y": 189}"#, fileName: "t.jsonl"))
    let labels = replay.session.overlay.recognizerLabels()
    #expect(labels.count == DebugOverlayView.maximumLabels)
    #expect(labels.suffix(2).map(\.text) == ["v1149-pan: possible", "v1149-tap: possible"])
    #expect(labels.first?.text == "v1000-pan: possible")
  }
}
