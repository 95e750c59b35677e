import Foundation
import Testing

@testable import WaylandBackend

/// Cursor themes written into a temporary directory: `child` inherits `parent`, which has
/// `left_ptr` with images of nominal sizes 24 and 48.
private final class ThemeFolder {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcursor-\(UUID().uuidString)")

  init() throws {
    try write("child/index.theme", Data("[Icon Theme]\nName=child\nInherits = parent;other\n".utf8))
    try write("parent/cursors/left_ptr", Self.xcursor([(24, 2, 3, 1, 2), (48, 4, 4, 3, 1)]))
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// Writes `data` at `path` under the root, making its directories.
  func write(_ path: String, _ data: Data) throws {
    let url = root.appendingPathComponent(path)
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try data.write(to: url)
  }

  /// The path of `path` under the root.
  func path(_ path: String) -> String { root.appendingPathComponent(path).path }

  /// An Xcursor file with one image per (nominal size, width, height, hotspot x, hotspot y);
  /// pixel i of an image is `nominal << 16 | i`.
  static func xcursor(_ images: [(Int, Int, Int, Int, Int)]) -> Data {
    var data = Data()
    func put(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
    put(0x7275_6358)
    put(16)
    put(0x1_0000)
    put(images.count)
    var position = 16 + 12 * images.count
    for image in images {
      put(0xfffd_0002)
      put(image.0)
      put(position)
      position += 36 + 4 * image.1 * image.2
    }
    for (nominal, width, height, hotX, hotY) in images {
      for value in [36, 0xfffd_0002, nominal, 1, width, height, hotX, hotY, 0] { put(value) }
      for index in 0..<width * height { put(nominal << 16 | index) }
    }
    return data
  }
}

@Suite("Xcursor files")
struct XcursorFileTests {
  @Test("a cursor missing from a theme is found in the theme it inherits")
  func findsThroughInherits() throws {
    let themes = try ThemeFolder()
    let found = XcursorFile.find("left_ptr", theme: "child", path: [themes.path("")])
    #expect(found == themes.path("parent/cursors/left_ptr"))
    #expect(XcursorFile.find("grabbing", theme: "child", path: [themes.path("")]) == nil)
    #expect(XcursorFile.find("left_ptr", theme: "../parent", path: [themes.path("")]) == nil)
  }

  @Test("the image of the nominal size closest to the one asked for is read whole")
  func loadsClosestSize() throws {
    let themes = try ThemeFolder()
    let file = themes.path("parent/cursors/left_ptr")
    let small = try #require(XcursorFile.load(file, size: 30))
    #expect((small.width, small.height, small.hotspotX, small.hotspotY) == (2, 3, 1, 2))
    #expect(small.pixels == (0..<6).map { UInt32(24 << 16 | $0) })
    let large = try #require(XcursorFile.load(file, size: 40))
    #expect((large.width, large.height, large.hotspotX, large.hotspotY) == (4, 4, 3, 1))
    #expect(large.pixels.last == UInt32(48 << 16 | 15))
  }

  @Test("a truncated, foreign or absurd file is no cursor, not a crash")
  func rejectsBadFiles() throws {
    let themes = try ThemeFolder()
    let good = ThemeFolder.xcursor([(24, 2, 3, 1, 2)])
    let cases: [(String, Data)] = [
      ("empty", Data()),
      ("truncated header", good.prefix(10)),
      ("truncated table", good.prefix(20)),
      ("truncated pixels", good.prefix(good.count - 1)),
      ("not an Xcursor file", Data("PNG and more bytes than a header".utf8)),
      ("huge image", ThemeFolder.xcursor([(24, 0x10000, 1, 0, 0)]).prefix(16 + 12 + 36)),
      ("hotspot outside", ThemeFolder.xcursor([(24, 2, 2, 5, 0)])),
      ("zero size", ThemeFolder.xcursor([(24, 0, 0, 0, 0)])),
    ]
    for (name, data) in cases {
      try themes.write("bad/\(name)", data)
      #expect(XcursorFile.load(themes.path("bad/\(name)"), size: 24) == nil, "\(name)")
    }
    #expect(XcursorFile.load(themes.path("bad/missing"), size: 24) == nil)
  }
}
