import Testing

@testable import GestureKit

/// Fixture: "red" (100,100,100,100) with a probe recognizer "probe".
@Suite("GestureRecognizer")
struct GestureRecognizerTests {
  let h = Harness()
  let red: View
  let probe: ProbeRecognizer

  init() {
    red = h.addView("red", 100, 100, 100, 100)
    probe = h.addProbe("probe", to: red)
  }

  @Test("defaults follow UIKit")
  func defaults() {
    let r = GestureRecognizer()
    #expect(r.isEnabled && r.cancelsTouchesInView && !r.delaysTouchesBegan && r.delaysTouchesEnded)
    #expect(r.allowedTouchTypes == [.direct, .indirectPointer, .pencil] && r.requiresExclusiveTouchType)
    #expect(r.state == .possible && r.numberOfTouches == 0 && r.view == nil && r.delegate == nil)
    #expect(!r.isDiscrete)
    #expect(r.canPrevent(probe) && r.canBePrevented(by: probe))
    #expect(!r.shouldRequireFailure(of: probe) && !r.shouldBeRequiredToFail(by: probe))
  }

  @Test("a continuous lifetime sends one action per transition and update, in target order")
  func continuousLifetime() {
    var log: [String] = []
    let r = GestureRecognizer { log.append("first \($0.state)") }
    r.addTarget { log.append("second \($0.state)") }
    r.state = .began
    r.state = .changed
    r.state = .changed
    r.state = .ended
    #expect(
      log == [
        "first began", "second began", "first changed", "second changed", "first changed", "second changed",
        "first ended", "second ended",
      ])
  }

  @Test("cancelled sends an action and failed sends none")
  func cancelAndFail() {
    var log: [GestureRecognizer.State] = []
    let cancelled = GestureRecognizer { log.append($0.state) }
    cancelled.state = .began
    cancelled.state = .cancelled
    let failed = GestureRecognizer { log.append($0.state) }
    failed.state = .failed
    let idle = GestureRecognizer { log.append($0.state) }
    idle.state = .possible
    #expect(log == [.began, .cancelled])
  }

  @Test("a discrete recognizer recognizes once in a window and resets when its touch lifts")
  func discrete() {
    probe.discrete = true
    probe.script[.ended] = { $0.state = .recognized }
    h.logActions(of: probe)
    h.down(0, 150, 150, at: 0)
    h.up(0, at: 0.1)
    #expect(
      h.transcript.take() == [
        "probe hook began [0]",
        "view red touchesBegan [0]",
        "probe hook ended [0]",
        "probe ended",
        "view red touchesCancelled [0]",
        "action probe ended",
        "probe reset",
      ])
    #expect(probe.state == .possible)
  }

  @Test(
    "after its attempt, a recognizer waits for its touches to lift, resets, and never sees touches still down"
  )
  func resetWaitsForTouches() {
    red.isMultipleTouchEnabled = true
    probe.discrete = true
    probe.cancelsTouchesInView = false
    probe.script[.began] = { if $0.state == .possible { $0.state = .recognized } }
    h.down(0, 150, 150, at: 0)
    h.down(1, 160, 160, at: 0.1)
    h.up(0, at: 0.2)
    h.move(1, 170, 170, at: 0.3)
    h.up(1, at: 0.4)
    #expect(
      h.transcript.take() == [
        "probe hook began [0]",
        "probe ended",
        "view red touchesBegan [0]",
        "view red touchesBegan [1]",
        "view red touchesEnded [0]",
        "probe reset",
        "view red touchesMoved [1]",
        "view red touchesEnded [1]",
      ])
  }

  @Test(
    "disabling a recognizer mid-gesture cancels it, resets it, and it ignores the touch after re-enabling")
  func disablingMidGesture() {
    let pan = h.addPan("pan", to: red)
    probe.isEnabled = false
    h.logActions(of: pan)
    h.down(0, 150, 150, at: 0)
    h.move(0, 170, 150, at: 0.1)
    pan.isEnabled = false
    #expect(pan.state == .possible)
    pan.isEnabled = true
    h.move(0, 190, 150, at: 0.2)
    h.up(0, at: 0.3)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "pan began (20,0)",
        "view red touchesCancelled [0]",
        "action pan began",
        "pan cancelled (20,0)",
        "action pan cancelled",
      ])
  }

  @Test("disabling a possible recognizer with touches fails it; an idle one just stays possible")
  func disablingWhilePossible() {
    h.down(0, 150, 150, at: 0)
    probe.isEnabled = false
    #expect(probe.state == .possible)
    h.up(0, at: 0.1)
    probe.isEnabled = true
    probe.isEnabled = false
    #expect(
      h.transcript.take() == [
        "probe hook began [0]",
        "view red touchesBegan [0]",
        "probe failed",
        "probe reset",
        "view red touchesEnded [0]",
      ])
  }

  @Test("removing a recognizer mid-gesture cancels it")
  func removal() {
    let pan = h.addPan("pan", to: red)
    probe.isEnabled = false
    h.down(0, 150, 150, at: 0)
    h.move(0, 170, 150, at: 0.1)
    red.removeGestureRecognizer(pan)
    h.move(0, 190, 150, at: 0.2)
    #expect(pan.view == nil && pan.state == .possible)
    #expect(h.transcript.take().suffix(1) == ["pan cancelled (20,0)"])
  }

  @Test("location is the centroid of the touches down; after they lift, where they lifted")
  func location() {
    red.isMultipleTouchEnabled = true
    probe.logsHooks = false
    var seen: [Point] = []
    probe.script[.ended] = { r in
      seen.append(r.location(in: nil))
      if r.numberOfTouches == 0 { r.state = .failed }
    }
    h.frame(at: 0, .down(0, at: Point(x: 110, y: 110)), .down(1, at: Point(x: 130, y: 150)))
    #expect(probe.numberOfTouches == 2)
    #expect(probe.location(in: nil) == Point(x: 120, y: 130))
    #expect(probe.location(in: red) == Point(x: 20, y: 30))
    #expect(probe.location(ofTouch: 0, in: red) == Point(x: 10, y: 10))
    h.up(0, at: 0.1)
    h.move(1, 140, 150, at: 0.2)
    h.up(1, at: 0.3)
    #expect(seen == [Point(x: 130, y: 150), Point(x: 140, y: 150)])
  }

  @Test("ignoring a touch drops it from the recognizer without cancelling it on the view")
  func ignoring() {
    probe.script[.began] = { r in
      for touch in r.trackedTouches where touch.id == 1 {
        r.ignore(touch, for: TouchEvent(timestamp: 0, allTouches: []))
      }
    }
    red.isMultipleTouchEnabled = true
    h.down(0, 150, 150, at: 0)
    h.down(1, 160, 160, at: 0.1)
    #expect(probe.numberOfTouches == 1)
    h.move(1, 170, 170, at: 0.2)
    h.up(1, at: 0.3)
    #expect(
      h.transcript.take() == [
        "probe hook began [0]",
        "view red touchesBegan [0]",
        "probe hook began [1]",
        "view red touchesBegan [1]",
        "view red touchesMoved [1]",
        "view red touchesEnded [1]",
      ])
  }

  @Test("a timer scheduled through the window runs as a cycle at its deadline")
  func timers() {
    probe.discrete = true
    probe.script[.began] = { [unowned h] r in
      _ = h.window.scheduleTimer(at: 0.5) { [unowned h] in
        h.transcript.add("timer at \(h.window.currentTime)")
        if r.state == .possible { r.state = .recognized }
      }
    }
    h.down(0, 150, 150, at: 0)
    h.clock.advance(to: 1)
    h.up(0, at: 1.1)
    #expect(
      h.transcript.take() == [
        "probe hook began [0]",
        "view red touchesBegan [0]",
        "timer at 0.5",
        "probe ended",
        "view red touchesCancelled [0]",
        "probe reset",
      ])
  }

  @Test("require(toFail:) records each requirement once")
  func failureRequirements() {
    let other = GestureRecognizer()
    probe.require(toFail: other)
    probe.require(toFail: other)
    #expect(probe.failureRequirements.count == 1)
    #expect(probe.failureRequirements[0].recognizer === other)
  }
}
