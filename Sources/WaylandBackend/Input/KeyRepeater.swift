import GestureKit

/// Key repeat as `wl_keyboard.repeat_info` describes it, on the app clock: a held key repeats
/// `delay` after its press, then `rate` times a second, until it is released.
///
/// Pure logic over a GestureKit `Clock` (the live backend's `MonotonicClock`, a
/// `VirtualClock` in tests), so the timing is testable without a compositor:
/// - ``press(_:at:)`` starts repeating that key (one key repeats at a time: the latest
///   press wins, as on every desktop); ``release(_:)`` of that key stops it;
/// - ``stop()`` stops whatever repeats (keyboard leave, a new keymap, the keyboard going
///   away, new repeat settings);
/// - each repeat is reported with its deadline as its time, so the repeats of a hold are
///   evenly spaced whatever the event loop's latency; a loop that stalls past several
///   deadlines gets one repeat, not a burst;
/// - a rate of 0 (or less) disables repeat, as the protocol says; a rate above
///   ``maximumRate`` repeats at that rate.
///
/// Which keys repeat is the caller's choice: it only presses the keys that should.
final class KeyRepeater {
  /// Repeats per second and the delay before the first one (milliseconds), as in
  /// `wl_keyboard.repeat_info`.
  struct Settings: Equatable {
    /// Repeats per second; 0 or less disables repeat.
    var rate: Int32
    /// Milliseconds from the press to the first repeat.
    var delay: Int32

    /// What a keyboard without `repeat_info` (seat version 3 or older) gets: 25 repeats a
    /// second after 600 ms, the defaults of sway and of most toolkits.
    static let fallback = Settings(rate: 25, delay: 600)
  }

  /// The current settings; changing them stops the key repeating now.
  var settings: Settings {
    didSet { if settings != oldValue { stop() } }
  }

  /// The key repeating now (its evdev code), if any.
  private(set) var repeatingKey: UInt32?

  private let clock: any Clock
  private let onRepeat: (UInt32, Double) -> Void
  private var timer: TimerHandle?
  private var deadline = 0.0

  /// A repeater on `clock` that calls `onRepeat(code, time)` for each repeat.
  init(clock: any Clock, settings: Settings = .fallback, onRepeat: @escaping (UInt32, Double) -> Void) {
    self.clock = clock
    self.settings = settings
    self.onRepeat = onRepeat
  }

  deinit {
    if let timer { clock.cancel(timer) }
  }

  /// The most repeats a second: a compositor's rate of millions would repeat a held key at
  /// every turn of the event loop, which then never sleeps.
  static let maximumRate: Int32 = 1000

  /// True when the settings let keys repeat at all.
  var isEnabled: Bool { settings.rate > 0 }

  /// `code` was pressed at `time` (seconds on the clock): it repeats from `time + delay`,
  /// and whatever repeated before stops.
  func press(_ code: UInt32, at time: Double) {
    stop()
    guard isEnabled else { return }
    repeatingKey = code
    schedule(at: time + Double(max(settings.delay, 0)) / 1000)
  }

  /// `code` was released: it stops repeating if it was the key repeating.
  func release(_ code: UInt32) {
    if repeatingKey == code { stop() }
  }

  /// Stops repeating (no effect when nothing repeats).
  func stop() {
    if let timer { clock.cancel(timer) }
    timer = nil
    repeatingKey = nil
  }

  private func schedule(at deadline: Double) {
    self.deadline = deadline
    timer = clock.schedule(at: deadline) { [unowned self] in fire() }
  }

  private func fire() {
    timer = nil
    guard let code = repeatingKey else { return }
    let time = deadline
    let interval = 1 / Double(min(settings.rate, Self.maximumRate))
    // After a stall past the next deadline, the cadence restarts from now.
    var next = time + interval
    if next < clock.now { next = clock.now + interval }
    // Scheduled before reporting, so that a stop() from the report cancels it.
    schedule(at: next)
    onRepeat(code, time)
  }
}
