/// The scrolling of the pointer frame being assembled (`wl_pointer.axis`, its source and
/// wheel steps, `axis_stop`), and the axes of the scroll sequence that are still scrolling:
/// what `SeatInputTranslator` sends to the window when the frame ends.
///
/// The axis events of one frame combine into one delta (vertical in y, horizontal in x,
/// Wayland's sign). A stop ends the sequence once every axis that scrolled continuously in
/// it (since the last stop) has stopped; a wheel's frame ends what scrolled before it, since
/// a wheel sends no stop.
///
/// A wheel's frame also counts its steps (detents): an event's 120ths of a step
/// (`axis_value120`) where it has them, else its whole steps (`axis_discrete`), otherwise its
/// value over the compositor's distance for one step, learned from the latest event with
/// steps. Compositors differ in that distance (Weston's X11 backend and mutter report 10 px a
/// click, libinput-based ones such as KWin its click angle, usually 15), and a high-resolution
/// wheel's fractions of a step come with no whole step.
struct PointerScrollFrame {
  /// A frame's combined scrolling, as `Window.sendScroll` takes it.
  struct Scroll: Equatable {
    /// The frame's delta in logical pixels (positive scrolls down and right).
    var delta: Point
    /// The frame's source, if it said.
    var source: ScrollSource?
    /// Whether the frame had wheel steps.
    var discrete: Bool
    /// The frame's wheel steps per axis (vertical in y, the delta's sign), fractions of a
    /// step included; nil unless the frame is a wheel's (``ScrollSequence/kind(of:discrete:)``).
    var steps: Point?
    /// When the frame's last axis event came.
    var time: Double
  }

  /// What the end of a frame sends: its scrolling (nil when it scrolled by zero or not at
  /// all), then the time of the sequence's end when every axis that scrolled has stopped.
  struct Output: Equatable {
    /// The frame's scrolling.
    var scroll: Scroll?
    /// When the sequence ended, if it did in this frame.
    var stopTime: Double?
  }

  /// The compositor's distance for one wheel step until an event with whole steps tells it:
  /// libinput's usual click angle.
  static let defaultStepValue = 15.0
  /// The distances for one step the frame believes, in logical pixels: a stranger one (a
  /// hostile trace's) would turn the next fractions into thousands of steps.
  static let stepValueRange = 1.0...120.0

  private var delta = Point.zero
  private var steps = Point.zero
  /// The compositor's distance for one wheel step (kept when the frame is reset).
  private(set) var stepValue = defaultStepValue
  private var source: ScrollSource?
  private var hasSteps = false
  private var isQueued = false
  private var queueTime = 0.0
  private var verticalStopQueued = false
  private var horizontalStopQueued = false
  private var stopQueueTime = 0.0
  /// The axes that scrolled (continuously) since the last stop.
  private var verticalScrolling = false
  private var horizontalScrolling = false

  /// Adds one axis event (a finite value within the translator's limit, its whole wheel
  /// steps if it had `axis_discrete` or `axis_value120`, and its 120ths of a step if it had
  /// `axis_value120`) to the frame.
  mutating func add(
    _ axis: ScrollAxis, value: Double, source: ScrollSource?, discrete: Int?, value120: Int? = nil,
    at time: Double
  ) {
    isQueued = true
    queueTime = time
    if let source { self.source = source }
    var eventSteps = value / stepValue
    if discrete != nil || value120 != nil { hasSteps = true }
    let known = value120.map { Double($0) / 120 } ?? discrete.map(Double.init) ?? 0
    if known != 0 {
      eventSteps = known
      let learned = abs(value / known)
      if Self.stepValueRange.contains(learned) { stepValue = learned }
    }
    switch axis {
    case .vertical:
      delta.y += value
      steps.y += eventSteps
    case .horizontal:
      delta.x += value
      steps.x += eventSteps
    }
  }

  /// Adds one axis's stop to the frame.
  mutating func stop(_ axis: ScrollAxis, at time: Double) {
    stopQueueTime = time
    switch axis {
    case .vertical: verticalStopQueued = true
    case .horizontal: horizontalStopQueued = true
    }
  }

  /// Ends the frame: what it sends, and an empty frame for the next.
  mutating func endFrame() -> Output {
    var output = Output()
    if isQueued {
      let kind = ScrollSequence.kind(of: source, discrete: hasSteps)
      if kind == .continuous {
        if delta.x != 0 { horizontalScrolling = true }
        if delta.y != 0 { verticalScrolling = true }
      } else {
        horizontalScrolling = false
        verticalScrolling = false
      }
      if delta != .zero {
        output.scroll = Scroll(
          delta: delta, source: source, discrete: hasSteps, steps: kind == .discrete ? steps : nil,
          time: queueTime)
      }
      isQueued = false
      delta = .zero
      steps = .zero
      source = nil
      hasSteps = false
    }
    guard verticalStopQueued || horizontalStopQueued else { return output }
    if verticalStopQueued { verticalScrolling = false }
    if horizontalStopQueued { horizontalScrolling = false }
    verticalStopQueued = false
    horizontalStopQueued = false
    if !verticalScrolling && !horizontalScrolling { output.stopTime = stopQueueTime }
    return output
  }

  /// Forgets the frame and the sequence (the pointer left or was unplugged); keeps the
  /// distance for one wheel step, which is the compositor's.
  mutating func reset() {
    let stepValue = stepValue
    self = PointerScrollFrame()
    self.stepValue = stepValue
  }
}
