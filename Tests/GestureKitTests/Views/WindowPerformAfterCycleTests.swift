import Testing

@testable import GestureKit

@Suite("Window: work after the current cycle")
struct WindowPerformAfterCycleTests {
  @Test("outside a cycle the work runs at once")
  func runsAtOnce() {
    let h = Harness()
    h.window.performAfterCurrentCycle { h.transcript.add("work") }
    #expect(h.transcript.take() == ["work"])
  }

  @Test("asked from an action, the work runs once the cycle's deliveries are over")
  func runsAfterTheCycle() {
    let h = Harness()
    let view = h.addView("v", 0, 0, 100, 100)
    let pan = h.addPan("pan", to: view)
    pan.addTarget { [unowned h] recognizer in
      guard recognizer.state == .began else { return }
      h.transcript.add("action")
      h.window.performAfterCurrentCycle {
        h.transcript.add("work, \(h.window.activeTouches.count) touch down")
      }
    }
    h.down(0, 10, 10, at: 0)
    h.move(0, 40, 10, at: 0.1)
    #expect(
      h.transcript.take() == [
        "view v touchesBegan [0]", "pan began (30,0)", "view v touchesCancelled [0]", "action",
        "work, 1 touch down",
      ])
  }
}
