import CairoRenderer
import GestureKit
import Testing

@testable import Playground

/// The live timeline (T, or the strip's button): shown, it is fed a log of its own and keeps
/// the last four seconds; hidden, it keeps nothing and nothing feeds it.
@Suite("Timeline panel")
struct TimelinePanelTests {
  @Test("T and Shift+T toggle the timeline; with another modifier they do nothing")
  func key() {
    #expect(KeyCommand(KeyPress(name: "t", isPressed: true, modifiers: [], time: 0)) == .toggleTimeline)
    #expect(KeyCommand(KeyPress(name: "T", isPressed: true, modifiers: .shift, time: 0)) == .toggleTimeline)
    #expect(KeyCommand(KeyPress(name: "t", isPressed: true, modifiers: .control, time: 0)) == nil)
  }

  @Test(
    "shown, the panel gets the scene's deliveries and transitions; hidden, it forgets them and nothing feeds it"
  )
  func feeding() throws {
    let replay = Replay(scene: try SceneLibrary.load("cards"), log: nil)
    let session = replay.session
    #expect(session.timelinePanel.isHidden && session.filter.panelLog == nil)
    session.perform(.toggleTimeline, at: 0)
    #expect(!session.timelinePanel.isHidden && session.filter.panelLog != nil)
    let chrome = try #require(session.chrome.subviews.first { $0.identifier == "chrome.timeline" })
    #expect(chrome.style.label == "Timeline on (T)")
    replay.play(
      try Trace(
        jsonLines: """
          {"t": 0, "type": "touch.down", "id": 0, "x": 170, "y": 240}
          {"t": 0.02, "type": "touch.motion", "id": 0, "x": 200, "y": 250}
          {"t": 0.04, "type": "touch.up", "id": 0}
          """, fileName: "drag.jsonl"))
    let image = Image(width: Int(replay.window.size.width), height: Int(replay.window.size.height))
    Renderer().render(replay.window, background: .black, into: image.buffer, scale: 1)
    // The panel is white where no lane or label is: its top-left corner.
    let panel = session.timelinePanel.frame
    #expect(image.pixel(x: Int(panel.minX) + 2, y: Int(panel.minY) + 2) == RGBA8(r: 255, g: 255, b: 255))
    session.perform(.toggleTimeline, at: 0.1)
    #expect(session.timelinePanel.isHidden && session.filter.panelLog == nil)
  }

  @Test("the timeline button sits left of the overlay button, clear of it")
  func button() {
    let overlay = ChromeLayout.overlayButtonFrame(width: 960)
    let timeline = ChromeLayout.timelineButtonFrame(width: 960)
    #expect(
      timeline.maxX <= overlay.minX - 4 && timeline.minY == overlay.minY && timeline.height == overlay.height)
  }

  @Test("a timeline keeps what is newer than the time it forgets before")
  func forgetting() {
    var timeline = Timeline()
    timeline.add(logLine: #"{"t":0.1,"type":"touches","view":"v","phase":"began","ids":[0]}"#)
    timeline.add(logLine: #"{"t":0.2,"type":"touches","view":"v","phase":"ended","ids":[0]}"#)
    timeline.add(logLine: #"{"t":5.0,"type":"touches","view":"v","phase":"began","ids":[1]}"#)
    timeline.add(
      logLine: #"{"t":5.0,"type":"gesture","gesture":"g","kind":"tap","view":"v","state":"failed"}"#)
    timeline.forget(before: 1000)
    #expect(timeline.touches.map(\.id) == [1])
    #expect(timeline.recognizers.map(\.name) == ["g"])
  }
}
