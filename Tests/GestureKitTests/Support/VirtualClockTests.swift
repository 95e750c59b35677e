import Testing

@testable import GestureKit

@Suite("VirtualClock")
struct VirtualClockTests {
  @Test("advancing fires due timers with now at each deadline, then stops at the target")
  func advancing() {
    let clock = VirtualClock(now: 10)
    var log: [String] = []
    _ = clock.schedule(at: 10.5) { log.append("a at \(clock.now)") }
    _ = clock.schedule(at: 10.25) { log.append("b at \(clock.now)") }
    _ = clock.schedule(at: 12) { log.append("c at \(clock.now)") }
    clock.advance(to: 11)
    #expect(log == ["b at 10.25", "a at 10.5"])
    #expect(clock.now == 11)
    clock.advance(by: 1)
    #expect(log.last == "c at 12.0")
    clock.advance(to: 5)
    #expect(clock.now == 12)
  }

  @Test("a timer scheduled by a firing timer fires in the same advance when due")
  func chained() {
    let clock = VirtualClock()
    var log: [Double] = []
    // The clock keeps its timers: they must not keep it.
    _ = clock.schedule(at: 1) { [unowned clock] in
      log.append(clock.now)
      _ = clock.schedule(at: 1.5) { [unowned clock] in log.append(clock.now) }
      _ = clock.schedule(at: 9) { [unowned clock] in log.append(clock.now) }
    }
    clock.advance(to: 2)
    #expect(log == [1, 1.5])
    #expect(clock.nextDeadline == 9)
  }

  @Test("a timer cancelled by an earlier timer in the same advance does not fire")
  func cancelledByEarlier() {
    let clock = VirtualClock()
    var log: [String] = []
    var later: TimerHandle?
    _ = clock.schedule(at: 1) {
      log.append("first")
      if let later { clock.cancel(later) }
    }
    later = clock.schedule(at: 1) { log.append("second") }
    clock.advance(to: 1)
    #expect(log == ["first"])
  }
}
