import CairoRenderer
import GestureKit
import Testing

/// What the tracker remembers from frame to frame: where each view was last drawn, whatever
/// changed in between, and no more entries than the views it has seen.
@Suite("Damage tracker memory")
struct DamageTrackerMemoryTests {
  @Test("a parent's move damages where a child was after the child moved in an earlier frame")
  func childMovedEarlier() {
    let scene = TrackedScene()
    // The chip sticks out of the panel to the right: (310, 190, 20, 20).
    scene.chip.center = Point(x: 120, y: 50)
    _ = scene.take()
    scene.panel.center = Point(x: 100, y: 60)
    #expect(
      scene.take() == [
        Rect(x: 200, y: 150, width: 130, height: 100), Rect(x: 50, y: 10, width: 130, height: 100),
      ])
  }

  @Test("several moves in one frame damage the place before and the place after only")
  func severalMoves() {
    let scene = TrackedScene()
    scene.card.center = Point(x: 325, y: 50)
    scene.card.center = Point(x: 50, y: 250)
    #expect(
      scene.take() == [
        Rect(x: 100, y: 100, width: 50, height: 40), Rect(x: 25, y: 230, width: 50, height: 40),
      ])
  }

  @Test("a part of a view's content damages that part where the view is, clipped by its ancestors")
  func partOfContent() {
    let scene = TrackedScene()
    scene.chip.setNeedsDisplay(in: Rect(x: 5, y: 5, width: 10, height: 4))
    #expect(scene.take() == [Rect(x: 215, y: 165, width: 10, height: 4)])
    scene.panel.clipsToBounds = true
    scene.chip.center = Point(x: 95, y: 50)  // half outside the panel's right edge
    _ = scene.take()
    scene.chip.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 20, height: 20))
    #expect(scene.take() == [Rect(x: 285, y: 190, width: 15, height: 20)])
    scene.window.setNeedsDisplay(in: Rect(x: 390.5, y: -3, width: 20, height: 10))
    #expect(scene.take() == [Rect(x: 390, y: 0, width: 10, height: 7)])
    scene.panel.isHidden = true
    _ = scene.take()
    scene.chip.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 20, height: 20))
    #expect(scene.take() == [])
  }

  @Test("a view moved into a hidden view damages where it was")
  func intoHiddenView() {
    let scene = TrackedScene()
    scene.panel.isHidden = true
    _ = scene.take()
    scene.panel.addSubview(scene.card)
    #expect(scene.take() == [Rect(x: 100, y: 100, width: 50, height: 40)])
    scene.panel.isHidden = false
    // The panel, its chip, and the card at (100, 100) in the panel: (300, 250) in the window,
    // touching the panel's corner (merged).
    #expect(scene.take() == [Rect(x: 200, y: 150, width: 150, height: 140)])
  }

  @Test("views dropped without being seen (removed from a removed view) are swept")
  func sweep() {
    let scene = TrackedScene()
    for round in 0..<40 {
      let container = View(frame: Rect(x: Double(round), y: 0, width: 100, height: 100))
      let children = (0..<50).map { View(frame: Rect(x: Double($0), y: 0, width: 5, height: 5)) }
      for child in children { container.addSubview(child) }
      scene.window.rootView.addSubview(container)
      _ = scene.take()
      #expect(scene.tracker.rememberedCount >= 55)
      // The container leaves; its children leave it in the same frame, unseen by the window.
      container.removeFromSuperview()
      for child in children { child.removeFromSuperview() }
      #expect(scene.take() == [Rect(x: Double(round), y: 0, width: 100, height: 100)])
    }
    // 2,000 children were forgotten unseen; the memory stays bounded. The sweep rebuilds once
    // the entries pass twice those of the last rebuild plus 256, and that rebuild may have
    // come while a container was in (55 views drawn), so at most 2 * 55 + 256 entries, and a
    // round's 51 more, before the next. (Without AddressSanitizer a freed view's identifier
    // is often reused at once, which keeps the count lower; with it, never.)
    #expect(scene.tracker.rememberedCount <= 2 * 55 + 256 + 51)
  }
}
