import GestureKit
import Testing

@testable import Playground

/// Two overlapping 100x100 cards in a 400x300 window: `back` at (0, 0) (center 50, 50)
/// under `front` at (60, 0) (center 110, 50); both drag. `gestureExtra` is added to
/// back's pan.
func twoCards(gestureExtra: String = "") -> String {
  """
  {"name": "two", "size": [400, 300], "views": [
    {"id": "back", "frame": [0, 0, 100, 100], "fill": "#ff0000",
     "gestures": [{"id": "back-pan", "kind": "pan", "behavior": "drag"\(gestureExtra)}]},
    {"id": "front", "frame": [60, 0, 100, 100], "fill": "#0000ff",
     "gestures": [{"id": "front-pan", "kind": "pan", "behavior": "drag"}]}
  ]}
  """
}

@Suite("Drag behaviour")
struct DragBehaviorTests {
  @Test("the card follows the finger exactly, from where the touch went down")
  func followsTheFinger() throws {
    let h = try SceneHarness(twoCards())
    var centers = [h.center("back")]
    h.send(at: 0.000, .down(0, at: pt(20, 20)))
    centers.append(h.center("back"))
    h.send(at: 0.016, .motion(0, to: pt(25, 20)))  // under the 10 px pan threshold
    centers.append(h.center("back"))
    h.send(at: 0.032, .motion(0, to: pt(40, 30)))  // the pan begins
    centers.append(h.center("back"))
    h.send(at: 0.048, .motion(0, to: pt(100, 100)))
    centers.append(h.center("back"))
    h.send(at: 0.064, .up(0))
    centers.append(h.center("back"))
    #expect(centers == [pt(50, 50), pt(50, 50), pt(50, 50), pt(70, 60), pt(130, 130), pt(130, 130)])
    #expect(h.center("front") == pt(110, 50))
  }

  @Test("a cancelled drag puts the card back where it was when the pan began")
  func cancelReturns() throws {
    let h = try SceneHarness(twoCards())
    h.send(at: 0.000, .down(0, at: pt(20, 20)))
    h.send(at: 0.016, .motion(0, to: pt(60, 80)))
    h.send(at: 0.032, .motion(0, to: pt(90, 120)))
    let moved = h.center("back")
    h.window.cancelAllTouches(at: 0.040)
    #expect([moved, h.center("back")] == [pt(120, 150), pt(50, 50)])
    #expect(h.window.activeTouches.isEmpty)
  }

  @Test("a second drag starts from where the first one left the card")
  func secondDrag() throws {
    let h = try SceneHarness(twoCards())
    h.send(at: 0.0, .down(0, at: pt(20, 20)))
    h.send(at: 0.1, .motion(0, to: pt(40, 20)))
    h.send(at: 0.2, .up(0))
    h.send(at: 1.0, .down(0, at: pt(40, 20)))
    h.send(at: 1.1, .motion(0, to: pt(40, 60)))
    h.send(at: 1.2, .up(0))
    #expect(h.center("back") == pt(70, 90))
  }

  @Test("a touch going down on a card brings it to the front before any movement")
  func bringsToFrontOnTouchDown() throws {
    let h = try SceneHarness(twoCards())
    var orders = [h.order]
    h.send(at: 0.0, .down(0, at: pt(20, 20)))  // only back is under the finger
    orders.append(h.order)
    h.send(at: 0.1, .up(0))
    h.send(at: 0.2, .down(1, at: pt(150, 20)))  // only front
    orders.append(h.order)
    #expect(orders == [["back", "front"], ["front", "back"], ["back", "front"]])
  }

