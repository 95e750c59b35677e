import CairoRenderer
import Foundation
import TestSupport
import Testing

@testable import Playground

#if canImport(Glibc)
  import Glibc
#endif

/// Files that would hang or bloat the program: FIFOs where a file is read whole or twice
/// are refused at once (a case of `check`, a scene, an image); an image shown by many views
/// is decoded once; an expected log with one enormous line is read in time linear in it; a
/// case name with a line break stays on its result line.
@Suite("Hostile files")
struct HostileFileTests {
  static let scene = """
    {"name": "h", "size": [200, 100], "views": [
      {"id": "c", "frame": [0, 0, 50, 50], "fill": "#ffffff"}]}
    """
  static let trace = #"{"t": 0, "type": "touch.down", "id": 0, "x": 25, "y": 25}"# + "\n"

  @Test("a check case with a FIFO for its scene, trace or log fails in one line, nothing waits")
  func checkCaseFIFOs() throws {
    let folder = temporaryDirectory()
    for (index, fifo) in ["scene.json", "trace.jsonl", "log.jsonl"].enumerated() {
      let name = "c\(index)"
      for file in ["scene.json", "trace.jsonl"] where file != fifo {
        try writeFile(folder + "/\(name).\(file)", file == "scene.json" ? Self.scene : Self.trace)
      }
      #expect(mkfifo(folder + "/\(name).\(fifo)", 0o600) == 0)
    }
    // The FIFO scene is not a case's scene file for `cases(in:)` only by its name.
    let cases = try #require(SceneCheck.cases(in: folder))
    #expect(cases.map(\.name) == ["c0", "c1", "c2"])
    for checkCase in cases {
      let outcome = SceneCheck.run(checkCase, update: false)
      guard case .failed(let message) = outcome else {
        Issue.record("\(checkCase.name): \(outcome)")
        continue
      }
      #expect(message.hasSuffix(": it is a FIFO, not a regular file (a case is made of files)"))
    }
  }

  @Test("a scene or an image that is a FIFO is refused at once")
  func sceneAndImageFIFOs() throws {
    let folder = temporaryDirectory()
    #expect(mkfifo(folder + "/scene.json", 0o600) == 0)
    #expect(throws: SceneError.self) { try Scene(contentsOfFile: folder + "/scene.json") }
    do {
      _ = try Scene(contentsOfFile: folder + "/scene.json")
    } catch {
      #expect(error.description.hasSuffix("cannot read the file: it is a FIFO, not a regular file"))
    }
    #expect(mkfifo(folder + "/p.png", 0o600) == 0)
    try writeFile(
      folder + "/image.json",
      #"{"name": "i", "size": [100, 100], "views": [{"id": "a", "frame": [0, 0, 10, 10], "shape": "image", "image": "p.png"}]}"#
    )
    do {
      _ = try Scene(contentsOfFile: folder + "/image.json")
      Issue.record("a FIFO image was read")
    } catch {
      #expect(error.description.contains("it is a FIFO, not a regular file (an image is read from a file)"))
    }
  }

  @Test("an image shown by many views is decoded once")
  func imageDecodedOnce() throws {
    let folder = temporaryDirectory()
    try Image(width: 300, height: 200).writePNG(to: folder + "/photo.png")
    let views = (0..<50).map {
      #"{"id": "v\#($0)", "frame": [\#($0), 0, 30, 20], "shape": "image", "image": "photo.png"}"#
    }
    try writeFile(
      folder + "/scene.json",
      #"{"name": "p", "size": [400, 300], "views": ["# + views.joined(separator: ",") + "]}")
    let scene = try Scene(contentsOfFile: folder + "/scene.json")
    let images = scene.views.compactMap(\.image)
    #expect(images.count == 50)
    #expect(images.allSatisfy { $0 === images[0] })
  }

  @Test("an error about a 120 KB path is a short line, the path cut in its middle")
  func longPaths() {
    let path = "/" + String(repeating: "d/", count: 60_000) + "scene.json"
    for description in [
      SceneError(file: path, location: .file, message: "cannot read the file: File name too long")
        .description,
      TraceError(file: path, location: .line(3), message: "bad").description,
    ] {
      #expect(description.count < 400, "\(description.count) characters")
      #expect(description.hasPrefix("/d/d/") && description.contains("characters)"))
      #expect(!description.contains("\n"))
    }
  }

  @Test("a case name with a line break stays on one result line")
  func caseNameOnOneLine() {
    let checkCase = CheckCase(name: "a\nb", scene: "s", trace: "t", log: "l")
    #expect(CheckOutcome.matched(lines: 3).line(for: checkCase) == #"ok a\nb (3 lines)"#)
  }
}
