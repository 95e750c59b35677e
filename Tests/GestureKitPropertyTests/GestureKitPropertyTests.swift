import Foundation
import GestureKit
import Playground
import TestSupport
import Testing

/// Settings from the environment: `GP_PROPERTY_CASES` (how many random cases; `make soak`
/// sets a large number) and `GP_PROPERTY_SEED` (the first case's seed; fixed by default, so
/// every run tries the same cases).
enum PropertySettings {
  static let defaultCases = 2000
  static let defaultSeed: UInt64 = 0x6E57_0A1E

  static var cases: Int {
    ProcessInfo.processInfo.environment["GP_PROPERTY_CASES"].flatMap { Int($0) } ?? defaultCases
  }

  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["GP_PROPERTY_SEED"].flatMap { UInt64($0) } ?? defaultSeed
  }

  /// The seed of case `index` of a run from `seed`.
  static func caseSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
    var rng = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
    return rng.next()
  }
}

/// What a shrunk failure left on disk.
struct ShrunkFailure {
  var testCase: PropertyCase
  var violation: Violation
  var directory: String
  /// The violation seen when the files themselves are replayed (nil: it did not show).
  var replayedViolation: Violation?
}

/// Shrinks a failing case and writes it as `scene.json`, `trace.jsonl` and `NOTES.txt`
/// into a new folder under the temporary directory, then replays the files to see whether
/// they reproduce the failure.
func shrinkAndWrite(
  _ testCase: PropertyCase, runner: CaseRunner, label: String, budget: Int = 3000
) -> ShrunkFailure? {
  guard let original = runner.run(testCase) else { return nil }
  // A candidate counts only if it breaks the same kind of invariant (its text up to the first
  // number-free words), so shrinking does not wander off to another failure.
  let shrinker = Shrinker<PropertyCase>(
    candidates: CaseShrinking.candidates(of:),
    fails: { candidate in runner.run(candidate).map { sameKind($0, original) } ?? false },
    budget: budget)
  let shrunk = shrinker.shrink(testCase).value
  let violation = runner.run(shrunk) ?? original
  let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
  let directory = "\(base)/gesturekit-property-\(label)-\(ProcessInfo.processInfo.processIdentifier)"
  let scenePath = directory + "/scene.json"
  let tracePath = directory + "/trace.jsonl"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  try? CaseFiles.sceneJSON(shrunk.scene).write(toFile: scenePath, atomically: true, encoding: .utf8)
  try? CaseFiles.traceText(of: shrunk.steps).write(toFile: tracePath, atomically: true, encoding: .utf8)
  var replayed: Violation?
  if let scene = try? Scene(contentsOfFile: scenePath), let trace = try? Trace(contentsOfFile: tracePath) {
    replayed = runner.run(scene: scene, trace: trace)
  }
  let notes =
    """
    \(label): \(violation)
    replay: gesture-playground replay --scene \(scenePath) --trace \(tracePath)
    the files alone reproduce it: \(replayed.map { "yes (\($0))" } ?? "no")
    extras the files cannot carry (apply them by hand):
    \(shrunk.extras.isEmpty ? "  none" : shrunk.extras.map { "  " + $0 }.joined(separator: "\n"))

    """
  try? notes.write(toFile: directory + "/NOTES.txt", atomically: true, encoding: .utf8)
  return ShrunkFailure(
    testCase: shrunk, violation: violation, directory: directory, replayedViolation: replayed)
}

/// True when two violations break the same invariant (the same message with digits ignored).
func sameKind(_ a: Violation, _ b: Violation) -> Bool {
  func shape(_ message: String) -> String {
    let words = message.split(separator: " ").prefix(4).joined(separator: " ")
    return String(words.filter { !$0.isNumber })
  }
  return shape(a.message) == shape(b.message)
}

