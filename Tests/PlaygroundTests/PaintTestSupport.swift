import GestureKit

/// A 400x300 scene that is one paint canvas (fill #21252b) on black, for the paint tests.
let paintCanvasScene = """
  {"name": "p", "size": [400, 300], "background": "#000000", "views": [
    {"id": "canvas", "frame": [0, 0, 400, 300], "fill": "#21252b", "touchHandler": "paint"}]}
  """

/// An input of tablet tool 0's tip (a `pencil` touch) at (`x`, `y`) with `state`.
func penInput(_ kind: TouchInput.Kind, _ x: Double, _ y: Double, _ state: PenState) -> TouchInput {
  TouchInput(
    kind: kind, id: TouchInput.pencilID(tool: 0), location: Point(x: x, y: y), type: .pencil, pen: state)
}
