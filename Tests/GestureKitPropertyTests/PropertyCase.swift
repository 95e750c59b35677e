import GestureKit
import TestSupport

/// A recognizer of a generated scene, as a scene file describes it.
struct GestureModel: Equatable {
  enum Kind: Equatable {
    case tap(taps: Int, touches: Int)
    case longPress(duration: Double, movement: Double, taps: Int, touches: Int)
    case pan(minTouches: Int, maxTouches: Int?, scrollTypes: [String])
    case screenEdgePan(edges: [String])
    case swipe(directions: [String], touches: Int)
    case pinch, rotation, hover, circle
  }

  var id: String
  var kind: Kind
  var enabled = true
  var cancelsTouchesInView = true
  var delaysTouchesBegan = false
  var delaysTouchesEnded = true
  var requireToFail: [String] = []
  var simultaneousWith: [String] = []
}

/// A view of a generated scene. `transform` has no scene-file key: it is applied by the test
/// after the scene is installed (an "extra" the trace cannot carry).
struct ViewModel: Equatable {
  var id: String
  var frame: Rect
  var alpha = 1.0
  var hidden = false
  var interactive = true
  var multipleTouch = false
  var exclusiveTouch = false
  var transform: AffineTransform?
  var gestures: [GestureModel] = []
  var children: [ViewModel] = []

  var allViews: [ViewModel] { [self] + children.flatMap(\.allViews) }
}

/// A generated scene: its size and top-level views.
struct SceneModel: Equatable {
  var size: Size
  var views: [ViewModel]

  var allViews: [ViewModel] { views.flatMap(\.allViews) }
  var allGestures: [GestureModel] { allViews.flatMap(\.gestures) }
}

/// One thing that happens during a case: a seat event (written to the trace), or a change the
/// app makes between events (an extra the trace cannot carry).
enum Action: Equatable {
  case seat(SeatEvent)
  /// Sets the recognizer's `isEnabled`.
  case setEnabled(gesture: String, Bool)
  /// Removes the view (and its subtree) from its superview.
  case removeView(String)
}

/// An action at a time in whole milliseconds (so that the trace's three decimals are exact).
struct Step: Equatable {
  var ms: Int
  var action: Action
}

/// A scene and what happens to it.
struct PropertyCase: Equatable {
  var scene: SceneModel
  var steps: [Step]

  /// True when everything of the case is in its scene and trace files.
  var isReplayExact: Bool {
    scene.allViews.allSatisfy { $0.transform == nil }
      && steps.allSatisfy {
        if case .seat(let event) = $0.action { return CaseFiles.isWritable(event) }
        return false
      }
  }

  /// What the scene and trace files cannot carry, one line each.
  var extras: [String] {
    var lines = scene.allViews.compactMap { view in
      view.transform.map { "view \(view.id): transform \($0)" }
    }
    for (index, step) in steps.enumerated() {
      switch step.action {
      case .seat(let event) where !CaseFiles.isWritable(event):
        lines.append("step \(index) at \(step.ms) ms: \(event) (not writable; the translator drops it)")
      case .setEnabled(let gesture, let enabled):
        lines.append("step \(index) at \(step.ms) ms: gesture \(gesture).isEnabled = \(enabled)")
      case .removeView(let view):
        lines.append("step \(index) at \(step.ms) ms: view \(view) removed from its superview")
      default:
        break
      }
    }
    return lines
  }
}
