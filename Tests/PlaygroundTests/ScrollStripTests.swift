import GestureKit
import Testing

@testable import Playground

@Suite("Scroll strip")
struct ScrollStripTests {
  @Test("a flick decelerates after lift-off, stops within the bounds, and its timers end")
  func flickDecelerates() throws {
    let h = try SceneHarness(scrollDragScene)
    h.drag(at: 0, from: (300, 100), to: (220, 100))  // 10 px per 16 ms: 625 px/s to the left
    let atLift = h.center("shelf").x
    #expect(atLift == 420)
    h.clock.advance(to: 0.5)
    let coasting = h.center("shelf").x
    #expect(coasting < atLift - 100)
    #expect(h.clock.nextDeadline != nil)
    h.clock.advance(to: 5)
    let rest = h.center("shelf").x
    #expect(rest < coasting)
    #expect(rest > -100)  // stopped by friction, short of the end
    #expect(h.clock.nextDeadline == nil)
    // Roughly v / k further than at lift-off (v = 625 px/s, k = 2.002/s).
    #expect(abs((atLift - rest) - 625 / Deceleration.decayRate) < 25)
  }

  /// A finger down on the strip at x 300 at time 0, moved to each (time, x), lifted where it
  /// was last at `liftAt`; the harness five seconds on, and the shelf's centre x at the lift.
  static func flick(_ motions: [(Double, Double)], liftAt: Double) throws -> (SceneHarness, Double) {
    let h = try SceneHarness(scrollDragScene)
    h.send(at: 0, touchDown(0, 300, 100))
    for (t, x) in motions { h.send(at: t, touchMove(0, x, 100)) }
    h.send(at: liftAt, touchUp(0, motions.last!.1, 100))
    let atLift = h.center("shelf").x
    h.clock.advance(to: 5)
    return (h, atLift)
  }

  @Test("a left flick whose last motion follows a pause of more than 40 ms does not coast")
  func flickAfterPauseDoesNotCoast() throws {
    // Motions at 50, 53 and 103 ms after the down (the live case that once coasted right):
    // the 50 ms gap leaves the newest sample alone, so the velocity is zero.
    let (h, atLift) = try Self.flick([(0.05, 250), (0.053, 247), (0.103, 197)], liftAt: 0.107)
    #expect(h.center("shelf").x == atLift)
  }

  @Test("a left flick that stops hard coasts the way its end moves, as Flutter and Android read it")
  func hardStopCoastsWithItsEnd() throws {
    // The parabola through the samples turns back at the newest one (+2646.875 px/s, what the
    // peers' LSQ2 reads): the strip coasts right, back to its right end.
    let (h, atLift) = try Self.flick([(0.008, 250), (0.016, 248), (0.024, 247.5)], liftAt: 0.028)
    #expect(atLift == 447.5)
    #expect(h.center("shelf").x == 500, "coasted from \(atLift) to \(h.center("shelf").x)")
  }

  @Test("a hard flick stops dead at the end of the strip")
  func hardFlickStopsAtTheEnd() throws {
    let h = try SceneHarness(scrollDragScene)
    h.drag(at: 0, from: (390, 100), to: (150, 100))  // 30 px per 16 ms
    h.clock.advance(to: 5)
    #expect(h.center("shelf").x == -100)
    #expect(h.clock.nextDeadline == nil)
    // Back the other way: the other end.
    h.drag(at: 6, id: 1, from: (10, 100), to: (250, 100))
    h.clock.advance(to: 12)
    #expect(h.center("shelf").x == 500)
    #expect(h.clock.nextDeadline == nil)
  }

  @Test("a drag is bounded at the ends while the finger is down")
  func dragBounded() throws {
    let h = try SceneHarness(scrollDragScene)
    h.drag(at: 0, from: (100, 100), to: (390, 100), lift: false)
    #expect(h.center("shelf").x == 500)
  }

  @Test("a touch on the strip stops the deceleration")
  func touchStopsDeceleration() throws {
    let h = try SceneHarness(scrollDragScene)
    h.drag(at: 0, from: (300, 100), to: (220, 100))
    h.clock.advance(to: 0.3)
    h.drag(at: 0.3, id: 1, from: (300, 100), to: (300 - 10, 100), steps: 1, lift: false)
    let held = h.center("shelf").x
    h.clock.advance(to: 1)
    #expect(h.center("shelf").x == held)
  }

  @Test(
    "the wheel scrolls the strip sideways, also over an item, a step by the strip's width to the power 2/3")
  func wheelScrolls() throws {
    let h = try SceneHarness(scrollDragScene)
    let transcript = GestureTranscript(h)
    // The strip is 400 px wide: GTK scrolls a 400 px page by 54.3 px a wheel step.
    let step = try #require(WheelStep.distance(page: 400))
    #expect(abs(step - 54.288) < 0.001)
    for k in 0..<3 {
      let t = 0.05 * Double(k)
      h.clock.advance(to: t)
      // Over item a: wheel down, one step (15 px by the compositor), shows what lies to the right.
      h.window.sendScroll(pt(0, 15), source: .wheel, discrete: true, steps: pt(0, 1), at: pt(80, 80), time: t)
    }
    #expect(transcript.lines.first == "scroll began")
    #expect(abs(h.center("shelf").x - (500 - 3 * step)) < 1e-9)
    h.clock.advance(to: 1)
    #expect(transcript.lines.last == "scroll ended")
    #expect(abs(h.center("shelf").x - (500 - 3 * step)) < 1e-9)
    #expect(h.clock.nextDeadline == nil)
    #expect(h.parent(of: "a") == "shelf")
  }

  @Test("two fingers on a touchpad scroll the strip with the fingers, until the axis stop")
  func touchpadScrolls() throws {
    let h = try SceneHarness(scrollDragScene)
    for k in 0..<4 {
      let t = 0.016 * Double(k)
      h.clock.advance(to: t)
      h.window.sendScroll(pt(20, 0), source: .finger, discrete: false, at: pt(200, 100), time: t)
    }
    #expect(h.center("shelf").x == 500 - 80)
    h.window.sendScrollStop(at: 0.07)
    h.clock.advance(to: 1)
    #expect(h.center("shelf").x == 420)
    #expect(h.clock.nextDeadline == nil)
  }
}
