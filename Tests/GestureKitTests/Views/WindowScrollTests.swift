import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "list" at (100,100,200,200) holding "row" at (0,0,200,50)
/// (window (100,100)-(300,150)); "listPan" is on list, and its actions write
/// "action listPan STATE velocity (VX,VY)". Wheel steps are 15 px, as Weston sends them;
/// the pointer is over the list at (200,200) unless a test says otherwise.
@Suite("Window+Scroll")
struct WindowScrollTests {
  let h = Harness()
  let list: View
  let row: View
  let listPan: PanGestureRecognizer

  init() {
    list = h.addView("list", 100, 100, 200, 200)
    row = h.addView("row", 0, 0, 200, 50, to: list)
    listPan = h.addPan("listPan", to: list)
    logVelocity(of: listPan)
  }

  private func logVelocity(of pan: PanGestureRecognizer) {
    pan.addTarget { [transcript = h.transcript] r in
      let pan = r as! PanGestureRecognizer
      transcript.add("action \(r.name ?? "?") \(r.state) velocity \(pan.velocity(in: nil))")
    }
  }

  /// One wheel step of `steps` notches down (positive) or up, at `time`.
  private func wheel(_ steps: Int, at time: Double, x: Double = 200, y: Double = 200) {
    h.clock.advance(to: time)
    h.window.sendScroll(
      Point(x: 0, y: 15 * Double(steps)), source: .wheel, discrete: true, at: Point(x: x, y: y), time: time)
  }

  /// Two fingers on a touchpad scrolling by (dx, dy) (Wayland's sign) at `time`.
  private func fingers(_ dx: Double, _ dy: Double, at time: Double, x: Double = 200, y: Double = 200) {
    h.clock.advance(to: time)
    h.window.sendScroll(
      Point(x: dx, y: dy), source: .finger, discrete: false, at: Point(x: x, y: y), time: time)
  }

  private func stop(at time: Double) {
    h.clock.advance(to: time)
    h.window.sendScrollStop(at: time)
  }

  @Test("by default neither a wheel nor a touchpad drives a pan")
  func noScrollingByDefault() {
    #expect(listPan.scrollTypes == [])
    wheel(1, at: 0)
    fingers(0, 10, at: 0.5)
    stop(at: 0.6)
    h.clock.advance(to: 2)
    #expect(h.transcript.take() == [])
    #expect(listPan.state == .possible)
  }

