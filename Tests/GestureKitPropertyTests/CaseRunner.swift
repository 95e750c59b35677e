import GestureKit

@testable import Playground

/// A broken invariant: where, and what.
struct Violation: Equatable, CustomStringConvertible {
  /// The index of the step after which it was seen (`steps.count` for the ending input).
  var step: Int
  var message: String

  var description: String { "after step \(step): \(message)" }
}

/// Plays cases through the same pipeline as `gesture-playground replay`: the scene file is
/// loaded by the scene loader and shown by a ``Replay`` (window, strip, picker, key
/// commands) on a virtual clock; every seat event goes through a `SeatInputTranslator` at
/// its time, after the clock fired the timers due by then. Invariants are checked after
/// every step and, once the ending input and the timers are done, at rest.
struct CaseRunner {
  /// The picker's scenes, loaded once (as `replay` uses the bundled ones).
  let catalog: SceneCatalog
  /// An extra invariant, to test the shrinker with a deliberately broken one.
  var extraInvariant: ((GestureRecognizer, GestureRecognizer.State) -> String?)?

  init(catalog: SceneCatalog) {
    self.catalog = catalog
  }

  /// The bundled scenes, each loaded once and then reused.
  static func cachedBundledCatalog() -> SceneCatalog {
    SceneCatalog(
      entries: SceneCatalog.bundled().entries.map { entry in
        let loaded = try? entry.load()
        return SceneCatalog.Entry(name: entry.name) { () throws(SceneError) in
          if let loaded { return loaded }
          return try entry.load()
        }
      })
  }

  /// Runs `testCase`; nil when every invariant held.
  func run(_ testCase: PropertyCase) -> Violation? {
    let scene: Scene
    do {
      scene = try Scene(json: CaseFiles.sceneJSON(testCase.scene), fileName: "scene.json")
    } catch {
      return Violation(step: -1, message: "the generated scene was rejected: \(error.description)")
    }
    var events: [(time: Double, action: Action)] = testCase.steps.map {
      (CaseFiles.seconds($0.ms), $0.action)
    }
    events += CaseFiles.ending(after: testCase.steps).map { ($0.time, .seat($0.event)) }
    return run(scene: scene, events: events, stepCount: testCase.steps.count) { installed in
      for view in testCase.scene.allViews {
        if let transform = view.transform { installed.views[view.id]?.transform = transform }
      }
    }
  }

  /// Runs a scene and a trace loaded from files, as `replay` does (no extras).
  func run(scene: Scene, trace: Trace) -> Violation? {
    let seat = trace.events.compactMap { entry -> (time: Double, action: Action)? in
      guard case .seat(let event) = entry.event else { return nil }
      return (entry.time, .seat(event))
    }
    return run(scene: scene, events: seat, stepCount: seat.count) { _ in }
  }

  private func run(
    scene: Scene, events: [(time: Double, action: Action)], stepCount: Int, setUp: (InstalledScene) -> Void
  ) -> Violation? {
    let replay = Replay(scene: scene, log: nil, catalog: catalog)
    let window = replay.window
    let checker = InvariantChecker(window: window)
    checker.extraInvariant = extraInvariant
    window.observer = checker
    setUp(replay.session.installed)
    checker.instrumentTree()
    for (index, (time, action)) in events.enumerated() {
      guard !replay.isStopped else { break }
      replay.clock.advance(to: time)
      switch action {
      case .seat(let event):
        replay.translator.handle(event, at: time)
      case .setEnabled(let gesture, let enabled):
        replay.session.installed.recognizers[gesture]?.isEnabled = enabled
      case .removeView(let view):
        replay.session.installed.views[view]?.removeFromSuperview()
      }
      checker.checkAfterEvent()
      if let message = checker.violation { return Violation(step: min(index, stepCount), message: message) }
    }
    if let end = events.last?.time {
      replay.translator.flush(at: end)
      replay.clock.advance(to: end)
    }
    checker.checkQuiescent()
    return checker.violation.map { Violation(step: stepCount, message: $0) }
  }
}
