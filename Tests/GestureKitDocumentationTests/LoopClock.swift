// The sample clock of GestureKit.docc/TimeAndClocks.md, as the article shows it
// (DocumentationSyncTests checks that it still does).

import GestureKit

/// A clock driven by some other event loop, which reads its own time source.
final class LoopClock: Clock {
  private var timers = TimerQueue()
  private let readTime: () -> Double

  init(readTime: @escaping () -> Double) {
    self.readTime = readTime
  }

  var now: Double { readTime() }

  func schedule(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle {
    timers.schedule(at: deadline, action)
  }

  func cancel(_ handle: TimerHandle) {
    timers.cancel(handle)
  }

  /// How long the loop may sleep before the next timer is due (nil: until input arrives).
  var timeUntilNextTimer: Double? {
    timers.nextDeadline.map { max(0, $0 - now) }
  }

  /// Called by the loop after every wake-up.
  func fireDueTimers() {
    let time = now
    while let timer = timers.popNextDue(now: time) { timer.action() }
  }
}
