import GestureKit
import Testing

@testable import Playground

/// The hint bar's two buttons in a window as narrow as a phone's.
@Suite("Chrome: compact buttons")
struct ChromeCompactButtonTests {
  @Test("below 400 px the buttons drop their keys and the hint gets the room; a tap still toggles")
  func compactButtons() throws {
    let catalog = SceneCatalog.bundled()
    let replay = Replay(scene: try catalog.entries[0].load(), log: nil, catalog: catalog)
    replay.window.size = Size(width: 360, height: 640)
    func button(_ identifier: String) throws -> View {
      try #require(replay.session.chrome.subviews.first { $0.identifier == identifier })
    }
    let overlay = try button("chrome.overlay")
    let timeline = try button("chrome.timeline")
    #expect(overlay.style.label == "Overlay" && timeline.style.label == "Timeline")
    #expect(overlay.frame.maxX <= 360 && timeline.frame.maxX <= overlay.frame.minX - 4, "\(timeline.frame)")
    // At full width the two took 240 px, and left the hint 98.
    #expect(ChromeView.hintWidth(stripWidth: 360) >= 180)
    #expect(timeline.frame.minX >= ChromeView.hintWidth(stripWidth: 360))
    // A tap on the compact overlay button shows the overlay, and the button is lit.
    let strip = replay.session.chrome.frame
    let point = overlay.frame.offsetBy(dx: strip.minX, dy: strip.minY)
    let tap = """
      {"t": 1.0, "type": "touch.down", "id": 2, "x": \(point.midX), "y": \(point.midY)}
      {"t": 1.05, "type": "touch.up", "id": 2}
      """
    replay.play(try Trace(jsonLines: tap, fileName: "t.jsonl"))
    #expect(replay.session.isOverlayVisible)
    #expect(try button("chrome.overlay").style.fill == ChromeView.selectedFill)
    // From 400 px the buttons say their keys again.
    replay.window.size = Size(width: 400, height: 640)
    #expect(try button("chrome.overlay").style.label == "Overlay on (D)")
    #expect(try button("chrome.timeline").style.label == "Timeline (T)")
  }
}
