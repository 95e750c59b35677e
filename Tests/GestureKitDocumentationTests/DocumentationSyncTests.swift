import Foundation
import Testing

/// Checks that every Swift code sample in README.md and GestureKit.docc is among this folder's
/// sources, line for line (leading spaces, blank lines and `import` lines aside), so that the
/// samples the documents show are the ones DocumentationSamplesTests compiles and runs.
@Suite("Documentation samples are the tested ones")
struct DocumentationSyncTests {
  private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  private static let root = folder.deletingLastPathComponent().deletingLastPathComponent()

  /// The documents whose ```swift blocks are samples.
  private static func documents() throws -> [URL] {
    let catalog = root.appendingPathComponent("Sources/GestureKit/GestureKit.docc")
    let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
      .filter { $0.hasSuffix(".md") }.sorted().map { catalog.appendingPathComponent($0) }
    return [root.appendingPathComponent("README.md")] + articles
  }

  /// The lines that must match: trimmed, without blank lines and imports.
  private static func significant(_ lines: some Sequence<Substring>) -> [String] {
    lines.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
  }

  /// Every ```swift block of a Markdown text, as its lines.
  static func swiftBlocks(in text: String) -> [[Substring]] {
    var blocks: [[Substring]] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed.hasPrefix("```") {
        blocks.append(current!)
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test("every sample of README.md and GestureKit.docc is run by DocumentationSamplesTests")
  func everySampleIsTested() throws {
    let sources = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".swift") && $0 != "DocumentationSyncTests.swift" }
      .map { try String(contentsOf: Self.folder.appendingPathComponent($0), encoding: .utf8) }
      .map { Self.significant($0.split(separator: "\n")) }
    var checked = 0
    for document in try Self.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      for block in Self.swiftBlocks(in: text) {
        let lines = Self.significant(block)
        // A package manifest's dependency lines only make sense in a Package.swift.
        if lines.allSatisfy({ $0.hasPrefix(".package(") || $0.hasPrefix(".product(") }) { continue }
        let found = sources.contains { source in
          source.indices.contains { start in source[start...].starts(with: lines) }
        }
        #expect(
          found,
          "\(document.lastPathComponent): a sample not run by DocumentationSamplesTests: \(lines.first ?? "")"
        )
        checked += 1
      }
    }
    // README's sample and the articles' (two of them files of their own here).
    #expect(checked >= 10)
  }

  @Test("a changed line in a sample is noticed")
  func changedLineIsNoticed() {
    let blocks = Self.swiftBlocks(in: "text\n```swift\nlet a = 1\n  let b = 2\n```\n```\nnot swift\n```\n")
    #expect(blocks.map { Self.significant($0) } == [["let a = 1", "let b = 2"]])
    let source = Self.significant("func f() {\n    let a = 1\n\n    let b = 3\n}".split(separator: "\n"))
    #expect(!source.indices.contains { source[$0...].starts(with: ["let a = 1", "let b = 2"]) })
  }
}