  @Test("with delaysTouchesBegan the card comes to the front when the pan begins")
  func bringsToFrontWhenTouchesBeganIsDelayed() throws {
    let h = try SceneHarness(twoCards(gestureExtra: #", "delaysTouchesBegan": true"#))
    h.send(at: 0.0, .down(0, at: pt(20, 20)))
    let atDown = h.order
    h.send(at: 0.1, .motion(0, to: pt(50, 20)))
    #expect([atDown, h.order] == [["back", "front"], ["front", "back"]])
  }

  @Test(
    "a touch on a child brings its draggable parent to the front, and dragging the child moves the parent")
  func childTouchesMoveTheParent() throws {
    let h = try SceneHarness(
      """
      {"name": "nest", "size": [400, 300], "views": [
        {"id": "card", "frame": [0, 0, 100, 100],
         "gestures": [{"id": "pan", "kind": "pan", "behavior": "drag"}],
         "children": [{"id": "badge", "frame": [10, 10, 20, 20]}]},
        {"id": "other", "frame": [200, 0, 50, 50]}
      ]}
      """)
    h.send(at: 0.0, .down(0, at: pt(15, 15)))
    let order = h.order
    h.send(at: 0.1, .motion(0, to: pt(45, 15)))
    #expect(order == ["other", "card"])
    #expect(h.center("card") == pt(80, 50))
    #expect(h.center("badge") == pt(20, 20))
  }

  @Test("an axis constraint keeps the other coordinate")
  func axisConstraint() throws {
    let h = try SceneHarness(twoCards(gestureExtra: #", "axis": "x""#))
    h.send(at: 0.0, .down(0, at: pt(20, 20)))
    h.send(at: 0.1, .motion(0, to: pt(50, 80)))
    #expect(h.center("back") == pt(80, 50))
  }

  @Test("a drag within the parent stops at its edges")
  func withinParent() throws {
    let h = try SceneHarness(twoCards(gestureExtra: #", "within": "parent""#))
    h.send(at: 0.0, .down(0, at: pt(20, 20)))
    h.send(at: 0.1, .motion(0, to: pt(-100, 500)))
    let corner = h.center("back")
    h.send(at: 0.2, .motion(0, to: pt(1000, 30)))
    #expect([corner, h.center("back")] == [pt(50, 250), pt(350, 60)])
  }

  @Test("a card dragged off its parent keeps 44 window points inside it, to be grabbed again")
  func keepsAReachablePart() throws {
    let h = try SceneHarness(twoCards())
    h.send(at: 0.0, .down(0, at: pt(20, 20)))
    // Far up and left, off the 400x300 window: the card's right and bottom 44 points stay in.
    h.send(at: 0.1, .motion(0, to: pt(-500, -900)))
    #expect(h.center("back") == pt(-6, -6))
    // Far down and right: its left and top 44 points stay in.
    h.send(at: 0.2, .motion(0, to: pt(2000, 2000)))
    #expect(h.center("back") == pt(406, 306))
    h.send(at: 0.3, .up(0))
    // Grabbed again by the part left in, and dragged back in.
    h.send(at: 1.0, .down(0, at: pt(380, 280)))
    h.send(at: 1.1, .motion(0, to: pt(200, 100)))
    #expect(h.center("back") == pt(226, 126))
    // Inside the window the card follows the finger as it did: a part of it may still leave.
    h.send(at: 1.2, .motion(0, to: pt(10, 100)))
    #expect(h.center("back") == pt(36, 126))
  }

  @Test("in a scene shown at half its size, the part kept is 44 window points: 88 of the scene's")
  func keptPartIsInWindowPoints() throws {
    let h = try SceneHarness(twoCards())
    let parent = try #require(h.installed.views["back"]?.superview)
    parent.transform = AffineTransform(scaleX: 0.5, y: 0.5)
    let start = parent.convert(pt(20, 20), to: nil)
    h.send(at: 0.0, .down(0, at: start))
    h.send(at: 0.1, .motion(0, to: pt(start.x - 900, start.y)))
    #expect(h.center("back") == pt(38, 50))
  }

  @Test("a disabled pan does not move the card, but the card still comes to the front")
  func disabledPan() throws {
    let h = try SceneHarness(twoCards(gestureExtra: #", "enabled": false"#))
    h.send(at: 0.0, .down(0, at: pt(20, 20)))
    h.send(at: 0.1, .motion(0, to: pt(80, 80)))
    #expect(h.center("back") == pt(50, 50))
    #expect(h.order == ["front", "back"])
  }

  @Test("installing again rebuilds a fresh tree at the scene's positions")
  func reinstall() throws {
    let h = try SceneHarness(twoCards())
    h.send(at: 0.0, .down(0, at: pt(20, 20)))
    h.send(at: 0.1, .motion(0, to: pt(80, 80)))
    h.send(at: 0.2, .up(0))
    let again = h.installed.scene.install(in: h.window)
    #expect(h.window.rootView.subviews.map { $0.identifier ?? "?" } == ["back", "front"])
    #expect(again.views["back"]!.center == pt(50, 50))
    #expect(again.views["back"] !== h.installed.views["back"])
  }
}
