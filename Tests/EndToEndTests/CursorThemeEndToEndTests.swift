import Foundation
import Testing

extension EndToEnd {
  /// A cursor theme that is not what it says: its cursors are FIFOs (no writer ever comes)
  /// or corrupt. The theme is read when the pointer first enters; a blocking open there
  /// would hang the whole app. Weston 10 and 14 offer no cursor shapes, so the theme is read.
  @Suite("Cursor theme")
  struct CursorThemeEndToEndTests {
    @Test("A theme whose cursors are FIFOs or corrupt: the pointer enters and the app still drags")
    func fifoTheme() throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: CardScene.width, height: CardScene.outputHeight) { session in
        let themes = session.runtimeDirectory.appendingPathComponent("icons")
        let cursors = themes.appendingPathComponent("bad/cursors")
        try FileManager.default.createDirectory(at: cursors, withIntermediateDirectories: true)
        for name in ["default", "grab", "openhand"] {
          try #require(
            mkfifo(cursors.appendingPathComponent(name).path, 0o600) == 0, "mkfifo: errno \(errno)")
        }
        try Data("Xcur and then nothing".utf8).write(to: cursors.appendingPathComponent("left_ptr"))
        try FileManager.default.createDirectory(
          at: cursors.appendingPathComponent("grabbing"), withIntermediateDirectories: false)
        let scene = session.runtimeDirectory.appendingPathComponent("test-scene.json")
        try CardScene.json.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path],
          environment: ["XCURSOR_PATH": themes.path, "XCURSOR_THEME": "bad"], name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        _ = try session.capture { PixelBox.bounding(CardScene.red, in: $0) == CardScene.redStart }
        // The pointer enters over the red card (the theme is read), then a finger drags it.
        try session.injector.run(InputScript.pointerMove(to: CardScene.redCenter))
        try session.injector.run(InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(80, 0)))
        let target = CardScene.redStart.offsetBy(dx: 80, dy: 0)
        let moved = try session.capture { PixelBox.bounding(CardScene.red, in: $0) == target }
        #expect(PixelBox.bounding(CardScene.red, in: moved) == target, "the drag did not move the card")
        #expect(client.isRunning, "the app ended: \(client.logTail(maxLines: 20))")
      }
    }
  }
}
