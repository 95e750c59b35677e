import GestureKit

/// Runs a step function once per display frame (every 1/60 s) on a window's ``Clock``, until
/// the step says it is done: the animation engine of the `scrollStrip` and `drawer` behaviours.
///
/// The ticks are ordinary clock timers, so in a replay (a `VirtualClock`) an animation runs on
/// virtual time, between the trace's events, and its timers end when it does. Starting an
/// animator that runs replaces the running step; ``stop()`` cancels the pending tick.
final class FrameAnimator {
  /// The time between two ticks, in seconds.
  static let frameInterval = 1.0 / 60

  private let clock: Clock
  private var timer: TimerHandle?
  private var step: ((Double) -> Bool)?
  private var lastTick = 0.0

  /// An idle animator ticking on `clock`.
  init(clock: Clock) {
    self.clock = clock
  }

  /// True while a step is scheduled.
  var isRunning: Bool { timer != nil }

  /// Starts calling `step` every frame with the seconds since the previous call (the first
  /// call comes one frame from now); it returns true to go on, false when done.
  func start(_ step: @escaping (_ elapsed: Double) -> Bool) {
    stop()
    self.step = step
    lastTick = clock.now
    scheduleTick()
  }

  /// Stops the animation where it is; no further step runs.
  func stop() {
    if let timer { clock.cancel(timer) }
    timer = nil
    step = nil
  }

  private func scheduleTick() {
    timer = clock.schedule(at: lastTick + Self.frameInterval) { [weak self] in self?.tick() }
  }

  private func tick() {
    guard let step else { return }
    let now = clock.now
    let elapsed = now - lastTick
    lastTick = now
    if step(elapsed) {
      scheduleTick()
    } else {
      timer = nil
      self.step = nil
    }
  }
}
