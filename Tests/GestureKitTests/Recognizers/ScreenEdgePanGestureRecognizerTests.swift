import Testing

@testable import GestureKit

/// Fixture: a 400x400 window filled by "screen" (0,0,400,400) carrying a screen-edge pan
/// named "edge" for the left edge.
@Suite("ScreenEdgePanGestureRecognizer")
struct ScreenEdgePanGestureRecognizerTests {
  let h = Harness()
  let screen: View
  let edge = ScreenEdgePanGestureRecognizer(edges: .left)

  init() {
    screen = h.addView("screen", 0, 0, 400, 400)
    edge.name = "edge"
    screen.addGestureRecognizer(edge)
  }

  /// A one-finger drag starting at `time`: down at `from`, a move to `to` 10 ms later, then up
  /// 10 ms after that.
  private func drag(from: Point, to: Point, at time: Double = 0) {
    h.frame(at: time, .down(0, at: from))
    h.frame(at: time + 0.01, .motion(0, to: to))
    h.up(0, at: time + 0.02)
  }

  @Test("edges are an option set whose all is the four edges, and the margin is 20 px")
  func edgesAndMargin() {
    #expect(RectEdge.all == [.top, .left, .bottom, .right])
    #expect(edge.edges == .left)
    #expect(GestureConstants.screenEdgeMargin == 20)
  }

  @Test("a touch within 20 px of the left edge moving right starts the pan, a pan in all else")
  func startsFromTheEdge() {
    h.down(0, 20, 200, at: 0)
    h.move(0, 35, 203, at: 0.01)
    h.move(0, 80, 210, at: 0.02)
    h.up(0, at: 0.03)
    #expect(
      h.transcript.take() == [
        "view screen touchesBegan [0]",
        "edge began (15,3)",
        "view screen touchesCancelled [0]",
        "edge changed (60,10)",
        "edge ended (60,10)",
      ])
  }

  @Test("a touch going down 21 px from the edge fails the recognizer at once")
  func tooFarFromTheEdge() {
    drag(from: Point(x: 21, y: 200), to: Point(x: 80, y: 200))
    #expect(
      h.transcript.take() == [
        "edge failed",
        "view screen touchesBegan [0]",
        "view screen touchesMoved [0]",
        "view screen touchesEnded [0]",
      ])
  }

  @Test("moving along the edge or towards it fails instead of beginning")
  func notMovingAway() {
    drag(from: Point(x: 5, y: 200), to: Point(x: 10, y: 215))  // mostly down, along the edge
    #expect(h.transcript.take().contains("edge failed"))
    drag(from: Point(x: 19, y: 200), to: Point(x: 5, y: 200), at: 1)  // towards the edge
    #expect(h.transcript.take().contains("edge failed"))
    drag(from: Point(x: 5, y: 200), to: Point(x: 15, y: 190), at: 2)  // 45 degrees away: allowed
    #expect(h.transcript.take().contains("edge began (10,-10)"))
  }

  @Test("only the configured edges count")
  func configuredEdgesOnly() {
    edge.edges = [.right, .bottom]
    drag(from: Point(x: 5, y: 200), to: Point(x: 50, y: 200))
    #expect(h.transcript.take().contains("edge failed"), "the left edge is not configured")
    drag(from: Point(x: 390, y: 200), to: Point(x: 370, y: 200), at: 1)
    #expect(h.transcript.take().contains("edge began (-20,0)"))
    drag(from: Point(x: 200, y: 385), to: Point(x: 200, y: 360), at: 2)
    #expect(h.transcript.take().contains("edge began (0,-25)"))
    drag(from: Point(x: 200, y: 5), to: Point(x: 200, y: 50), at: 3)
    #expect(h.transcript.take().contains("edge failed"), "the top edge is not configured")
  }

  @Test("in a corner, moving away from either of the configured edges there starts the pan")
  func corner() {
    edge.edges = .all
    drag(from: Point(x: 395, y: 395), to: Point(x: 395, y: 370))
    #expect(h.transcript.take().contains("edge began (0,-25)"))
    drag(from: Point(x: 395, y: 395), to: Point(x: 370, y: 395), at: 1)
    #expect(h.transcript.take().contains("edge began (-25,0)"))
  }

  @Test("the edge is the window's, not the view's the recognizer is attached to")
  func windowEdgeNotViewEdge() {
    let inset = h.addView("inset", 100, 100, 200, 200)
    let insetEdge = ScreenEdgePanGestureRecognizer(edges: .all)
    insetEdge.name = "insetEdge"
    inset.addGestureRecognizer(insetEdge)
    drag(from: Point(x: 105, y: 200), to: Point(x: 150, y: 200))
    #expect(
      h.transcript.take() == [
        "insetEdge failed",
        "view inset touchesBegan [0]",
        "view inset touchesMoved [0]",
        "view inset touchesEnded [0]",
      ])
  }

  @Test("the window's screen-edge bounds, when set, give the edges: within 20 px inside, or beyond")
  func screenEdgeBounds() {
    let inset = h.addView("inset", 100, 100, 200, 200)
    let insetEdge = ScreenEdgePanGestureRecognizer(edges: [.left, .bottom])
    insetEdge.name = "insetEdge"
    inset.addGestureRecognizer(insetEdge)
    h.window.screenEdgeBounds = Rect(x: 100, y: 100, width: 200, height: 200)
    drag(from: Point(x: 119, y: 200), to: Point(x: 150, y: 200))
    #expect(h.transcript.take().contains("insetEdge began (31,0)"))
    drag(from: Point(x: 200, y: 285), to: Point(x: 200, y: 250), at: 1)
    #expect(h.transcript.take().contains("insetEdge began (0,-35)"))
    drag(from: Point(x: 121, y: 200), to: Point(x: 150, y: 200), at: 2)
    #expect(h.transcript.take().contains("insetEdge failed"), "21 px inside the left edge")
    // The screen's own left edge, outside the bounds on the left: beyond the edge, near it.
    drag(from: Point(x: 5, y: 200), to: Point(x: 40, y: 200), at: 3)
    #expect(h.transcript.take().contains("edge began (35,0)"))
    h.window.screenEdgeBounds = nil
    drag(from: Point(x: 119, y: 200), to: Point(x: 150, y: 200), at: 4)
    #expect(h.transcript.take().contains("insetEdge failed"), "back to the window's edges")
  }

  @Test("a second touch going down away from the edge before the pan began fails it")
  func secondTouchAwayFromTheEdge() {
    h.down(0, 10, 200, at: 0)
    h.down(1, 200, 200, at: 0.01)
    h.move(0, 40, 200, at: 0.02)
    #expect(edge.state == .failed)
    h.up(0, at: 0.03)
    h.up(1, at: 0.04)
    h.down(0, 10, 200, at: 1)
    h.down(1, 15, 250, at: 1.01)  // also near the left edge: allowed
    h.frame(at: 1.02, .motion(0, to: Point(x: 40, y: 200)), .motion(1, to: Point(x: 45, y: 250)))
    #expect(edge.state == .began)
  }
}
