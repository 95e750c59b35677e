/// The scrolling of the pointer frame being assembled (`wl_pointer.axis`, its source and
/// wheel steps, `axis_stop`), and the axes of the scroll sequence that are still scrolling:
/// what `SeatInputTranslator` sends to the window when the frame ends.
///
/// The axis events of one frame combine into one delta (vertical in y, horizontal in x,
/// Wayland's sign). A stop ends the sequence once every axis that scrolled continuously in
/// it (since the last stop) has stopped; a wheel's frame ends what scrolled before it, since
/// a wheel sends no stop.
struct PointerScrollFrame {
  /// A frame's combined scrolling, as `Window.sendScroll` takes it.
  struct Scroll: Equatable {
    /// The frame's delta in logical pixels (positive scrolls down and right).
    var delta: Point
    /// The frame's source, if it said.
    var source: ScrollSource?
    /// Whether the frame had wheel steps.
    var discrete: Bool
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

  private var delta = Point.zero
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

  /// Adds one axis event (a finite value within the translator's limit) to the frame.
  mutating func add(_ axis: ScrollAxis, value: Double, source: ScrollSource?, discrete: Bool, at time: Double)
  {
    isQueued = true
    queueTime = time
    if let source { self.source = source }
    if discrete { hasSteps = true }
    switch axis {
    case .vertical: delta.y += value
    case .horizontal: delta.x += value
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
      if ScrollSequence.kind(of: source, discrete: hasSteps) == .continuous {
        if delta.x != 0 { horizontalScrolling = true }
        if delta.y != 0 { verticalScrolling = true }
      } else {
        horizontalScrolling = false
        verticalScrolling = false
      }
      if delta != .zero {
        output.scroll = Scroll(delta: delta, source: source, discrete: hasSteps, time: queueTime)
      }
      isQueued = false
      delta = .zero
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

  /// Forgets the frame and the sequence (the pointer left or was unplugged).
  mutating func reset() {
    self = PointerScrollFrame()
  }
}
