import CairoRenderer
import GestureKit
import WaylandBackend

@testable import Playground

/// A scene installed in a window on a virtual clock, driven by input frames.
final class SceneHarness {
  let clock = VirtualClock()
  let window: Window
  let installed: InstalledScene

  /// Loads `json` (as `t.json`) and installs it in a window of the scene's size.
  init(_ json: String) throws {
    let scene = try Scene(json: json, fileName: "t.json")
    window = Window(size: scene.size, clock: clock)
    installed = scene.install(in: window)
  }

  /// Sends one frame at time `t`.
  func send(at t: Double, _ touches: TouchInput...) {
    clock.advance(to: t)
    window.send(InputFrame(timestamp: t, touches: touches))
  }

  /// The center of the scene view `id`.
  func center(_ id: String) -> Point {
    installed.views[id]!.center
  }

  /// The ids of the root view's subviews, back to front.
  var order: [String] {
    window.rootView.subviews.map { $0.identifier ?? "?" }
  }
}

/// Plays a finger held at `point` (window coordinates) from `start` to `end` in `replay`.
func holdFinger(_ replay: Replay, from start: Double, to end: Double, at point: Point) {
  replay.play(
    Trace(
      seatEvents: [
        (start, .touchDown(id: 1, location: point)), (start, .touchFrame),
        (end, .touchUp(id: 1)), (end, .touchFrame),
      ], source: "hold"))
}

/// Shorthand for points in tests.
func pt(_ x: Double, _ y: Double) -> Point {
  Point(x: x, y: y)
}

extension DamageTracker {
  /// Takes `window`'s changes and returns their damage merged as the app's frame loop merges
  /// it (a ``DamageRegion`` limited to the window).
  func takeMergedDamage(of window: Window) -> [Rect] {
    var region = DamageRegion(limit: Rect(origin: .zero, size: window.size))
    for rect in takeDamage(of: window) { region.add(rect) }
    return region.rects
  }
}
