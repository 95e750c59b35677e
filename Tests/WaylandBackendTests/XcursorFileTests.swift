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

  @Test("a file that claims a vast image costs no more memory than the file holds")
  func vastImageClaim() throws {
    let themes = try ThemeFolder()
    // 30000 x 30000 pixels claimed (3.6 GB), 64 bytes of them there: the file of a 4 x 4
    // image with the image header's size changed.
    var vast = ThemeFolder.xcursor([(24, 4, 4, 0, 0)])
    for (offset, value) in [(16 + 12 + 16, 30000), (16 + 12 + 20, 30000)] {
      withUnsafeBytes(of: UInt32(value).littleEndian) { vast.replaceSubrange(offset..<offset + 4, with: $0) }
    }
    try themes.write("bad/vast", vast)
    let before = Self.peakResidentKiB()
    #expect(XcursorFile.load(themes.path("bad/vast"), size: 24) == nil)
    let grown = Self.peakResidentKiB() - before
    // Other tests run meanwhile; none adds a gibibyte to the process's peak.
    #expect(grown < 1024 * 1024, "peak RSS grew \(grown) KiB reading a 140-byte file")
  }

  @Test("a FIFO, a directory or a device in place of a cursor or index.theme is no cursor, not a hang")
  func notRegularFiles() throws {
    let themes = try ThemeFolder()
    try themes.write("fifo/index.theme", Data())
    for path in ["fifo/cursors/default", "other/index.theme"] {
      let url = URL(fileURLWithPath: themes.path(path))
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try #require(mkfifo(url.path, 0o600) == 0, "mkfifo \(path): errno \(errno)")
    }
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: themes.path("fifo/cursors/grab")), withIntermediateDirectories: true)
    let cursor = themes.path("fifo/cursors/default")
    let noCursor = Self.answer({ XcursorFile.load(cursor, size: 24) == nil }, unblocking: cursor)
    #expect(noCursor == true, "a FIFO cursor file: \(noCursor.map(String.init) ?? "blocked")")
    #expect(XcursorFile.load(themes.path("fifo/cursors/grab"), size: 24) == nil)
    #expect(XcursorFile.load("/dev/zero", size: 24) == nil)
    let index = themes.path("other/index.theme")
    let noIndex = Self.answer({ XcursorFile.inheritedThemes(of: index) == nil }, unblocking: index)
    #expect(noIndex == true, "a FIFO index.theme: \(noIndex.map(String.init) ?? "blocked")")
  }

  /// What `body` returns, run on a thread of its own; nil when it has not returned after 2 s
  /// (blocked opening `fifo`, which is then opened for writing to let it go), so that a
  /// blocking read fails the test instead of hanging it.
  static func answer(_ body: @escaping @Sendable () -> Bool, unblocking fifo: String) -> Bool? {
    final class Box: @unchecked Sendable { var value = false }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Thread {
      box.value = body()
      done.signal()
    }.start()
    if done.wait(timeout: .now() + 2) == .success { return box.value }
    let writer = open(fifo, O_WRONLY | O_NONBLOCK)
    if writer >= 0 { close(writer) }
    done.wait()
    return nil
  }

  /// This process's peak resident set so far, in KiB (`getrusage`).
  static func peakResidentKiB() -> Int {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
  }
}
