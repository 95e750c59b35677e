import Testing

@testable import GestureKit

/// `Window.changes`: which views moved, scaled or turned (`transformed`) and which changed
/// otherwise (`restyled`) since the damage was last taken, and whether something no view
/// names changed (`isUnbounded`). Taking the changes starts the next frame afresh.
@Suite("Window changes")
struct WindowChangesTests {
  /// A window with two cards and a clipping panel holding a third; its first changes taken.
  private func makeScene() -> (window: Window, card: View, other: View, panel: View, chip: View) {
    let window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
    let card = View(frame: Rect(x: 100, y: 100, width: 50, height: 40))
    let other = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
    let panel = View(frame: Rect(x: 200, y: 150, width: 100, height: 100))
    panel.clipsToBounds = true
    let chip = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    panel.addSubview(chip)
    for view in [card, other, panel] { window.rootView.addSubview(view) }
    _ = window.takeChanges()
    return (window, card, other, panel, chip)
  }

  /// The frame's changes and the one view that moved when moving it was the frame's only
  /// change, as a backend reads them before drawing.
  private func take(_ window: Window) -> (changes: ViewChanges, move: View?) {
    var changes = ViewChanges()
    window.takeChanges(into: &changes)
    let moving =
      changes.restyled.isEmpty && changes.invalidated.isEmpty && !changes.isUnbounded
        && changes.transformed.count == 1
      ? changes.transformed[0] : nil
    return (changes, moving)
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
    let (changes, move) = take(window)
    #expect(move === card)
    #expect(!changes.isEmpty && window.changes.isEmpty && !window.needsDisplay)
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

  @Test("a change nobody sees (under a hidden view, of a hidden view) does not spoil the move")
  func invisibleChanges() {
    let (window, card, other, panel, chip) = makeScene()
    other.isHidden = true
    _ = take(window)
    other.style.fill = .white
    card.center = card.center + Point(x: 2, y: 2)
    #expect(take(window).move === card)
    panel.isHidden = true
    _ = take(window)
    chip.center = Point(x: 20, y: 20)
    card.center = card.center + Point(x: 2, y: 2)
    #expect(take(window).move === card)
  }

  @Test("a view moving into its clip from outside it is a move")
  func moveIntoClip() {
    let (window, _, _, _, chip) = makeScene()
    chip.center = Point(x: 500, y: 500)
    _ = take(window)
    chip.center = Point(x: 50, y: 50)
    #expect(take(window).move === chip)
  }

  @Test("a part of a view redrawn is listed with its rectangle, and is no move")
  func invalidated() {
    let (window, card, _, _, chip) = makeScene()
    card.center = card.center + Point(x: 1, y: 0)
    chip.setNeedsDisplay(in: Rect(x: 1, y: 2, width: 3, height: 4))
    let (changes, move) = take(window)
    #expect(move == nil)
    #expect(changes.invalidated.map(\.rect) == [Rect(x: 1, y: 2, width: 3, height: 4)])
    #expect(changes.invalidated.first?.view === chip)
    // Past the capacity, a view's rectangles grow its last one.
    for index in 0...ViewChanges.capacity {
      chip.setNeedsDisplay(in: Rect(x: Double(index), y: 0, width: 1, height: 1))
    }
    let many = take(window).changes
    #expect(many.invalidated.count == ViewChanges.capacity && !many.isUnbounded)
    #expect(
      many.invalidated.last?.rect == Rect(x: Double(ViewChanges.capacity - 1), y: 0, width: 2, height: 1))
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

  @Test("moves, scales and turns are transformed; other changes restyled; each view listed once")
  func lists() {
    let (window, card, other, panel, chip) = makeScene()
    card.center = card.center + Point(x: 1, y: 0)
    card.transform = AffineTransform(rotationAngle: 0.2)
    other.transform = AffineTransform(scaleX: 2, y: 2)
    card.center = card.center + Point(x: 1, y: 0)
    panel.alpha = 0.5
    chip.style.fill = .white
    panel.alpha = 0.6
    let changes = window.changes
    #expect(changes.transformed.map(\.identity) == [card, other].map(\.identity))
    #expect(changes.restyled.map(\.identity) == [panel, chip].map(\.identity))
    #expect(!changes.isUnbounded)
    #expect(changes.changesContent(of: panel) && !changes.changesContent(of: card))
    _ = window.takeChanges()
    #expect(window.changes.isEmpty)
  }

  @Test("a child's move changes its parent's content; past the capacity the changes are unbounded")
  func contentAndCapacity() {
    let (window, _, _, panel, chip) = makeScene()
    chip.center = chip.center + Point(x: 1, y: 0)
    #expect(window.changes.changesContent(of: panel) && !window.changes.changesContent(of: chip))
    for index in 0...ViewChanges.capacity {
      let view = View(frame: Rect(x: Double(index), y: 0, width: 5, height: 5))
      window.rootView.addSubview(view)
    }
    #expect(window.changes.isUnbounded)
    _ = window.takeChanges()
    window.size = Size(width: 300, height: 200)
    #expect(window.changes.isUnbounded)
  }
}

extension View {
  /// The view's object identity, for comparing lists of views.
  fileprivate var identity: ObjectIdentifier { ObjectIdentifier(self) }
}
