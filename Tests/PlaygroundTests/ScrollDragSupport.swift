import GestureKit

@testable import Playground

/// A 400-wide strip (clipping) whose 1000-wide shelf holds two items, `a` (window center 80, 80)
/// and `b` (230, 80), each with a `pullOut` pan and long press, in a 400x500 window. The shelf's
/// center x starts at 500 and may go down to -100.
let scrollDragScene = """
  {"name": "s", "size": [400, 500], "views": [
    {"id": "strip", "frame": [0, 0, 400, 160], "clips": true, "gestures": [
      {"id": "scroll", "kind": "pan", "scrollTypes": ["discrete", "continuous"],
       "behavior": "scrollStrip", "target": "shelf"}],
     "children": [{"id": "shelf", "frame": [0, 0, 1000, 160], "children": [
       {"id": "a", "frame": [20, 20, 120, 120], "gestures": [
         {"id": "a-pull", "kind": "pan", "behavior": "pullOut"},
         {"id": "a-press", "kind": "longPress", "behavior": "pullOut"}]},
       {"id": "b", "frame": [170, 20, 120, 120], "gestures": [
         {"id": "b-pull", "kind": "pan", "behavior": "pullOut"},
         {"id": "b-press", "kind": "longPress", "behavior": "pullOut"}]}]}]}]}
  """

extension SceneHarness {
  /// One finger from `from` to `to` in `steps` moves 16 ms apart starting at `t`, lifted 16 ms
  /// after the last move (or left down).
  func drag(
    at t: Double, id: Int = 0, from: (Double, Double), to: (Double, Double), steps: Int = 8, lift: Bool = true
  ) {
    send(at: t, touchDown(id, from.0, from.1))
    for k in 1...steps {
      let f = Double(k) / Double(steps)
      send(
        at: t + 0.016 * Double(k),
        touchMove(id, from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f))
    }
    if lift { send(at: t + 0.016 * Double(steps + 1), touchUp(id, to.0, to.1)) }
  }

  /// The identifier of the superview of the scene view `id`; `"top"` for a top-level view of
  /// the scene (a subview of the window's root view).
  func parent(of id: String) -> String? {
    let superview = installed.views[id]!.superview
    return superview === window.rootView ? "top" : superview?.identifier
  }

  /// The center of the scene view `id` in window coordinates.
  func windowCenter(_ id: String) -> Point {
    let view = installed.views[id]!
    return view.superview!.convert(view.center, to: nil)
  }
}
