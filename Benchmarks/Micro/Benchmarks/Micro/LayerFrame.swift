// The frames of a drag whose card is on a layer of its own (the app's `ViewLayer`): the
// window's pixels are left alone and the compositor moves the layer, so what the client does
// per frame is the motion, taking the damage, and checking that the card still qualifies
// for its layer (`Renderer.layerExtent`, which walks the views drawn after the card when the
// card leaves the room the last walk found).
import Benchmark
import CairoRenderer
import GestureKit

/// Registers the layer frame rows: one motion then the frame's work while the card is lifted
/// (the backend's `follow` step, less its two Wayland requests), for scenes of 10 to 10000
/// cards, with the dragged card on top of them or under all of them (the eligibility walk's
/// worst case: every card is drawn after it and must be checked for painting over it).
func layerFrameBenchmarks(configuration: Benchmark.Configuration) {
  for atBack in [false, true] {
    for count in [10, 100, 1000, 10000] {
      let place = atBack ? "under" : "over"
      Benchmark("Layer frame, card \(place) \(count) views", configuration: configuration) {
        benchmark, drag in
        for _ in benchmark.scaledIterations {
          drag.frame()
        }
      } setup: {
        LayerDrag(views: count, cardAtBack: atBack)
      }
    }
  }
}

/// A ``DragScene`` whose card is lifted: each ``frame()`` follows one motion, as the backend
/// does when the card's move is the frame's only change.
final class LayerDrag {
  let scene: DragScene
  let renderer = Renderer()
  /// The card's room as the last check left it (`Renderer.layerExtent(of:in:scale:room:)`).
  var room: Rect?

  init(views count: Int, cardAtBack: Bool) {
    scene = DragScene(views: count, cardAtBack: cardAtBack)
    precondition(renderer.layerExtent(of: scene.card, in: scene.window, scale: 1, room: &room) != nil)
  }

  /// One motion and the frame after it: the layer's new place, or a failure when the card
  /// stopped qualifying (which this scene never does).
  func frame() {
    scene.move()
    let window = scene.window
    guard window.changes.transformed.count == 1, window.changes.transformed[0] === scene.card,
      let extent = renderer.layerExtent(of: scene.card, in: window, scale: 1, room: &room)
    else { fatalError("the dragged card left its layer") }
    blackHole(extent)
    scene.takeDamage()
  }
}

/// Registers the layer picture rows: the dragged card of a ``FractionalDrag`` drawn alone into
/// its layer's buffer at each frame's new sub-pixel place (`Renderer.renderLayer`), at scale 1
/// and 1.25: what a frame costs when a layer is drawn again rather than moved.
func layerPictureBenchmarks(configuration: Benchmark.Configuration) {
  for scale in [1.0, 1.25] {
    Benchmark("Layer picture, card by fractional steps, scale \(scale)", configuration: configuration) {
      (benchmark: Benchmark, state: (FractionalDrag, Image, Renderer)) in
      let (drag, image, renderer) = state
      for _ in benchmark.scaledIterations {
        drag.move()
        guard let extent = renderer.layerExtent(of: drag.scene.card, in: drag.scene.window, scale: scale)
        else { fatalError("the dragged card left its layer") }
        renderer.renderLayer(
          of: drag.scene.card, in: drag.scene.window, into: image.buffer, origin: extent.origin, scale: scale)
      }
    } setup: {
      // A buffer as large as the card's extent grown by a grid step on each side.
      let drag = FractionalDrag(step: 1.37, overlay: false)
      let image = Image(width: Int((216 * scale).rounded(.up)), height: Int((166 * scale).rounded(.up)))
      return (drag, image, Renderer())
    }
  }
}