  @Test("a wheel drives a pan only when it allows discrete scrolling")
  func wheelNeedsDiscrete() {
    listPan.scrollTypes = .continuous
    wheel(1, at: 0)
    h.clock.advance(to: 1)
    #expect(h.transcript.take() == [])
    listPan.scrollTypes = .discrete
    wheel(1, at: 1)
    // Without a source, wheel steps still make it discrete; without steps, no source counts
    // as a wheel too (a compositor before wl_pointer version 5).
    h.window.sendScroll(
      Point(x: 0, y: 15), source: nil, discrete: true, at: Point(x: 200, y: 200), time: 1.01)
    h.window.sendScroll(
      Point(x: 0, y: 15), source: nil, discrete: false, at: Point(x: 200, y: 200), time: 1.02)
    #expect(
      h.transcript.take() == [
        "listPan began (0,-15)",
        "action listPan began velocity (0,0)",
        "listPan changed (0,-30)",
        "action listPan changed velocity (0,-1500)",
        "listPan changed (0,-45)",
        "action listPan changed velocity (0,-1500)",
      ])
  }

  @Test("touchpad scrolling drives a pan only when it allows continuous scrolling")
  func touchpadNeedsContinuous() {
    listPan.scrollTypes = .discrete
    fingers(0, 10, at: 0)
    stop(at: 0.1)
    #expect(h.transcript.take() == [])
    listPan.scrollTypes = .continuous
    fingers(0, 10, at: 1)
    h.window.sendScroll(
      Point(x: 0, y: 10), source: .continuous, discrete: false, at: Point(x: 200, y: 200), time: 1.01)
    stop(at: 1.02)
    #expect(
      h.transcript.take() == [
        "listPan began (0,-10)",
        "action listPan began velocity (0,0)",
        "listPan changed (0,-20)",
        "action listPan changed velocity (0,-1000)",
        "listPan ended (0,-20)",
        "action listPan ended velocity (0,0)",
      ])
  }

  @Test(
    "the translation accumulates against the scroll: content follows the fingers, a wheel down moves it up")
  func translationSign() {
    listPan.scrollTypes = .all
    // Fingers moving up and left on a touchpad with natural scrolling: Wayland reports
    // scrolling down and right (positive), and the content follows the fingers up and left.
    fingers(4, 10, at: 0)
    fingers(2, 10, at: 0.01)
    fingers(-1, 5, at: 0.02)
    #expect(isClose(listPan.translation(in: nil), Point(x: -5, y: -25)))
    #expect(isClose(listPan.translation(in: list), Point(x: -5, y: -25)))
    stop(at: 0.03)
    wheel(-2, at: 1)
    #expect(
      h.transcript.take() == [
        "listPan began (-4,-10)",
        "action listPan began velocity (0,0)",
        "listPan changed (-6,-20)",
        "action listPan changed velocity (-200,-1000)",
        "listPan changed (-5,-25)",
        // x went -4, -6, -5: the parabola through it moves right at the end (+250 px/s), as
        // Flutter's and Android's LSQ2 read it.
        "action listPan changed velocity (250,-250)",
        "listPan ended (-5,-25)",
        "action listPan ended velocity (0,0)",
        "listPan began (0,30)",
        "action listPan began velocity (0,0)",
      ])
  }

  @Test("axis_stop ends a touchpad pan with zero velocity, while it was moving at 1000 px/s")
  func stopEndsWithZeroVelocity() {
    listPan.scrollTypes = .continuous
    for step in 0..<5 { fingers(0, -10, at: Double(step) * 0.01) }
    #expect(isClose(listPan.velocity(in: nil), Point(x: 0, y: 1000), tolerance: 1e-6))
    stop(at: 0.04)
    #expect(
      h.transcript.take().suffix(2) == [
        "listPan ended (0,50)",
        "action listPan ended velocity (0,0)",
      ])
    #expect(listPan.state == .possible, "reset once the sequence is over")
    #expect(listPan.velocity(in: nil) == .zero)
  }

  @Test("a wheel pan ends 0.1 s after its last step, on the window's clock")
  func wheelEndsWhenIdle() {
    #expect(GestureConstants.scrollIdleInterval == 0.1)
    listPan.scrollTypes = .discrete
    wheel(1, at: 0)
    wheel(1, at: 0.05)
    h.clock.advance(to: 0.149)
    #expect(listPan.state == .changed)
    h.clock.advance(to: 0.2)
    #expect(isClose(h.window.currentTime, 0.15))
    #expect(
      h.transcript.take() == [
        "listPan began (0,-15)",
        "action listPan began velocity (0,0)",
        "listPan changed (0,-30)",
        "action listPan changed velocity (0,0)",
        "listPan ended (0,-30)",
        "action listPan ended velocity (0,0)",
      ])
    // The next step starts a new pan, from zero.
    wheel(1, at: 1)
    #expect(h.transcript.take().first == "listPan began (0,-15)")
  }

  @Test("a touchpad pan does not end when the fingers rest: only axis_stop ends it")
  func touchpadWaitsForStop() {
    listPan.scrollTypes = .continuous
    fingers(0, 10, at: 0)
    h.clock.advance(to: 5)
    #expect(listPan.state == .began)
    stop(at: 5)
    #expect(listPan.state == .possible)
  }

  @Test("the sequence goes to the pans under the pointer at its start, inner first, and stays there")
  func hitTestedOnceInnerFirst() {
    let rowPan = h.addPan("rowPan", to: row)
    rowPan.scrollTypes = .all
    listPan.scrollTypes = .all
    fingers(0, 10, at: 0, x: 150, y: 120)  // over row
    fingers(0, 10, at: 0.01, x: 150, y: 250)  // the pointer moved on over the list alone
    stop(at: 0.02)
    #expect(
      h.transcript.take() == [
        "rowPan began (0,-10)",
        "listPan failed",
        "rowPan changed (0,-20)",
        "rowPan ended (0,-20)",
      ])
    #expect(rowPan.location(in: nil) == Point(x: 150, y: 250), "the location is the pointer's")
    #expect(rowPan.numberOfTouches == 0)
  }

  @Test("pans that may recognize simultaneously both follow; a refused pan lets its ancestor's take it")
  func arbitration() {
    let rowPan = h.addPan("rowPan", to: row)
    let delegate = ScriptedDelegate()
    rowPan.delegate = delegate
    rowPan.scrollTypes = .discrete
    listPan.scrollTypes = .discrete
    delegate.simultaneous = true
    wheel(1, at: 0, x: 150, y: 120)
    h.clock.advance(to: 1)
    #expect(
      h.transcript.take() == [
        "rowPan began (0,-15)",
        "listPan began (0,-15)",
        "action listPan began velocity (0,0)",
        "rowPan ended (0,-15)",
        "listPan ended (0,-15)",
        "action listPan ended velocity (0,0)",
      ])
    delegate.simultaneous = false
    delegate.shouldBegin = false
    wheel(1, at: 2, x: 150, y: 120)
    wheel(1, at: 2.05, x: 150, y: 120)
    #expect(
      h.transcript.take() == [
        "rowPan failed",
        "listPan began (0,-15)",
        "action listPan began velocity (0,0)",
        "listPan changed (0,-30)",
        "action listPan changed velocity (0,0)",
      ])
  }

  @Test("a pan waiting for another recognizer to fail begins at the next step after it failed")
  func failureRequirement() {
    listPan.scrollTypes = .discrete
    let other = h.addView("other", 0, 0, 50, 50)
    let probe = h.addProbe("probe", to: other)
    probe.logsHooks = false
    listPan.require(toFail: probe)
    h.down(0, 20, 20, at: 0)  // the probe is possible with a touch
    wheel(1, at: 0.01)
    wheel(1, at: 0.02)
    #expect(listPan.state == .possible)
    h.up(0, at: 0.03)  // the probe fails
    wheel(1, at: 0.04)
    #expect(
      h.transcript.take() == [
        "view other touchesBegan [0]",
        "probe failed",
        "view other touchesEnded [0]",
        "listPan began (0,-45)",
        "action listPan began velocity (0,-250)",
      ])
  }

  @Test("a scrolling pan ignores touches, and a pan following a touch takes no scroll")
  func touchesAndScrollingStayApart() {
    listPan.scrollTypes = .continuous
    fingers(0, 10, at: 0)
    h.down(0, 250, 250, at: 0.01)
    h.move(0, 250, 290, at: 0.02)
    h.up(0, at: 0.03)
    stop(at: 0.04)
    h.down(1, 250, 250, at: 1)
    fingers(0, 10, at: 1.01)
    h.move(1, 250, 290, at: 1.02)
    stop(at: 1.03)
    h.up(1, at: 1.04)
    #expect(
      h.transcript.take() == [
        "listPan began (0,-10)",
        "action listPan began velocity (0,0)",
        "view list touchesBegan [0]",
        "view list touchesMoved [0]",
        "view list touchesEnded [0]",
        "listPan ended (0,-10)",
        "action listPan ended velocity (0,0)",
        "view list touchesBegan [1]",
        "listPan began (0,40)",
        "view list touchesCancelled [1]",
        "action listPan began velocity (0,2000)",
        "listPan ended (0,40)",
        "action listPan ended velocity (0,2000)",
      ])
  }

  @Test("a scroll of the other kind ends the sequence and starts its own")
  func kindChangeRestarts() {
    listPan.scrollTypes = .all
    wheel(1, at: 0)
    fingers(0, 10, at: 0.02)
    stop(at: 0.03)
    h.clock.advance(to: 1)
    #expect(
      h.transcript.take() == [
        "listPan began (0,-15)",
        "action listPan began velocity (0,0)",
        "listPan ended (0,-15)",
        "action listPan ended velocity (0,0)",
        "listPan began (0,-10)",
        "action listPan began velocity (0,0)",
        "listPan ended (0,-10)",
        "action listPan ended velocity (0,0)",
      ])
  }

  @Test("disabling a scrolling pan cancels it; cancelScroll cancels the pan in progress")
  func cancelling() {
    listPan.scrollTypes = .continuous
    fingers(0, 10, at: 0)
    listPan.isEnabled = false
    fingers(0, 10, at: 0.01)
    stop(at: 0.02)
    listPan.isEnabled = true
    fingers(0, 10, at: 1)
    h.window.cancelScroll(at: 1.01)
    fingers(0, 10, at: 2)
    #expect(
      h.transcript.take() == [
        "listPan began (0,-10)",
        "action listPan began velocity (0,0)",
        "listPan cancelled (0,-10)",
        "action listPan cancelled velocity (0,0)",
        "listPan began (0,-10)",
        "action listPan began velocity (0,0)",
        "listPan cancelled (0,-10)",
        "action listPan cancelled velocity (0,0)",
        "listPan began (0,-10)",
        "action listPan began velocity (0,0)",
      ])
  }

  @Test("a sequence that starts over no pan stays without one, even when the pointer reaches a pan")
  func sequenceWithoutPans() {
    listPan.scrollTypes = .continuous
    fingers(0, 10, at: 0, x: 20, y: 20)
    fingers(0, 10, at: 0.01, x: 200, y: 200)
    stop(at: 0.02)
    fingers(0, 10, at: 0.03, x: 200, y: 200)
    #expect(h.transcript.take().first == "listPan began (0,-10)")
    // A zero delta starts nothing.
    stop(at: 0.04)
    _ = h.transcript.take()
    fingers(0, 0, at: 0.05)
    #expect(h.transcript.take() == [])
  }

  @Test("a scrolling pan whose view leaves the window is cancelled and reset")
  func viewRemoved() {
    listPan.scrollTypes = .continuous
    fingers(0, 10, at: 0)
    list.removeFromSuperview()
    fingers(0, 10, at: 0.01)
    #expect(listPan.state == .possible)
    #expect(
      h.transcript.take() == [
        "listPan began (0,-10)",
        "action listPan began velocity (0,0)",
        "action listPan cancelled velocity (0,0)",
      ])
  }
}
