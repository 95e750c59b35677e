import GestureKit
import Testing

@testable import WaylandBackend

/// A repeater on a virtual clock that records each repeat as (code, time).
private final class Probe {
  let clock = VirtualClock(now: 10)
  var repeats: [(UInt32, Double)] = []
  lazy var repeater = KeyRepeater(clock: clock, settings: .init(rate: 10, delay: 500)) { [unowned self] in
    repeats.append(($0, $1))
  }

  var times: [Double] { repeats.map { ($0.1 * 1000).rounded() / 1000 } }
}

@Suite("Key repeater")
struct KeyRepeaterTests {
  @Test("a held key repeats after the delay, then at the rate, until released")
  func repeatsUntilReleased() {
    let probe = Probe()
    probe.repeater.press(15, at: 10)
    probe.clock.advance(to: 10.499)
    #expect(probe.repeats.isEmpty)
    probe.clock.advance(to: 10.75)
    #expect(probe.times == [10.5, 10.6, 10.7])
    #expect(probe.repeats.allSatisfy { $0.0 == 15 })
    probe.repeater.release(15)
    probe.clock.advance(to: 12)
    #expect(probe.times == [10.5, 10.6, 10.7])
    #expect(probe.repeater.repeatingKey == nil)
  }

  @Test("releasing another key leaves the repeat going; a new press takes it over")
  func latestPressWins() {
    let probe = Probe()
    probe.repeater.press(15, at: 10)
    probe.repeater.release(30)
    probe.clock.advance(to: 10.55)
    probe.repeater.press(30, at: 10.55)
    probe.clock.advance(to: 11.2)
    #expect(probe.repeats.map(\.0) == [15, 30, 30])
    #expect(probe.times == [10.5, 11.05, 11.15])
  }

  @Test("stop (leave, keymap change, keyboard gone) ends the repeat at once")
  func stopEnds() {
    let probe = Probe()
    probe.repeater.press(15, at: 10)
    probe.clock.advance(to: 10.5)
    probe.repeater.stop()
    probe.clock.advance(to: 20)
    #expect(probe.times == [10.5])
  }

  @Test("a rate of 0 disables repeat; new settings stop the key repeating now")
  func rateZeroAndNewSettings() {
    let probe = Probe()
    probe.repeater.settings = .init(rate: 0, delay: 500)
    probe.repeater.press(15, at: 10)
    probe.clock.advance(to: 20)
    #expect(probe.repeats.isEmpty)
    probe.repeater.settings = .init(rate: 20, delay: 100)
    probe.repeater.press(15, at: 20)
    probe.clock.advance(to: 20.21)
    probe.repeater.settings = .init(rate: 5, delay: 100)
    probe.clock.advance(to: 21)
    #expect(probe.times == [20.1, 20.15, 20.2])
  }

  @Test("a stall past several deadlines gives one late repeat, then the cadence from now")
  func stallGivesNoBurst() {
    let clock = StallingClock()
    var times: [Double] = []
    let repeater = KeyRepeater(clock: clock, settings: .init(rate: 10, delay: 500)) { _, time in
      times.append(time)
    }
    repeater.press(15, at: 0)
    clock.fire(at: 2)  // the loop slept through 15 deadlines
    clock.fire(at: 2.05)
    clock.fire(at: 2.1)
    #expect(times == [0.5, 2.1])
  }

  @Test("a repeat that stops the repeater from its report is the last one")
  func stopFromReport() {
    let clock = VirtualClock()
    var count = 0
    // Weak: the repeater keeps its report closure, which must not keep the repeater.
    weak var weakRepeater: KeyRepeater?
    let repeater = KeyRepeater(clock: clock, settings: .init(rate: 100, delay: 0)) { _, _ in
      count += 1
      weakRepeater?.stop()
    }
    weakRepeater = repeater
    repeater.press(1, at: 0)
    clock.advance(to: 1)
    #expect(count == 1)
  }

  @Test("a rate above the maximum repeats at the maximum, a millisecond apart")
  func absurdRate() {
    let clock = VirtualClock(now: 10)
    var times: [Double] = []
    var repeater: KeyRepeater?
    repeater = KeyRepeater(clock: clock, settings: .init(rate: .max, delay: 0)) { _, time in
      times.append((time * 1000).rounded() / 1000)
      // Without the maximum the repeats would come every half nanosecond: a bound keeps the
      // test quick either way.
      if times.count == 100 { repeater?.stop() }
    }
    repeater?.press(15, at: 10)
    clock.advance(to: 10.0025)
    #expect(times == [10, 10.001, 10.002])
    repeater = nil
  }
}

/// A clock like the event loop's: timers fire when the loop gets to them, with `now` already
/// past their deadline.
private final class StallingClock: Clock {
  private(set) var now = 0.0
  private var timers = TimerQueue()

  func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle {
    timers.schedule(at: deadline, action)
  }

  func cancel(_ handle: TimerHandle) {
    timers.cancel(handle)
  }

  /// Sets the time to `time` and runs the timers due by then.
  func fire(at time: Double) {
    now = time
    while let due = timers.popNextDue(now: time) { due.action() }
  }
}
