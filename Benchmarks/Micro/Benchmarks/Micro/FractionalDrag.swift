// The card of a ``DragScene`` moved by fractions of a pixel, for the frame benchmarks.
import CairoRenderer
import GestureKit

/// A window-sized layer of custom drawing over the scene: with `drawsRing`, a ring where the
/// finger is, like the app's debug overlay (custom drawing across the whole window, drawn
/// again in every band a repair draws); without, nothing, like the app's always-present
/// two-finger marker while Alt is up.
final class FingerOverlay: View, CustomDrawing {
  var finger = Point.zero
  var drawsRing = true

  func draw(in context: DrawingContext) {
    guard drawsRing else { return }
    context.setColor(.white)
    context.setLineWidth(2)
    context.addCircle(center: finger, radius: 20)
    context.stroke()
  }
}

/// A ``DragScene`` whose card moves by fractional steps (`step` px right and a third of it
/// down per frame, back and forth), so that every frame draws it at a new sub-pixel position;
/// with `overlay`, a ``FingerOverlay`` follows it (`ring`: drawing a ring).
final class FractionalDrag {
  let scene = DragScene(views: 100)
  let overlay: FingerOverlay?
  let origin: Point
  let step: Double
  var frame = 0

  init(step: Double, overlay: Bool, ring: Bool = true) {
    self.step = step
    origin = scene.card.center
    if overlay {
      let view = FingerOverlay(
        frame: Rect(x: 0, y: 0, width: Double(frameWidth), height: Double(frameHeight)))
      view.drawsRing = ring
      scene.window.rootView.addSubview(view)
      self.overlay = view
    } else {
      self.overlay = nil
    }
    scene.takeDamage()
  }

  /// The next frame's card position, and its damage taken.
  func move() {
    frame += 1
    let distance = Double(abs(frame % 400 - 200)) * step
    scene.card.center = origin + Point(x: distance, y: distance / 3)
    if let overlay, overlay.drawsRing {
      // The ring's old and new boxes, as the app's overlay damages what it changes.
      for center in [overlay.finger, scene.card.center] {
        scene.window.setNeedsDisplay(in: Rect(x: center.x - 22, y: center.y - 22, width: 44, height: 44))
      }
      overlay.finger = scene.card.center
    }
    scene.takeDamage()
  }
}
