import CairoRenderer
import GestureKit
import Testing
import WaylandBackend

/// A window and the drawing side's tracker of it. `take()` is a frame: the window's changes
/// since the last one, turned into damage as the app's frame loop does (merged in a
/// ``DamageRegion`` limited to the window).
final class TrackedScene {
  let window: Window
  let tracker = DamageTracker()
  let card: View
  let panel: View
  let chip: View

  /// A 400x300 window with, on the root view:
  /// - `card`: (100, 100, 50, 40);
  /// - `panel`: (200, 150, 100, 100) holding `chip` at (10, 10, 20, 20) in its coordinates,
  ///   so `chip` covers (210, 160, 20, 20) in the window.
  /// Its first frame is taken.
  init() {
    window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
    card = View(frame: Rect(x: 100, y: 100, width: 50, height: 40))
    panel = View(frame: Rect(x: 200, y: 150, width: 100, height: 100))
    chip = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    panel.addSubview(chip)
    window.rootView.addSubview(card)
    window.rootView.addSubview(panel)
    _ = take()
  }

  /// The damage of the changes since the last frame.
  func take() -> [Rect] {
    var region = DamageRegion(limit: Rect(origin: .zero, size: window.size))
    for rect in tracker.takeDamage(of: window) { region.add(rect) }
    return region.rects
  }
}

@Suite("Damage tracker")
struct DamageTrackerTests {
  @Test("a new window is damaged all over and needs display")
  func newWindow() {
    let window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
    let tracker = DamageTracker()
    #expect(window.needsDisplay)
    #expect(tracker.takeDamage(of: window) == [Rect(x: 0, y: 0, width: 400, height: 300)])
    #expect(!window.needsDisplay)
    #expect(tracker.takeDamage(of: window) == [])
  }

