import Foundation
import GestureKit
import Testing

@testable import Playground

/// `Fixtures/scenes/NAME.trace.jsonl` and `NAME.log.jsonl`: the showcase trace of the bundled
/// scene NAME (what `make snapshots` replays for the README's picture) and its expected log.
private func showcase(_ name: String, _ suffix: String) throws -> String {
  guard let folder = Bundle.module.path(forResource: "Fixtures", ofType: nil) else {
    throw TraceTestFailure("the Fixtures folder is not in the test bundle")
  }
  return folder + "/scenes/" + name + suffix
}

/// The names of the bundled scenes.
private let bundledNames = SceneLibrary.bundledScenes().map(\.name)

@Suite("Scene gallery")
struct SceneGalleryTests {
  @Test("there are bundled scenes, cards among them")
  func scenesExist() {
    #expect(bundledNames.contains("cards"))
  }

  @Test("every bundled scene has a showcase trace and its expected log", arguments: bundledNames)
  func showcaseExists(name: String) throws {
    #expect(FileManager.default.fileExists(atPath: try showcase(name, ".trace.jsonl")))
    #expect(FileManager.default.fileExists(atPath: try showcase(name, ".log.jsonl")))
  }

  @Test("every bundled scene's showcase trace replays to exactly its expected log", arguments: bundledNames)
  func showcaseReplays(name: String) throws {
    let tracePath = try showcase(name, ".trace.jsonl")
    let logPath = try showcase(name, ".log.jsonl")
    guard FileManager.default.fileExists(atPath: tracePath), FileManager.default.fileExists(atPath: logPath)
    else { return }  // reported by showcaseExists
    // As `gesture-playground check` replays a case, with the bundled scene by name.
    let checkCase = CheckCase(name: name, scene: name, trace: tracePath, log: logPath)
    let outcome = SceneCheck.run(checkCase, update: false)
    #expect(outcome.passed, "\(outcome.line(for: checkCase))")
  }
}
