import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "card" at (100,100,100,100) holding "badge" at (10,10,20,20)
/// (window (110,110)-(130,130)), and a detached "loose" view (0,0,50,50) holding "leaf".
@Suite("Window+HitTestCache")
struct WindowHitTestCacheTests {
  let h = Harness()
  let card: View
  let badge: View
  let loose = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
  let leaf = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))

  init() {
    card = h.addView("card", 100, 100, 100, 100)
    badge = h.addView("badge", 10, 10, 20, 20, to: card)
    loose.addSubview(leaf)
  }

  @Test("the hover count follows recognizers added, moved and removed")
  func countFollowsRecognizers() {
    #expect(h.window.hoverRecognizerCount == 0)
    let hover = HoverGestureRecognizer()
    badge.addGestureRecognizer(hover)
    card.addGestureRecognizer(HoverGestureRecognizer())
    card.addGestureRecognizer(PanGestureRecognizer())
    #expect(h.window.hoverRecognizerCount == 2)
    #expect(card.hoverRecognizersInSubtree == 2 && badge.hoverRecognizersInSubtree == 1)
    badge.addGestureRecognizer(hover)
    #expect(h.window.hoverRecognizerCount == 2, "adding it again changes nothing")
    card.addGestureRecognizer(hover)
    #expect(h.window.hoverRecognizerCount == 2 && badge.hoverRecognizersInSubtree == 0, "moved to card")
    card.removeGestureRecognizer(hover)
    #expect(h.window.hoverRecognizerCount == 1)
    card.removeGestureRecognizer(hover)
    #expect(h.window.hoverRecognizerCount == 1, "removing it twice changes nothing")
  }

  @Test("the hover count follows views added, moved between windows and removed")
  func countFollowsViews() {
    leaf.addGestureRecognizer(HoverGestureRecognizer())
    loose.addGestureRecognizer(HoverGestureRecognizer())
    #expect(h.window.hoverRecognizerCount == 0, "a detached subtree counts for no window")
    badge.addSubview(loose)
    #expect(h.window.hoverRecognizerCount == 2 && card.hoverRecognizersInSubtree == 2)
    let other = Harness()
    other.window.rootView.addSubview(leaf)
    #expect(h.window.hoverRecognizerCount == 1 && other.window.hoverRecognizerCount == 1)
    card.insertSubview(loose, at: 0)
    #expect(h.window.hoverRecognizerCount == 1 && badge.hoverRecognizersInSubtree == 0)
    card.removeFromSuperview()
    #expect(h.window.hoverRecognizerCount == 0 && card.hoverRecognizersInSubtree == 1)
    leaf.removeFromSuperview()
    #expect(other.window.hoverRecognizerCount == 0)
  }

  @Test("without hover recognizers, hover neither hit-tests nor runs a cycle")
  func hoverSkippedWithoutRecognizers() {
    h.window.sendHover(Point(x: 120, y: 120), at: 1)
    #expect(h.window.hitTestCache.point == nil, "no hit test")
    #expect(h.window.currentTime == 1)
    let hover = HoverGestureRecognizer()
    hover.name = "hover"
    card.addGestureRecognizer(hover)
    h.window.sendHover(Point(x: 120, y: 120), at: 2)
    #expect(h.window.hitTestCache.point == Point(x: 120, y: 120))
    #expect(h.transcript.take() == ["hover began"])
    // Moved to another window mid-hover: this window still ends it when the pointer leaves.
    let other = Harness()
    other.window.rootView.addSubview(card)
    #expect(h.window.hoverRecognizerCount == 0)
    h.window.sendHover(nil, at: 3)
    #expect(h.transcript.take() + other.transcript.take() == ["hover ended"])
  }

  @Test("the cached hit test reuses its answer until the point or the tree changes")
  func cachedAnswer() {
    #expect(h.window.cachedHitTest(Point(x: 120, y: 120)) === badge)
    let generation = h.window.hitTestCache.generation
    #expect(h.window.cachedHitTest(Point(x: 120, y: 120)) === badge)
    #expect(h.window.hitTestCache.generation == generation, "nothing invalidated it")
    // Each change that moves what the point hits is seen.
    let changes: [(String, () -> Void, View?)] = [
      ("moved", { badge.center = Point(x: 80, y: 80) }, card),
      ("moved back", { badge.center = Point(x: 20, y: 20) }, badge),
      ("hidden", { badge.isHidden = true }, card),
      ("shown", { badge.isHidden = false }, badge),
      ("non-interactive", { badge.isUserInteractionEnabled = false }, card),
      ("interactive", { badge.isUserInteractionEnabled = true }, badge),
      ("transparent", { card.alpha = 0 }, h.window.rootView),
      ("opaque", { card.alpha = 1 }, badge),
      ("removed", { badge.removeFromSuperview() }, card),
      (
        "covered",
        {
          h.window.rootView.addSubview(loose)
          loose.center = Point(x: 120, y: 120)
        }, loose
      ),
    ]
    for (name, change, expected) in changes {
      change()
      #expect(h.window.cachedHitTest(Point(x: 120, y: 120)) === expected, "\(name)")
      #expect(h.window.cachedHitTest(Point(x: 120, y: 120)) === h.window.hitTest(Point(x: 120, y: 120)))
    }
    #expect(h.window.cachedHitTest(Point(x: 150, y: 150)) === card, "another point")
    #expect(h.window.cachedHitTest(Point(x: 390, y: 390)) === h.window.rootView)
  }
}
