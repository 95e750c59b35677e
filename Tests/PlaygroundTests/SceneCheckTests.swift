import Foundation
import TestSupport
import Testing

@testable import Playground

/// `gesture-playground check` (SceneCheck.swift) on cases made in a temporary folder: found
/// by name, written by `--update`, then matching; a changed, a shorter and a longer expected
/// log each fail at their first differing line; a missing log, a rejected scene and a
/// rejected trace each fail in one line.
@Suite("Scene check")
struct SceneCheckTests {
  /// A folder with case `drag` (the cards fixture and its touch drag) and a stray scene
  /// without a trace.
  static func folder() throws -> String {
    let fixtures = try #require(Bundle.module.path(forResource: "Fixtures", ofType: nil))
    let folder = temporaryDirectory()
    for (from, to) in [
      ("cards.scene.json", "drag.scene.json"), ("touch-drag.trace.jsonl", "drag.trace.jsonl"),
    ] {
      try FileManager.default.copyItem(atPath: fixtures + "/" + from, toPath: folder + "/" + to)
    }
    try FileManager.default.copyItem(
      atPath: fixtures + "/cards.scene.json", toPath: folder + "/alone.scene.json")
    return folder
  }

  @Test("cases are the scenes with a trace; --update writes the log, which then matches")
  func updateThenMatch() throws {
    let folder = try Self.folder()
    let cases = try #require(SceneCheck.cases(in: folder))
    #expect(cases.map(\.name) == ["drag"])
    let drag = cases[0]
    #expect(SceneCheck.run(drag, update: false) == .missingLog)
    #expect(SceneCheck.run(drag, update: true) == .updated(lines: 8))
    #expect(SceneCheck.run(drag, update: false) == .matched(lines: 8))
    #expect(SceneCheck.run(drag, update: false).line(for: drag) == "ok drag (8 lines)")
    #expect(!FileManager.default.fileExists(atPath: drag.log + ".new"), "no temporary file left")
  }

  @Test("a changed, a shorter and a longer expected log fail at their first differing line")
  func differences() throws {
    let folder = try Self.folder()
    let drag = try #require(SceneCheck.cases(in: folder)?.first)
    _ = SceneCheck.run(drag, update: true)
    let lines = try String(contentsOfFile: drag.log, encoding: .utf8).split(separator: "\n").map(String.init)
    func expect(_ written: [String], _ outcome: CheckOutcome) throws {
      try (written.joined(separator: "\n") + "\n").write(toFile: drag.log, atomically: true, encoding: .utf8)
      #expect(SceneCheck.run(drag, update: false) == outcome)
    }
    var changed = lines
    changed[2] = "{}"
    try expect(changed, .differs(line: 3, expected: "{}", actual: lines[2]))
    try expect(Array(lines.prefix(5)), .differs(line: 6, expected: nil, actual: lines[5]))
    try expect(lines + ["{\"extra\":1}"], .differs(line: 9, expected: "{\"extra\":1}", actual: nil))
    let outcome = CheckOutcome.differs(line: 6, expected: nil, actual: "x")
    #expect(outcome.line(for: drag) == "FAIL drag: line 6 differs: expected (the end) but got x")
    #expect(!outcome.passed)
  }

  @Test("a rejected scene or trace fails in one line naming the file")
  func rejected() throws {
    let folder = try Self.folder()
    let drag = try #require(SceneCheck.cases(in: folder)?.first)
    try "{\"t\": 0, \"type\": \"touch.dwn\"}\n".write(toFile: drag.trace, atomically: true, encoding: .utf8)
    let trace = SceneCheck.run(drag, update: true)
    #expect(trace.line(for: drag).hasPrefix("FAIL drag: \(drag.trace):1: unknown type \"touch.dwn\""))
    try "{".write(toFile: drag.scene, atomically: true, encoding: .utf8)
    let scene = SceneCheck.run(drag, update: false)
    #expect(scene.line(for: drag).hasPrefix("FAIL drag: \(drag.scene):"))
    #expect(!FileManager.default.fileExists(atPath: drag.log), "nothing written for a rejected case")
  }
}
