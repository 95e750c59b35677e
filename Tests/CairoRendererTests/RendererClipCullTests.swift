import CairoRenderer
import GestureKit
import Testing

/// A full repaint draws only what can show: views wholly outside the buffer, and a clipping
/// view's subviews wholly outside its box, are skipped before cairo (with 20,000 scenes, the
/// strip's tabs off its sides took 150 ms a scene switch to lay out, all cut away).
@Suite("Renderer: culling by the buffer and by clipping views")
struct RendererClipCullTests {
  /// A view that counts its draws.
  private final class Counted: View, CustomDrawing {
    var draws = 0
    func draw(in context: DrawingContext) { draws += 1 }
  }

  @Test("subviews outside a clipping view, or outside the buffer, are not drawn; those partly in are")
  func clippedAndOffBuffer() {
    let window = Window(size: Size(width: 200, height: 100), clock: VirtualClock())
    let strip = View(frame: Rect(x: 20, y: 10, width: 100, height: 40))
    strip.clipsToBounds = true
    let track = View(frame: Rect(x: -50, y: 0, width: 10_000, height: 40))
    strip.addSubview(track)
    window.rootView.addSubview(strip)
    // In the track's coordinates, the strip shows 50 ... 150.
    let left = Counted(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    let straddling = Counted(frame: Rect(x: 40, y: 0, width: 20, height: 40))
    let inside = Counted(frame: Rect(x: 80, y: 5, width: 20, height: 20))
    let right = Counted(frame: Rect(x: 160, y: 0, width: 40, height: 40))
    let far = Counted(frame: Rect(x: 9_000, y: 0, width: 40, height: 40))
    for view in [left, straddling, inside, right, far] { track.addSubview(view) }
    // Not clipped, but off the buffer (and one half on it).
    let below = Counted(frame: Rect(x: 10, y: 120, width: 30, height: 30))
    let edge = Counted(frame: Rect(x: 190, y: 90, width: 30, height: 30))
    window.rootView.addSubview(below)
    window.rootView.addSubview(edge)
    let image = Image(width: 400, height: 200)
    Renderer().render(window, background: .black, into: image.buffer, scale: 2)
    #expect(left.draws == 0 && right.draws == 0 && far.draws == 0 && below.draws == 0)
    #expect(straddling.draws == 1 && inside.draws == 1 && edge.draws == 1)
  }

  @Test("a turned clipping view culls by its box as turned: its corner's subview is drawn, a far one not")
  func turnedClip() {
    let window = Window(size: Size(width: 200, height: 200), clock: VirtualClock())
    let clip = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    clip.clipsToBounds = true
    clip.transform = AffineTransform(rotationAngle: .pi / 4)
    let corner = Counted(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let outside = Counted(frame: Rect(x: -300, y: 40, width: 10, height: 10))
    clip.addSubview(corner)
    clip.addSubview(outside)
    window.rootView.addSubview(clip)
    let image = Image(width: 200, height: 200)
    Renderer().render(window, background: .black, into: image.buffer, scale: 1)
    #expect(corner.draws == 1 && outside.draws == 0)
  }
}
