import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// `run --scene PATH --watch` on Weston: saves of the scene file, written elsewhere and
  /// renamed over it as editors do or written in place, are shown within a fraction of a
  /// second; a save that fails to load keeps the scene and shows its error in a red banner
  /// across the top, which the next good save removes; so does the file deleted, and an
  /// image it names that is not made yet, until it is.
  @Suite("Watched scene file")
  struct WatchEndToEndTests {
    static let green = RGBA8(r: 0, g: 0xff, b: 0)
    static let blue = RGBA8(r: 0, g: 0, b: 0xff)
    static let magenta = RGBA8(r: 0xff, g: 0, b: 0xff)
    static let banner = RGBA8(r: 184, g: 28, b: 28)

    /// A 400x300 scene with one box of `fill` at `frame`.
    static func scene(fill: String, frame: String) -> String {
      """
      {"name": "watched", "title": "Watched", "size": [400, 300], "background": "#202020",
       "views": [{"id": "box", "frame": \(frame), "fill": "\(fill)"}]}
      """
    }

    /// Whether `image` shows the banner's red along its top rows.
    static func showsBanner(_ image: Image) -> Bool {
      PixelBox.bounding(banner, tolerance: 12, in: image).map { $0.minY <= 2 && $0.maxX - $0.minX > 200 }
        == true
    }

    @Test(
      "Edits show up, a broken save or the file deleted shows a banner and keeps the scene, the next good save removes it"
    )
    func liveEditing() throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: 800, height: 600) { session in
        let path = session.runtimeDirectory.appendingPathComponent("watched.scene.json").path
        try Self.scene(fill: "#00ff00", frame: "[50, 50, 100, 80]").write(
          toFile: path, atomically: false, encoding: .utf8)
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", path, "--watch"], name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        let first = try session.capture { PixelBox.bounding(Self.green, in: $0) != nil }
        let green = try #require(PixelBox.bounding(Self.green, in: first))

        // A colour and a frame changed, saved through a temporary file renamed over the scene.
        try Self.scene(fill: "#0000ff", frame: "[200, 150, 120, 90]").write(
          toFile: path, atomically: true, encoding: .utf8)
        let edited = try session.capture { PixelBox.bounding(Self.blue, in: $0) != nil }
        let blue = try #require(PixelBox.bounding(Self.blue, in: edited), "the edit is not shown")
        #expect(PixelBox.bounding(Self.green, in: edited) == nil, "the old box is still shown")
        // 1.2 times as wide, and further right and down.
        let ratio = Double(blue.maxX - blue.minX + 1) / Double(green.maxX - green.minX + 1)
        #expect(abs(ratio - 1.2) < 0.03, "width ratio \(ratio): \(green) -> \(blue)")
        #expect(blue.minX > green.minX && blue.minY > green.minY, "\(green) -> \(blue)")

        // A broken save: the scene stays, the banner says why, the app goes on.
        try #"{"name": "watched", "size": [400, 300], "views": ["#.write(
          toFile: path, atomically: true, encoding: .utf8)
        let broken = try session.capture { Self.showsBanner($0) }
        #expect(Self.showsBanner(broken), "no banner")
        #expect(PixelBox.bounding(Self.blue, in: broken) == blue, "the last good scene is not shown")
        #expect(client.isRunning, "the app is gone: \(client.status)")

        // The next good save, in place: the banner goes.
        try Self.scene(fill: "#ff00ff", frame: "[50, 50, 100, 80]").write(
          toFile: path, atomically: false, encoding: .utf8)
        let fixed = try session.capture {
          !Self.showsBanner($0) && PixelBox.bounding(Self.magenta, in: $0) != nil
        }
        #expect(!Self.showsBanner(fixed), "the banner stayed")
        #expect(
          PixelBox.bounding(Self.magenta, in: fixed) == green,
          "the fixed scene is not shown where it should be")
        #expect(client.isRunning, "the app is gone: \(client.status)")

        // The file deleted: the scene stays and the banner says the file is gone, until the
        // file is saved again.
        try FileManager.default.removeItem(atPath: path)
        let deleted = try session.capture { Self.showsBanner($0) }
        #expect(Self.showsBanner(deleted), "no banner for the deleted file")
        #expect(PixelBox.bounding(Self.magenta, in: deleted) == green, "the last good scene is not shown")
        let said = (try? WaylandDebugLog.text(of: client.logURL)) ?? ""
        #expect(
          said.contains("watched.scene.json: cannot read the file: No such file or directory"),
          "standard error: \(said)")
        try Self.scene(fill: "#0000ff", frame: "[200, 150, 120, 90]").write(
          toFile: path, atomically: true, encoding: .utf8)
        let saved = try session.capture {
          !Self.showsBanner($0) && PixelBox.bounding(Self.blue, in: $0) != nil
        }
        #expect(!Self.showsBanner(saved), "the banner stayed after the file came back")
        #expect(PixelBox.bounding(Self.blue, in: saved) == blue, "the saved scene is not shown")
        #expect(client.isRunning, "the app is gone: \(client.status)")

        // A save that names an image not made yet: the banner, until the image is saved.
        let picture = session.runtimeDirectory.appendingPathComponent("picture.png").path
        try """
        {"name": "watched", "title": "Watched", "size": [400, 300], "background": "#202020",
         "views": [{"id": "box", "frame": [50, 50, 100, 80], "shape": "image", "image": "picture.png"}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let missing = try session.capture { Self.showsBanner($0) }
        #expect(Self.showsBanner(missing), "no banner for the missing image")
        try Self.solidImage(Self.green, width: 100, height: 80).writePNG(to: picture)
        let made = try session.capture {
          !Self.showsBanner($0) && PixelBox.bounding(Self.green, in: $0) != nil
        }
        #expect(!Self.showsBanner(made), "the banner stayed after the image was saved")
        // Where the first box was, give or take its edges' resampling.
        let shown = try #require(PixelBox.bounding(Self.green, in: made), "the image is not shown")
        let edges = [
          shown.minX - green.minX, shown.minY - green.minY, shown.maxX - green.maxX, shown.maxY - green.maxY,
        ]
        #expect(edges.allSatisfy { abs($0) <= 2 }, "the image at \(shown), the box was at \(green)")
        #expect(client.isRunning, "the app is gone: \(client.status)")
      }
    }

    /// A `width` x `height` image all of opaque `colour`.
    static func solidImage(_ colour: RGBA8, width: Int, height: Int) -> Image {
      let image = Image(width: width, height: height)
      let buffer = image.buffer
      // ARGB32, opaque: alpha in the top byte.
      let word = 0xff00_0000 | UInt32(colour.r) << 16 | UInt32(colour.g) << 8 | UInt32(colour.b)
      for y in 0..<height {
        let row = (buffer.data + y * buffer.stride).bindMemory(to: UInt32.self, capacity: width)
        row.update(repeating: word, count: width)
      }
      return image
    }
  }
}
