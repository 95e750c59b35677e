import CairoRenderer
import Testing

extension EndToEnd {
  /// The app under Weston: cards with a `drag` pan follow a finger or the
  /// mouse (CardScene describes the scene). Positions are read back from
  /// screenshots as the bounding box of the card's fill colour.
  @Suite("Card dragging")
  struct CardDraggingTests {
    @Test("A one-finger drag moves the touched card by exactly the finger's movement")
    func touchDragMovesTheCard() throws {
      try CardScene.withApp { session in
        let image = try drag(session, card: CardScene.red, from: CardScene.redStart, by: (100, 60))
        #expect(PixelBox.bounding(CardScene.blue, in: image) == CardScene.blueStart, "the other card moved")
        // A later drag of blue proves the red finger's lift was handled: red stays put.
        let later = try drag(session, card: CardScene.blue, from: CardScene.blueStart, by: (20, 40))
        expectCard(CardScene.red, at: CardScene.redStart.offsetBy(dx: 100, dy: 60), in: later)
      }
    }

    @Test("A mouse drag with the left button moves the card like a finger")
    func mouseDragMovesTheCard() throws {
      try CardScene.withApp { session in
        let target = CardScene.blueStart.offsetBy(dx: -80, dy: 100)
        try session.injector.run(InputScript.mouseDrag(from: CardScene.blueCenter, by: ScreenPoint(-80, 100)))
        try session.parkPointer()
        let image = try waitForCard(session, CardScene.blue, at: target)
        expectCard(CardScene.blue, at: target, in: image)
        #expect(PixelBox.bounding(CardScene.red, in: image) == CardScene.redStart, "the other card moved")
        // A touch drag afterwards proves the release was handled: blue stays.
        let later = try drag(session, card: CardScene.red, from: CardScene.redStart, by: (30, 20))
        expectCard(CardScene.blue, at: target, in: later)
      }
    }

    @Test("A touch cancel in the middle of a drag puts the card back where it began")
    func touchCancelPutsTheCardBack() throws {
      try CardScene.withApp { session in
        let moved = CardScene.redStart.offsetBy(dx: 100, dy: 60)
        try session.injector.run(
          InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(100, 60), lift: false))
        expectCard(CardScene.red, at: moved, in: try waitForCard(session, CardScene.red, at: moved))
        try session.injector.run("touch-cancel")
        let image = try waitForCard(session, CardScene.red, at: CardScene.redStart)
        expectCard(CardScene.red, at: CardScene.redStart, in: image)
        #expect(PixelBox.bounding(CardScene.blue, in: image) == CardScene.blueStart)
        // Nothing is left stuck: the next drag works normally.
        _ = try drag(session, card: CardScene.red, from: CardScene.redStart, by: (40, 30))
      }
    }

    @Test("A touch on the background moves nothing")
    func backgroundTouchMovesNothing() throws {
      try CardScene.withApp { session in
        let before = try session.capture()
        try session.injector.run(InputScript.touchDrag(from: ScreenPoint(520, 80), by: ScreenPoint(60, 40)))
        try session.injector.run("wait-repaint")
        let after = try session.capture()
        let difference = ScreenshotDifference(before, after)
        #expect(difference.isEmpty, "the screen changed: \(difference)")
        // Input is handled in order: once blue follows a later drag, the
        // background drag has been handled too, and red never moved.
        let image = try drag(session, card: CardScene.blue, from: CardScene.blueStart, by: (-40, -40))
        expectCard(CardScene.red, at: CardScene.redStart, in: image)
      }
    }

    @Test("A drag that leaves the window far behind keeps the app alive and responsive")
    func dragFarOutsideTheWindowIsSurvived() throws {
      try CardScene.withApp { session in
        try session.injector.run(
          InputScript.touchDrag(from: CardScene.redCenter, by: ScreenPoint(100, 0), lift: false))
        try session.injector.run(
          InputScript.touchPath(through: [ScreenPoint(5000, 5000), ScreenPoint(-20, -30)]))
        // Centre (100, 100) + (-120, -130) would leave 40x30 points of the card in the scene;
        // the drag keeps 44 of it inside along each axis: its bottom-right 44x44 corner shows.
        let corner = try #require(
          CardScene.redStart.offsetBy(dx: -116, dy: -116).clipped(
            width: CardScene.width, height: CardScene.height))
        #expect(corner == PixelBox(minX: 0, minY: 0, maxX: 43, maxY: 43))
        let image = try waitForCard(session, CardScene.red, at: corner)
        expectCard(CardScene.red, at: corner, in: image)
        let alive = session.clients.allSatisfy { $0.isRunning }
        #expect(alive, "the app is gone")
        _ = try drag(session, card: CardScene.blue, from: CardScene.blueStart, by: (-60, 80))
      }
    }
  }
}

/// Drags the card of `color`, now drawn at `box`, from its centre by `delta`
/// with one finger (20 steps), waits until it is drawn there, expects it
/// there, and returns that screenshot. The app handles input in order, so all
/// input injected before has been handled by then.
private func drag(
  _ session: WestonSession, card color: RGBA8, from box: PixelBox, by delta: (x: Int, y: Int)
) throws -> Image {
  let center = ScreenPoint(Double(box.minX + box.maxX + 1) / 2, Double(box.minY + box.maxY + 1) / 2)
  let target = box.offsetBy(dx: delta.x, dy: delta.y)
  try session.injector.run(
    InputScript.touchDrag(from: center, by: ScreenPoint(Double(delta.x), Double(delta.y))))
  let image = try waitForCard(session, color, at: target)
  expectCard(color, at: target, in: image)
  return image
}
