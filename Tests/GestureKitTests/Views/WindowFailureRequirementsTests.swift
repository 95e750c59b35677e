import Testing

@testable import GestureKit

/// Fixture: "v" (100,100,100,100) carrying a single tap "single" that requires a double tap
/// "double" to fail; both log their actions with the window's time.
@Suite("Window failure requirements")
struct WindowFailureRequirementsTests {
  let h = Harness()
  let v: View
  let single: TapGestureRecognizer
  let double: TapGestureRecognizer

  init() {
    v = h.addView("v", 100, 100, 100, 100)
    single = h.addTap("single", to: v)
    double = h.addTap("double", to: v, taps: 2)
    single.require(toFail: double)
    h.logTimedActions(of: single)
    h.logTimedActions(of: double)
  }

  @Test("one tap fires the single tap only when the 0.35 s double-tap window is over")
  func singleAfterWindow() {
    h.tap(0, 150, 150, at: 0)
    #expect(single.state == .possible, "held: it still reads possible")
    h.advance(to: 0.39)
    #expect(h.transcript.take() == ["view v touchesBegan [0]"])
    h.advance(to: 1)
    #expect(
      h.transcript.take() == [
        "double failed",
        "single ended",
        "view v touchesCancelled [0]",
        "action single ended at 0.4",
      ])
    #expect(single.state == .possible && double.state == .possible)
  }

  @Test("two quick taps fire only the double tap")
  func onlyDouble() {
    h.tap(0, 150, 150, at: 0)
    h.tap(1, 150, 150, at: 0.2)
    h.advance(to: 1)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "view v touchesBegan [1]",
        "double ended",
        "single failed",
        "view v touchesCancelled [0,1]",
        "action double ended at 0.25",
      ])
  }

  @Test("the waiting recognizer starts in the same frame as the failure, before the views get that frame")
  func sameFrame() {
    v.isMultipleTouchEnabled = true
    h.tap(0, 150, 150, at: 0)
    h.down(1, 150, 150, at: 0.2)
    h.transcript.add("frame at 0.3")
    h.move(1, 196, 150, at: 0.3)
    h.up(1, at: 0.4)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "view v touchesBegan [1]",
        "frame at 0.3",
        "double failed",
        "single ended",
        "view v touchesCancelled [0]",
        "action single ended at 0.3",
        "view v touchesMoved [1]",
        "view v touchesEnded [1]",
      ], "single had recognized and ignores touch 1: it never fails because of it")
  }

  @Test("a waiting recognizer's withheld began touches are dropped when it recognizes")
  func delayedBeganWhileWaiting() {
    single.delaysTouchesBegan = true
    h.tap(0, 150, 150, at: 0)
    h.advance(to: 1)
    #expect(h.transcript.take() == ["double failed", "single ended", "action single ended at 0.4"])
  }

  @Test("a waiting recognizer that fails releases its withheld touches to the view")
  func delayedBeganWaiterFails() {
    single.delaysTouchesBegan = true
    double.cancelsTouchesInView = false
    h.tap(0, 150, 150, at: 0)
    h.down(1, 150, 150, at: 0.2)
    h.transcript.add("lift at 0.25")
    h.up(1, at: 0.25)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [1]",
        "lift at 0.25",
        "double ended",
        "single failed",
        "action double ended at 0.25",
        "view v touchesBegan [0]",
        "view v touchesEnded [0,1]",
      ], "single ignores touch 1 (it had recognized), so only touch 0 was withheld")
  }

  @Test(
    "a continuous recognizer waits too, and begins in the frame in which the other fails",
    arguments: [true, false])
  func continuousWaits(panFirst: Bool) {
    let h = Harness()
    let v = h.addView("v", 100, 100, 100, 100)
    let probe = ProbeRecognizer(transcript: h.transcript)
    probe.name = "probe"
    let pan = PanGestureRecognizer()
    pan.name = "pan"
    for recognizer in panFirst ? [pan, probe] : [probe, pan] { v.addGestureRecognizer(recognizer) }
    probe.logsHooks = false
    probe.script[.moved] = { r in if r.location(in: nil).x >= 190 { r.state = .failed } }
    pan.require(toFail: probe)
    h.down(0, 150, 150, at: 0)
    h.move(0, 170, 150, at: 0.1)
    #expect(pan.state == .possible)
    h.move(0, 180, 150, at: 0.2)
    h.move(0, 190, 150, at: 0.3)
    h.move(0, 195, 150, at: 0.4)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "view v touchesMoved [0]",
        "view v touchesMoved [0]",
        "probe failed",
        "pan began (40,0)",
        "view v touchesCancelled [0]",
        "pan changed (45,0)",
      ])
  }

  @Test("a pan waiting for another pan on the same touch fails when that one begins")
  func waiterFailsWhenOtherBegins() {
    let h = Harness()
    let v = h.addView("v", 0, 0, 100, 100)
    let a = h.addPan("a", to: v)
    let b = h.addPan("b", to: v)
    a.require(toFail: b)
    h.down(0, 50, 50, at: 0)
    h.move(0, 80, 50, at: 0.1)
    #expect([a.state, b.state] == [.failed, .began])
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]",
        "b began (30,0)",
        "a failed",
        "view v touchesCancelled [0]",
      ])
  }

  @Test("a requirement on a recognizer without touches does not hold anything")
  func idleRequirement() {
    let other = h.addView("other", 250, 250, 100, 100)
    let pan = h.addPan("pan", to: other)
    let tap = h.addTap("tap", to: other)
    tap.require(toFail: pan)
    single.require(toFail: pan)
    double.isEnabled = false
    h.tap(0, 150, 150, at: 0)
    #expect(h.transcript.take().contains("action single ended at 0.05"))
  }

  @Test("the waiting recognizer's delegate can create the requirement, across view hierarchies")
  func delegateOfWaiter() {
    let h = Harness()
    let left = h.addView("left", 0, 0, 100, 100)
    let right = h.addView("right", 200, 0, 100, 100)
    let tap = h.addTap("tap", to: left)
    let pan = h.addPan("pan", to: right)
    let delegate = RequirementDelegate()
    delegate.requiresFailureOf = { $0 === pan }
    tap.delegate = delegate
    h.down(0, 250, 50, at: 0)
    h.tap(1, 50, 50, at: 0.1)
    #expect(tap.state == .possible)
    h.up(0, at: 0.3)
    #expect(
      h.transcript.take() == [
        "view right touchesBegan [0]",
        "view left touchesBegan [1]",
        "pan failed",
        "tap ended",
        "view left touchesCancelled [1]",
        "view right touchesEnded [0]",
      ])
  }

  @Test("the required recognizer's delegate can create the requirement, and its beginning fails the waiter")
  func delegateOfRequired() {
    let h = Harness()
    let left = h.addView("left", 0, 0, 100, 100)
    let right = h.addView("right", 200, 0, 100, 100)
    let tap = h.addTap("tap", to: left)
    let pan = h.addPan("pan", to: right)
    let delegate = RequirementDelegate()
    delegate.requiredToFailBy = { $0 === tap }
    pan.delegate = delegate
    h.down(0, 250, 50, at: 0)
    h.tap(1, 50, 50, at: 0.1)
    h.move(0, 270, 50, at: 0.3)
    h.up(0, at: 0.4)
    #expect(
      h.transcript.take() == [
        "view right touchesBegan [0]",
        "view left touchesBegan [1]",
        "pan began (20,0)",
        "tap failed",
        "view right touchesCancelled [0]",
        "view left touchesEnded [1]",
        "pan ended (20,0)",
      ])
  }

  @Test("the delegates are asked once per pair and attempt")
  func askedOncePerAttempt() {
    let h = Harness()
    let left = h.addView("left", 0, 0, 100, 100)
    let right = h.addView("right", 200, 0, 100, 100)
    let tap = h.addTap("tap", to: left)
    let pan = h.addPan("pan", to: right)
    let delegate = RequirementDelegate()
    tap.delegate = delegate
    pan.delegate = delegate
    h.down(0, 250, 50, at: 0)
    h.tap(1, 50, 50, at: 0.1)
    h.move(0, 270, 50, at: 0.3)
    #expect(delegate.questions == 4, "tap about pan, when the tap recognizes and when the pan begins")
    h.up(0, at: 0.4)
    h.tap(2, 50, 50, at: 1)
    #expect(delegate.questions == 4, "the pan has no attempt in progress: nobody asks about it")
    h.down(3, 250, 50, at: 2)
    h.tap(4, 50, 50, at: 2.1)
    h.tap(5, 50, 50, at: 2.2)
    #expect(delegate.questions == 10, "each of the two taps asks about the pan, the pan once about the tap")
    #expect(tap.askedFailureRequirements.isEmpty, "forgotten at the reset")
  }

  @Test("a yes from either recognizer's subclass hook creates a requirement")
  func subclassHooks() {
    final class PatientTap: TapGestureRecognizer {
      override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        other is PanGestureRecognizer
      }
    }
    final class DemandingPan: PanGestureRecognizer {
      override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        other is TapGestureRecognizer
      }
    }
    for (tap, pan) in [(PatientTap(), PanGestureRecognizer()), (TapGestureRecognizer(), DemandingPan())] {
      let h = Harness()
      let left = h.addView("left", 0, 0, 100, 100)
      let right = h.addView("right", 200, 0, 100, 100)
      tap.name = "tap"
      pan.name = "pan"
      left.addGestureRecognizer(tap)
      right.addGestureRecognizer(pan)
      h.down(0, 250, 50, at: 0)
      h.tap(1, 50, 50, at: 0.1)
      h.up(0, at: 0.3)
      #expect(
        h.transcript.take() == [
          "view right touchesBegan [0]",
          "view left touchesBegan [1]",
          "pan failed",
          "tap ended",
          "view left touchesCancelled [1]",
          "view right touchesEnded [0]",
        ])
    }
  }
}
