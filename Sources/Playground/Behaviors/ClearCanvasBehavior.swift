import GestureKit

/// The `clear` behaviour: a recognized tap wipes the strokes of the target paint canvas
/// (a view with `"content": "paint"`).
final class ClearCanvasBehavior {
  private weak var canvas: PaintCanvasView?

  /// A behaviour clearing `canvas`.
  init(canvas: PaintCanvasView) {
    self.canvas = canvas
  }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    if recognizer.state == .ended { canvas?.clear() }
  }
}
