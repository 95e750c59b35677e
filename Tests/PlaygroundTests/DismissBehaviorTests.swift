import GestureKit
import Testing

@testable import Playground

/// A 100x100 card at (150, 100) (center 200, 150) in a 400x300 window, swiped to dismiss in
/// `direction` (a JSON value).
private func swipeCard(_ direction: String) -> String {
  """
  {"name": "swipe", "size": [400, 300], "views": [
    {"id": "card", "frame": [150, 100, 100, 100], "gestures": [
      {"id": "swipe", "kind": "swipe", "direction": \(direction), "behavior": "dismiss"}]}
  ]}
  """
}

/// Swipes one finger from the card's center by `offset` in three quick moves.
private func swipe(_ h: SceneHarness, by offset: Point) {
  h.send(at: 0.0, .down(0, at: pt(200, 150)))
  for step in 1...3 {
    h.send(at: 0.03 * Double(step), .motion(0, to: pt(200, 150) + offset * (Double(step) / 3)))
  }
  h.send(at: 0.12, .up(0))
}

@Suite("Dismiss behaviour")
struct DismissBehaviorTests {
  @Test("a swipe right puts the card just past the right edge of the window, at the same height")
  func swipeRight() throws {
    let h = try SceneHarness(swipeCard(#""right""#))
    swipe(h, by: pt(90, 0))
    #expect(h.installed.views["card"]!.frame == Rect(x: 400, y: 100, width: 100, height: 100))
  }

  @Test("with left and right allowed the card goes the way the finger went")
  func eitherWay() throws {
    let h = try SceneHarness(swipeCard(#"["left", "right"]"#))
    swipe(h, by: pt(-90, 10))
    #expect(h.installed.views["card"]!.frame == Rect(x: -100, y: 100, width: 100, height: 100))
  }

  @Test("swipes up and down put the card above or below the window")
  func upAndDown() throws {
    var frames: [Rect] = []
    for offset in [pt(0, -90), pt(0, 90)] {
      let h = try SceneHarness(swipeCard(#"["up", "down"]"#))
      swipe(h, by: offset)
      frames.append(h.installed.views["card"]!.frame)
    }
    #expect(
      frames == [
        Rect(x: 150, y: -100, width: 100, height: 100), Rect(x: 150, y: 300, width: 100, height: 100),
      ])
  }

  @Test("a dismissed card lies entirely outside the window, even inside a moved parent")
  func outsideTheWindow() throws {
    let h = try SceneHarness(
      """
      {"name": "nested", "size": [400, 300], "views": [
        {"id": "tray", "frame": [100, 50, 200, 200], "children": [
          {"id": "card", "frame": [50, 50, 100, 100], "gestures": [
            {"id": "swipe", "kind": "swipe", "direction": "left", "behavior": "dismiss"}]}]}
      ]}
      """)
    swipe(h, by: pt(-90, 0))
    let card = h.installed.views["card"]!
    let inWindow = card.superview!.convert(card.frame, to: nil)
    #expect(inWindow == Rect(x: -100, y: 100, width: 100, height: 100))
    #expect(!inWindow.intersects(h.window.rootView.bounds))
  }

  @Test("a swipe too short to recognize leaves the card where it is")
  func tooShort() throws {
    let h = try SceneHarness(swipeCard(#""right""#))
    swipe(h, by: pt(30, 0))
    #expect(h.center("card") == pt(200, 150))
  }
}
