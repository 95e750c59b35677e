import GestureKit

@testable import Playground

/// Records every recognizer transition of a window as `"gesture-id state"` (discrete
/// recognitions read `recognized`), for transcript comparisons.
final class GestureTranscript: WindowObserver {
  private(set) var lines: [String] = []

  /// Starts recording `harness`'s window.
  init(_ harness: SceneHarness) {
    harness.window.observer = self
  }

  func window(_ window: Window, didDeliver phase: TouchPhase, touches: [Touch], to view: View) {}

  func window(_ window: Window, recognizer: GestureRecognizer, didEnter state: GestureRecognizer.State) {
    let name = recognizer.isDiscrete && state == .ended ? "recognized" : "\(state)"
    lines.append("\(recognizer.name ?? "?") \(name)")
  }
}

/// True when `a` and `b` are within `tolerance` of each other on both axes.
func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// True when `a` and `b` are within `tolerance` of each other.
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
  abs(a - b) <= tolerance
}
