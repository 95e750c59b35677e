import GestureKit
import Testing

@testable import WaylandBackend

@Suite("Monotonic clock")
struct MonotonicClockTests {
  @Test("due timers run in deadline order, and one cancelled by an earlier one does not run")
  func cancelledByAnEarlierTimer() {
    let clock = MonotonicClock()
    var ran: [String] = []
    let past = clock.now - 1
    var second: TimerHandle?
    _ = clock.schedule(at: past) {
      ran.append("first")
      if let second { clock.cancel(second) }
    }
    second = clock.schedule(at: past + 0.5) { ran.append("second") }
    _ = clock.schedule(at: past + 0.6) { ran.append("third") }
    clock.fireDueTimers()
    #expect(ran == ["first", "third"])
    #expect(clock.nextDeadline == nil)
  }

  @Test("a timer in the future is not run, and sets the poll timeout")
  func futureTimer() {
    let clock = MonotonicClock()
    var ran = false
    _ = clock.schedule(at: clock.now + 30) { ran = true }
    clock.fireDueTimers()
    #expect(!ran)
    #expect((29_000...30_000).contains(clock.pollTimeout()))
  }

  @Test("with no timer the poll waits for input only")
  func noTimer() {
    #expect(MonotonicClock().pollTimeout() == -1)
  }
}
