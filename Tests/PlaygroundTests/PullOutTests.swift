import GestureKit
import Testing

@testable import Playground

@Suite("Pulling items out of a scroll strip")
struct PullOutTests {
  @Test("the direction rule: only a start within 45 degrees of straight down pulls out")
  func directionRule() {
    #expect(PullOutDelegate.pullsOut(pt(0, 10)))
    #expect(PullOutDelegate.pullsOut(pt(-6, 8)))
    #expect(PullOutDelegate.pullsOut(pt(7, 7.5)))
    #expect(!PullOutDelegate.pullsOut(pt(10, 10)))
    #expect(!PullOutDelegate.pullsOut(pt(-10, 2)))
    #expect(!PullOutDelegate.pullsOut(pt(0, -10)))
    #expect(!PullOutDelegate.pullsOut(pt(3, -9)))
  }

  @Test("a mostly horizontal drag on an item scrolls the strip; the item stays in it")
  func horizontalDragScrolls() throws {
    let h = try SceneHarness(scrollDragScene)
    let transcript = GestureTranscript(h)
    h.drag(at: 0, from: (80, 80), to: (0, 95))
    #expect(Array(transcript.lines.prefix(3)) == ["a-pull failed", "a-press failed", "scroll began"])
    #expect(!transcript.lines.contains("a-pull began"))
    #expect(h.parent(of: "a") == "shelf")
    #expect(h.center("shelf").x < 500 - 80 + 1e-9)
  }

  @Test("a mostly downward drag pulls the item out; the strip does not move")
  func downwardDragPullsOut() throws {
    let h = try SceneHarness(scrollDragScene)
    let transcript = GestureTranscript(h)
    h.drag(at: 0, from: (230, 80), to: (250, 330))
    #expect(Array(transcript.lines.prefix(3)) == ["b-pull began", "scroll failed", "b-press failed"])
    #expect(h.parent(of: "b") == "top")
    #expect(h.order == ["strip", "b"])
    #expect(h.center("b") == pt(250, 330))  // under the finger: began's place + translation
    #expect(h.center("shelf") == pt(500, 80))
    #expect(h.clock.nextDeadline == nil)
  }

  @Test("pulling out keeps the item's place on screen while the strip is scrolled")
  func reparentingKeepsScreenPosition() throws {
    let h = try SceneHarness(scrollDragScene)
    // Scrolls the shelf 100 px left; the finger rests before lifting, so no deceleration.
    h.drag(at: 0, from: (300, 100), to: (200, 100), lift: false)
    h.send(at: 0.5, touchUp(0, 200, 100))
    #expect(h.clock.nextDeadline == nil)
    let before = h.windowCenter("b")
    #expect(before == pt(130, 80))
    h.drag(at: 3, id: 1, from: (before.x, 80), to: (before.x, 300))
    #expect(h.parent(of: "b") == "top")
    #expect(near(h.center("b"), before + pt(0, 220)))
    #expect(h.installed.views["shelf"]!.subviews.map(\.identifier) == ["a"])
  }

  @Test("a long press pulls the item out; then it follows the finger in any direction")
  func longPressPullsOut() throws {
    let h = try SceneHarness(scrollDragScene)
    let transcript = GestureTranscript(h)
    h.send(at: 0, touchDown(0, 80, 80))
    h.send(at: 0.6, touchMove(0, 82, 80))
    #expect(transcript.lines.prefix(3) == ["a-press began", "a-pull failed", "scroll failed"])
    #expect(h.parent(of: "a") == "top")
    #expect(h.order == ["strip", "a"])
    #expect(h.center("a") == pt(82, 80))
    // Sideways and up: the item moves, the strip does not.
    h.send(at: 0.7, touchMove(0, 180, 60))
    h.send(at: 0.8, touchUp(0, 180, 60))
    #expect(h.center("a") == pt(180, 60))
    #expect(h.center("shelf") == pt(500, 80))
    #expect(transcript.lines.last == "a-press ended")
  }

