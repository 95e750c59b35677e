import Foundation
import Testing

extension EndToEnd {
  /// HarfBuzz and FriBidi are loaded the first time a line needs shaping, never at start:
  /// linked, they cost every process 1.2 MiB of peak memory (BENCHMARKS.md, session 38).
  @Suite("Shaping libraries")
  struct ShapingLibraryEndToEndTests {
    /// Whether process `pid` has a library whose file name starts with `name` mapped.
    private static func maps(_ pid: Int32, _ name: String) -> Bool {
      // Read to its end: the file's size says 0, and a single read gives its first page.
      let data =
        (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps")).readToEnd()) ?? nil
      let maps = String(decoding: data ?? Data(), as: UTF8.self)
      return maps.split(separator: "\n").contains { $0.split(separator: "/").last?.hasPrefix(name) == true }
    }

    @Test("a scene without such text loads neither library; one with an Arabic label loads both")
    func loadedOnDemand() throws {
      try CardScene.withApp { session in
        let app = try #require(session.clients.first)
        #expect(Self.maps(app.pid, "libcairo"), "the maps cannot be read")
        #expect(!Self.maps(app.pid, "libharfbuzz") && !Self.maps(app.pid, "libfribidi"))
      }
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with { session in
        let scene = session.runtimeDirectory.appendingPathComponent("arabic.json")
        try """
        {"name": "arabic", "size": [640, 400], "views": [
          {"id": "card", "frame": [100, 100, 300, 150], "shape": "rect", "fill": "#ff0000", "label": "مرحبا"}]}
        """.write(to: scene, atomically: true, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path], name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        // The first frame is drawn: the card's red is on screen.
        _ = try session.capture { PixelBox.bounding(CardScene.red, in: $0) != nil }
        #expect(Self.maps(client.pid, "libharfbuzz") && Self.maps(client.pid, "libfribidi"))
      }
    }
  }
}
