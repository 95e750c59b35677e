import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A title longer than a Wayland message: the app cuts it and keeps its connection.
  @Suite("Long titles")
  struct LongTitleEndToEndTests {
    @Test("A scene titled with 5000 characters opens its window and keeps running")
    func longTitle() throws {
      let title = String(repeating: "Long title ", count: 455)
      let json = CardScene.json.replacingOccurrences(
        of: #""title": "End-to-end cards""#, with: #""title": "\#(title)""#)
      #expect(json.contains(title))
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: CardScene.width, height: CardScene.outputHeight) { session in
        let scene = session.runtimeDirectory.appendingPathComponent("long-title.json")
        try json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        let image = try session.capture { PixelBox.bounding(CardScene.red, in: $0) == CardScene.redStart }
        #expect(PixelBox.bounding(CardScene.red, in: image) == CardScene.redStart)
        #expect(client.isRunning, "the app exited: \(client.logTail(maxLines: 5))")
        let log = (try? WaylandDebugLog.text(of: client.logURL)) ?? ""
        let sent = log.split(separator: "\n").first {
          $0.contains("xdg_toplevel") && $0.contains(".set_title(")
        }
        #expect(
          sent.map { $0.utf8.count < 1200 && $0.contains("\u{2026}") } == true, "\(sent ?? "no set_title")")
      }
    }
  }
}