  @Test("a pulled-out item is a free card: its pan drags it in any direction")
  func freeCardAfterPullOut() throws {
    let h = try SceneHarness(scrollDragScene)
    h.drag(at: 0, from: (80, 80), to: (80, 300))
    #expect(h.center("a") == pt(80, 300))
    let transcript = GestureTranscript(h)
    h.drag(at: 1, id: 1, from: (80, 300), to: (300, 250))  // right and up
    #expect(transcript.lines.first == "a-pull began")
    #expect(h.center("a") == pt(300, 250))
    #expect(h.parent(of: "a") == "top")
    #expect(h.center("shelf") == pt(500, 80))
  }

  @Test("a cancelled pull puts the item back into the strip, at its place")
  func cancelPutsBack() throws {
    let h = try SceneHarness(scrollDragScene)
    h.drag(at: 0, from: (80, 80), to: (90, 250), lift: false)
    #expect(h.parent(of: "a") == "top")
    h.window.cancelAllTouches(at: 0.2)
    #expect(h.parent(of: "a") == "shelf")
    #expect(h.installed.views["shelf"]!.subviews.map(\.identifier) == ["a", "b"])
    #expect(h.center("a") == pt(80, 80))
  }

  @Test("scrollStrip and pullOut are checked: target, kinds")
  func decodingErrors() {
    func message(_ json: String) -> String? {
      do {
        _ = try Scene(json: json, fileName: "t.json")
        return nil
      } catch {
        return error.description
      }
    }
    let noTarget = """
      {"name": "s", "size": [100, 100], "views": [{"id": "v", "frame": [0, 0, 10, 10],
       "gestures": [{"id": "g", "kind": "pan", "behavior": "scrollStrip"}]}]}
      """
    #expect(message(noTarget)?.contains("needs \"target\"") == true)
    let notChild = """
      {"name": "s", "size": [100, 100], "views": [{"id": "v", "frame": [0, 0, 10, 10],
       "gestures": [{"id": "g", "kind": "pan", "behavior": "scrollStrip", "target": "w"}]},
       {"id": "w", "frame": [0, 0, 10, 10]}]}
      """
    #expect(message(notChild) == #"t.json: views[0].gestures[0].target: "w" is not a subview of "v""#)
    let tap = """
      {"name": "s", "size": [100, 100], "views": [{"id": "v", "frame": [0, 0, 10, 10],
       "gestures": [{"id": "g", "kind": "tap", "behavior": "pullOut"}]}]}
      """
    #expect(message(tap)?.contains("needs a pan or longPress gesture") == true)
  }
}

/// A view moved by a finger off the scene keeps a part in reach: a pulled-out item, a view
/// with the `drag` touch handler.
@Suite("Moved views stay in reach")
struct ReachableDragTests {
  @Test("a pulled-out item taken off the bottom of the scene keeps 44 points of it inside")
  func pulledOutItem() throws {
    let h = try SceneHarness(scrollDragScene)
    h.drag(at: 0, from: (230, 80), to: (250, 1_500))
    #expect(h.parent(of: "b") == "top")
    // The 120-point item's top 44 points at the 500-point scene's bottom.
    #expect(h.center("b") == pt(250, 500 - 44 + 60))
  }

  @Test("a view with the drag touch handler taken off the scene keeps 44 points of it inside")
  func directDrag() throws {
    let h = try SceneHarness(
      """
      {"name": "d", "size": [300, 200], "views": [
        {"id": "card", "frame": [100, 50, 80, 60], "touchHandler": "drag"}]}
      """)
    h.send(at: 0, .down(0, at: pt(140, 80)))
    h.send(at: 0.02, .motion(0, to: pt(-400, -300)))
    #expect(h.center("card") == pt(44 - 40, 44 - 30))
    h.send(at: 0.04, .up(0))
    #expect(h.center("card") == pt(4, 14))
  }
}