  @Test("moving a card far damages its old and its new box")
  func movingCardFar() {
    let scene = TrackedScene()
    scene.card.center = Point(x: 325, y: 50)
    #expect(scene.window.needsDisplay)
    #expect(
      scene.take() == [
        Rect(x: 100, y: 100, width: 50, height: 40), Rect(x: 300, y: 30, width: 50, height: 40),
      ])
  }

  @Test("a small move merges the overlapping old and new boxes, rounded out to whole pixels")
  func movingCardSlightly() {
    let scene = TrackedScene()
    scene.card.center = Point(x: 125.5, y: 122.25)
    #expect(scene.take() == [Rect(x: 100, y: 100, width: 51, height: 43)])
  }

  @Test("a labelled view damages its box only: its label stays inside its bounds")
  func labelInsideBounds() {
    let scene = TrackedScene()
    scene.card.style.label = "Ag"
    let box = Rect(x: 100, y: 100, width: 50, height: 40)
    #expect(scene.take() == [box])
    #expect(scene.card.drawnBounds == scene.card.bounds)
    scene.card.style.label = nil
    #expect(scene.take() == [box])
  }

  @Test("a rotated view damages the bounding box of its rotated bounds")
  func rotatedView() {
    let scene = TrackedScene()
    // 50x40 about (125, 120) turned 90°: 40x50 about the same centre.
    scene.card.transform = AffineTransform(rotationAngle: Double.pi / 2)
    #expect(
      scene.take() == [Rect(x: 100, y: 95, width: 50, height: 50)])
    scene.card.transform = AffineTransform(rotationAngle: Double.pi / 4)
    // Old 40x50 box, new box of the 45° turn: half-diagonal extent 63.6 each way.
    let extent = (50.0 + 40.0) / 2 / 2.squareRoot()
    let expected = Rect(x: 125 - extent, y: 120 - extent, width: 2 * extent, height: 2 * extent).roundedOut
    #expect(scene.take() == [expected.union(Rect(x: 105, y: 95, width: 40, height: 50))])
  }

  @Test("moving a parent damages its whole subtree, old and new")
  func subtreeMove() {
    let scene = TrackedScene()
    scene.panel.bounds.size = Size(width: 10, height: 10)  // the chip now sticks out
    _ = scene.take()
    // The panel is a 10x10 at (245, 195) and the chip sticks out to (275, 225); moving the
    // panel by (-200, -150) moves both.
    scene.panel.center = Point(x: 50, y: 50)
    #expect(
      scene.take() == [
        Rect(x: 245, y: 195, width: 30, height: 30), Rect(x: 45, y: 45, width: 30, height: 30),
      ])
  }

  @Test("a child of a clipping parent damages only what the parent shows")
  func clippedChild() {
    let scene = TrackedScene()
    scene.panel.clipsToBounds = true
    _ = scene.take()
    scene.chip.center = Point(x: 95, y: 50)  // half outside the panel's right edge
    #expect(
      scene.take() == [
        Rect(x: 210, y: 160, width: 20, height: 20), Rect(x: 285, y: 190, width: 15, height: 20),
      ])
  }

  @Test("a labelled child of a clipping parent damages what the parent lets through")
  func clippedLabelledChild() {
    let scene = TrackedScene()
    scene.panel.clipsToBounds = true
    scene.chip.style.label = "Ag"
    _ = scene.take()
    #expect(scene.panel.drawnBounds == scene.panel.bounds)
    scene.chip.center = Point(x: 95, y: 50)  // half outside the panel's right edge
    // The chip's boxes, clipped to the panel (200...300).
    #expect(
      scene.take() == [
        Rect(x: 210, y: 160, width: 20, height: 20), Rect(x: 285, y: 190, width: 15, height: 20),
      ])
  }

  @Test("bringing a view to the front damages its box only")
  func zOrder() {
    let scene = TrackedScene()
    scene.window.rootView.bringSubviewToFront(scene.card)
    #expect(scene.take() == [Rect(x: 100, y: 100, width: 50, height: 40)])
    scene.panel.sendSubviewToBack(scene.chip)
    #expect(scene.take() == [Rect(x: 210, y: 160, width: 20, height: 20)])
  }

  @Test("hiding and showing damage the box; changes under a hidden parent damage nothing")
  func hiddenToggles() {
    let scene = TrackedScene()
    scene.panel.isHidden = true
    #expect(scene.take() == [Rect(x: 200, y: 150, width: 100, height: 100)])
    scene.chip.center = Point(x: 0, y: 0)
    #expect(scene.window.needsDisplay)
    #expect(scene.take() == [])
    scene.panel.isHidden = false
    #expect(scene.take() == [Rect(x: 190, y: 140, width: 110, height: 110)])
    scene.card.alpha = 0
    #expect(scene.take() == [Rect(x: 100, y: 100, width: 50, height: 40)])
    scene.card.center = Point(x: 10, y: 10)
    #expect(scene.take() == [])
  }

  @Test("adding and removing a view damage where it is drawn")
  func addAndRemove() {
    let scene = TrackedScene()
    scene.chip.removeFromSuperview()
    #expect(scene.take() == [Rect(x: 210, y: 160, width: 20, height: 20)])
    scene.window.rootView.addSubview(scene.chip)
    #expect(scene.take() == [Rect(x: 10, y: 10, width: 20, height: 20)])
    scene.panel.addSubview(scene.chip)  // moves it: old place and new place
    #expect(
      scene.take() == [
        Rect(x: 10, y: 10, width: 20, height: 20), Rect(x: 210, y: 160, width: 20, height: 20),
      ])
  }

  @Test("style changes and custom content damage the view's box; a detached view nothing")
  func styleAndCustomContent() {
    let scene = TrackedScene()
    scene.card.style.fill = .white
    #expect(scene.take() == [Rect(x: 100, y: 100, width: 50, height: 40)])
    scene.chip.setNeedsDisplay()
    #expect(scene.take() == [Rect(x: 210, y: 160, width: 20, height: 20)])
    let detached = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    detached.center = Point(x: 50, y: 50)
    #expect(!scene.window.needsDisplay)
  }

  @Test("damage is clipped to the window; a change outside it needs display but damages nothing")
  func clippedToWindow() {
    let scene = TrackedScene()
    scene.card.center = Point(x: 390, y: 290)
    #expect(
      scene.take() == [
        Rect(x: 100, y: 100, width: 50, height: 40), Rect(x: 365, y: 270, width: 35, height: 30),
      ])
    scene.card.center = Point(x: 1000, y: 1000)
    _ = scene.take()
    scene.card.center = Point(x: 2000, y: 1000)
    #expect(scene.window.needsDisplay)
    #expect(scene.take() == [])
  }

  @Test("setting needsDisplay damages the whole window; clearing it clears the changes")
  func needsDisplayProperty() {
    let scene = TrackedScene()
    scene.window.needsDisplay = true
    #expect(scene.take() == [Rect(x: 0, y: 0, width: 400, height: 300)])
    scene.card.center = Point(x: 0, y: 0)
    scene.window.needsDisplay = false
    #expect(scene.window.changes.isEmpty)
    scene.window.size = Size(width: 500, height: 200)
    #expect(scene.take() == [Rect(x: 0, y: 0, width: 500, height: 200)])
  }
}
