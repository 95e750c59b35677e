import GestureKit

@testable import Playground

/// Touch inputs for the recipe scene tests.
func touchDown(_ id: Int, _ x: Double, _ y: Double) -> TouchInput {
  TouchInput(kind: .down, id: id, location: Point(x: x, y: y))
}

/// A touch moving to `(x, y)`.
func touchMove(_ id: Int, _ x: Double, _ y: Double) -> TouchInput {
  TouchInput(kind: .motion, id: id, location: Point(x: x, y: y))
}

/// A touch lifting at `(x, y)`.
func touchUp(_ id: Int, _ x: Double, _ y: Double) -> TouchInput {
  TouchInput(kind: .up, id: id, location: Point(x: x, y: y))
}

extension SceneHarness {
  /// A one-finger tap at `(x, y)` from `t` to `t + 0.05`.
  func tap(at t: Double, _ x: Double, _ y: Double, id: Int = 0) {
    send(at: t, touchDown(id, x, y))
    send(at: t + 0.05, touchUp(id, x, y))
  }
}
