import Testing

@testable import GestureKit

/// `Window.movingView`: a frame whose only change is one view's centre names that view (a
/// backend moves its layer instead of drawing); any other change, or a second view, names
/// none. Taking the damage starts the next frame afresh.
@Suite("Window move tracking")
struct WindowMoveTrackingTests {
  /// A window with two cards and a clipping panel holding a third; its first damage taken.
  private func makeScene() -> (window: Window, card: View, other: View, panel: View, chip: View) {
    let window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
    let card = View(frame: Rect(x: 100, y: 100, width: 50, height: 40))
    let other = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
    let panel = View(frame: Rect(x: 200, y: 150, width: 100, height: 100))
    panel.clipsToBounds = true
    let chip = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    panel.addSubview(chip)
    for view in [card, other, panel] { window.rootView.addSubview(view) }
    var region = DamageRegion()
    window.takeDamage(into: &region)
    return (window, card, other, panel, chip)
  }

  /// The frame's damage and the moving view, as a backend reads them before drawing.
  private func take(_ window: Window) -> (damage: [Rect], move: View?) {
    let moving = window.movingView
    var region = DamageRegion()
    window.takeDamage(into: &region)
    return (region.rects, moving)
  }

  @Test("a new window's first frame is no move")
  func firstFrame() {
    let window = Window(size: Size(width: 40, height: 30), clock: VirtualClock())
    #expect(take(window).move == nil)
  }

  @Test("moves of one view's centre are one move")
  func oneViewMoves() {
    let (window, card, _, _, _) = makeScene()
    card.center = card.center + Point(x: 3.5, y: 1)
    card.center = card.center + Point(x: 2, y: -4)
    let (damage, move) = take(window)
    #expect(move === card)
    #expect(!damage.isEmpty)
    // Taken: the next frame starts afresh.
    #expect(take(window).move == nil)
    card.center = card.center + Point(x: 1, y: 0)
    #expect(take(window).move === card)
  }

  @Test("any other change in the frame, before or after the move, means no move", arguments: 0..<6)
  func otherChanges(kind: Int) {
    let (window, card, other, panel, _) = makeScene()
    let change: () -> Void = {
      switch kind {
      case 0: other.center = other.center + Point(x: 1, y: 1)
      case 1: card.style.fill = .white
      case 2: window.rootView.bringSubviewToFront(card)
      case 3: window.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 5, height: 5))
      case 4: card.bounds.size = Size(width: 60, height: 40)
      default: panel.alpha = 0.5
      }
    }
    change()
    card.center = card.center + Point(x: 3, y: 0)
    #expect(take(window).move == nil, "change \(kind) first")
    card.center = card.center + Point(x: 3, y: 0)
    change()
    #expect(take(window).move == nil, "change \(kind) after")
  }

  @Test("a change nobody sees (outside every clip, under a hidden view) does not spoil the move")
  func invisibleChanges() {
    let (window, card, _, panel, chip) = makeScene()
    chip.center = Point(x: 500, y: 500)
    _ = take(window)
    // Outside its clipping panel the chip draws nothing, wherever it goes there.
    chip.style.fill = .white
    card.center = card.center + Point(x: 2, y: 2)
    #expect(take(window).move === card)
    panel.isHidden = true
    _ = take(window)
    chip.center = Point(x: 20, y: 20)
    card.center = card.center + Point(x: 2, y: 2)
    #expect(take(window).move === card)
  }

  @Test("a view moving into its clip from outside it is a move, and damages where it lands")
  func moveIntoClip() {
    let (window, _, _, _, chip) = makeScene()
    chip.center = Point(x: 500, y: 500)
    _ = take(window)
    chip.center = Point(x: 50, y: 50)
    let (damage, move) = take(window)
    #expect(move === chip)
    #expect(damage == [Rect(x: 240, y: 190, width: 20, height: 20)])
  }

  @Test("needsDisplay set or cleared by hand: no move")
  func needsDisplayByHand() {
    let (window, card, _, _, _) = makeScene()
    card.center = card.center + Point(x: 1, y: 0)
    window.needsDisplay = true
    #expect(take(window).move == nil)
    card.center = card.center + Point(x: 1, y: 0)
    window.needsDisplay = false
    #expect(take(window).move == nil)
  }
}
