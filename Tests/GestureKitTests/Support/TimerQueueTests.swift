import Testing

@testable import GestureKit

@Suite("TimerQueue")
struct TimerQueueTests {
  @Test("due timers pop in deadline order, equal deadlines in scheduling order")
  func ordering() {
    var queue = TimerQueue()
    var fired: [String] = []
    _ = queue.schedule(at: 2) { fired.append("b") }
    _ = queue.schedule(at: 1) { fired.append("a") }
    _ = queue.schedule(at: 2) { fired.append("c") }
    _ = queue.schedule(at: 3) { fired.append("d") }
    #expect(queue.nextDeadline == 1)
    for (_, action) in queue.popDue(now: 2.5) { action() }
    #expect(fired == ["a", "b", "c"])
    #expect(queue.nextDeadline == 3)
    #expect(queue.count == 1)
  }

  @Test("a cancelled timer never pops")
  func cancelling() {
    var queue = TimerQueue()
    let first = queue.schedule(at: 1) {}
    let second = queue.schedule(at: 1) {}
    queue.cancel(first)
    queue.cancel(first)
    let due = queue.popDue(now: 5)
    #expect(due.map(\.0) == [second])
    #expect(queue.nextDeadline == nil)
    #expect(queue.popNextDue(now: 5) == nil)
  }

  @Test("a deadline that is NaN never comes, and keeps no other timer from firing")
  func notANumber() {
    var queue = TimerQueue()
    var fired: [String] = []
    _ = queue.schedule(at: .nan) { fired.append("never") }
    _ = queue.schedule(at: 1) { fired.append("a") }
    _ = queue.schedule(at: .infinity) { fired.append("never either") }
    _ = queue.schedule(at: 2) { fired.append("b") }
    #expect(queue.nextDeadline == 1)
    while let due = queue.popNextDue(now: 1e300) { due.action() }
    #expect(fired == ["a", "b"])
    #expect(queue.nextDeadline == .infinity && queue.count == 2)
  }
}
