import Testing

@testable import GestureKit

/// `Window.takeDamage(into:move:)`: a frame whose only change is one view's centre reports
/// that move (the view's transform to the window before and after); any other change, or a
/// second view, reports none.
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
    var move: ViewMove?
    window.takeDamage(into: &region, move: &move)
    return (window, card, other, panel, chip)
  }

  private func take(_ window: Window) -> (damage: [Rect], move: ViewMove?) {
    var region = DamageRegion()
    var move: ViewMove?
    window.takeDamage(into: &region, move: &move)
    return (region.rects, move)
  }

  @Test("a new window's first frame is no move")
  func firstFrame() {
    let window = Window(size: Size(width: 40, height: 30), clock: VirtualClock())
    #expect(take(window).move == nil)
  }

  @Test("moves of one view's centre are one move, from where the frame began")
  func oneViewMoves() throws {
    let (window, card, _, _, _) = makeScene()
    card.center = card.center + Point(x: 3.5, y: 1)
    card.center = card.center + Point(x: 2, y: -4)
    let (damage, move) = take(window)
    let moved = try #require(move)
    #expect(moved.view === card)
    #expect(moved.from == AffineTransform(translationX: 100, y: 100))
    #expect(moved.to == AffineTransform(translationX: 105.5, y: 97))
    #expect(!damage.isEmpty)
    // Taken: the next frame starts afresh.
    #expect(take(window).move == nil)
    card.center = card.center + Point(x: 1, y: 0)
    #expect(take(window).move?.from == AffineTransform(translationX: 105.5, y: 97))
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
  func invisibleChanges() throws {
    let (window, card, _, panel, chip) = makeScene()
    chip.center = Point(x: 500, y: 500)
    _ = take(window)
    // Outside its clipping panel the chip draws nothing, wherever it goes there.
    chip.style.fill = .white
    card.center = card.center + Point(x: 2, y: 2)
    #expect(try #require(take(window).move).view === card)
    panel.isHidden = true
    _ = take(window)
    chip.center = Point(x: 20, y: 20)
    card.center = card.center + Point(x: 2, y: 2)
    #expect(try #require(take(window).move).view === card)
  }

  @Test("a view moving into its clip from outside it starts where it was")
  func moveIntoClip() throws {
    let (window, _, _, _, chip) = makeScene()
    chip.center = Point(x: 500, y: 500)
    _ = take(window)
    chip.center = Point(x: 50, y: 50)
    let move = try #require(take(window).move)
    #expect(move.view === chip)
    #expect(move.from == AffineTransform(translationX: 690, y: 640))
    #expect(move.to == AffineTransform(translationX: 240, y: 190))
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

@Suite("Unchanged regions")
struct UnchangedRegionTests {
  @Test("rectangles are rounded in to whole pixels; the two largest are kept")
  func addRoundsIn() {
    var region = UnchangedRegion()
    region.add(Rect(x: 0.5, y: 1.2, width: 10, height: 5.5))
    region.add(Rect(x: 0.2, y: 0.2, width: 0.7, height: 9))
    region.add(Rect(x: .nan, y: 0, width: 5, height: 5))
    #expect(region.rects == [Rect(x: 1, y: 2, width: 9, height: 4)])
    region.add(Rect(x: 20, y: 0, width: 20, height: 20))
    region.add(Rect(x: 50, y: 0, width: 5, height: 5))
    #expect(
      region.rects == [Rect(x: 20, y: 0, width: 20, height: 20), Rect(x: 1, y: 2, width: 9, height: 4)])
    region.removeAll()
    #expect(region.isEmpty)
  }

  @Test("intersecting keeps what both hold")
  func intersection() {
    var region = UnchangedRegion()
    region.add(Rect(x: 0, y: 0, width: 10, height: 10))
    region.add(Rect(x: 0, y: 20, width: 10, height: 10))
    var other = UnchangedRegion()
    other.add(Rect(x: 2, y: 5, width: 10, height: 20))
    region.formIntersection(other)
    #expect(region.rects == [Rect(x: 2, y: 5, width: 8, height: 5), Rect(x: 2, y: 20, width: 8, height: 5)])
    region.formIntersection(UnchangedRegion())
    #expect(region.isEmpty)
  }

  @Test("a buffer's unchanged pixels are those every frame since it was drawn left unchanged")
  func history() {
    var history = DamageHistory()
    var damage = DamageRegion()
    damage.add(Rect(x: 0, y: 0, width: 50, height: 50))
    var first = UnchangedRegion()
    first.add(Rect(x: 10, y: 10, width: 20, height: 20))
    var second = UnchangedRegion()
    second.add(Rect(x: 15, y: 5, width: 20, height: 20))
    history.record(damage, unchangedPixels: first)
    history.record(damage, unchangedPixels: second)
    var result = UnchangedRegion()
    history.unchangedPixels(forBufferAge: 1, into: &result)
    #expect(result.rects == second.rects)
    history.unchangedPixels(forBufferAge: 2, into: &result)
    #expect(result.rects == [Rect(x: 15, y: 10, width: 15, height: 15)])
    // A frame without unchanged pixels, or a buffer older than known, has none.
    history.record([Rect(x: 0, y: 0, width: 5, height: 5)])
    history.unchangedPixels(forBufferAge: 2, into: &result)
    #expect(result.isEmpty)
    history.unchangedPixels(forBufferAge: 0, into: &result)
    #expect(result.isEmpty)
  }
}