@Suite struct GestureKitPropertyTests {
  /// Random scenes and input streams; invariants after every event; a failure is shrunk and
  /// written as a scene and a trace that `gesture-playground replay` plays.
  @Test func invariantsHoldForRandomScenesAndInput() {
    let runner = CaseRunner(catalog: CaseRunner.cachedBundledCatalog())
    let seed = PropertySettings.seed
    let cases = PropertySettings.cases
    for index in 0..<cases {
      let caseSeed = PropertySettings.caseSeed(seed, index)
      var generator = CaseGenerator(seed: caseSeed)
      let testCase = generator.makeCase()
      guard runner.run(testCase) != nil else { continue }
      let failure = shrinkAndWrite(testCase, runner: runner, label: "seed\(seed)-case\(index)")
      Issue.record(
        """
        GestureKit invariant broken in case \(index) of GP_PROPERTY_SEED=\(seed) \
        (\(testCase.steps.count) steps, shrunk to \(failure?.testCase.steps.count ?? -1) steps and \
        \(failure?.testCase.scene.allViews.count ?? -1) views): \(failure.map { "\($0.violation)" } ?? "?")
        files: \(failure?.directory ?? "?") (NOTES.txt says how to replay them)
        """)
      return
    }
  }

  /// The shrinker on a synthetic property: "fails" when the steps hold a down and later an up
  /// of touch 3 and the scene has a view; shrinks to exactly those two steps and one view.
  @Test func shrinkerFindsTheSmallestCaseOfASyntheticProperty() {
    func fails(_ testCase: PropertyCase) -> Bool {
      guard !testCase.scene.allViews.isEmpty,
        let down = testCase.steps.firstIndex(where: {
          if case .seat(.touchDown(3, _)) = $0.action { return true }
          return false
        })
      else { return false }
      return testCase.steps[(down + 1)...].contains { $0.action == .seat(.touchUp(id: 3)) }
    }
    var found: PropertyCase?
    for index in 0..<200 {
      var generator = CaseGenerator(seed: PropertySettings.caseSeed(7, index))
      let candidate = generator.makeCase()
      if fails(candidate) && candidate.steps.count > 40 && candidate.scene.allViews.count > 2 {
        found = candidate
        break
      }
    }
    let start = try! #require(found)
    let shrunk = Shrinker(candidates: CaseShrinking.candidates(of:), fails: fails).shrink(start).value
    #expect(fails(shrunk))
    #expect(shrunk.steps.count == 2)
    #expect(shrunk.scene.allViews.count == 1)
    #expect(shrunk.scene.allGestures.isEmpty)
  }

  /// The whole pipeline with a deliberately broken invariant ("no tap is ever recognized"):
  /// a random case that breaks it shrinks to a few steps, and the scene and trace written
  /// for it reproduce the violation when loaded and replayed from disk.
  @Test func brokenInvariantShrinksToAReplayableTrace() throws {
    var runner = CaseRunner(catalog: CaseRunner.cachedBundledCatalog())
    runner.extraInvariant = { recognizer, state in
      recognizer is TapGestureRecognizer && recognizer.name?.hasPrefix("g") == true && state == .ended
        ? "deliberately broken: a tap was recognized" : nil
    }
    var failing: PropertyCase?
    for index in 0..<400 {
      var generator = CaseGenerator(seed: PropertySettings.caseSeed(11, index))
      let candidate = generator.makeCase()
      if candidate.steps.count > 30, runner.run(candidate)?.message.hasPrefix("deliberately") == true {
        failing = candidate
        break
      }
    }
    let testCase = try #require(failing)
    let failure = try #require(shrinkAndWrite(testCase, runner: runner, label: "selftest"))
    #expect(failure.violation.message.hasPrefix("deliberately broken"))
    #expect(failure.testCase.steps.count <= 4, "shrunk to \(failure.testCase.steps)")
    #expect(failure.testCase.scene.allGestures.count == 1)
    #expect(failure.replayedViolation?.message.hasPrefix("deliberately broken") == true)
    let notes = try String(contentsOfFile: failure.directory + "/NOTES.txt", encoding: .utf8)
    #expect(notes.contains("gesture-playground replay --scene"))
    try? FileManager.default.removeItem(atPath: failure.directory)
  }
}
