/// Turns a seat's events (`SeatEvent`) into what a `Window` understands: input frames,
/// hover updates and cancellations. The live backend and the replay of a trace both feed
/// one of these, so both give the same event log.
///
/// - Touch: events are buffered until `touchFrame` and sent as one `InputFrame`; "no touches
///   left" counts as a frame too (Weston 10 sends none after the last up). Ids not down are
///   ignored for motion and up; a down for an id already down is ignored.
/// - Pointer: while the left button is held the pointer is one touch of type
///   `indirectPointer` with id `TouchInput.pointerID` (press is down, motion is motion, also
///   outside the surface during the compositor's implicit grab, release is up). Pointer
///   events are combined until `pointerFrame`, or until an event of another device arrives
///   or `flush(at:)` is called (compositors before `wl_pointer` version 5 send no frames).
///   Leaving the surface with the button held cancels that touch. Every pointer position is
///   also a hover update; leaving ends the hover.
/// - Cancels: `touchCancel` and a lost touch capability cancel the direct touches; a lost
///   pointer capability cancels the pointer's touch and ends the hover.
/// - Keys go to `onKey` with the modifiers tracked from the key events themselves.
/// - Sanitising: an event with a non-finite or absurd coordinate (beyond ±1,000,000 px) is
///   dropped and reported to `onWarning`; a time earlier than the previous one is clamped.
/// - Scrolling and touchpad gestures are accepted and not acted on yet.
public final class SeatInputTranslator {
  /// Coordinates beyond this magnitude (logical pixels) are treated as garbage.
  public static let coordinateLimit = 1_000_000.0

  /// The window the input goes to.
  public let window: Window
  /// Called for every key press and release.
  public var onKey: ((KeyPress) -> Void)?
  /// Called with a one-line description of every input dropped as invalid.
  public var onWarning: ((String) -> Void)?

  private var lastTime = -Double.infinity
  private var touchQueue: [TouchInput] = []
  private var touchQueueTime = 0.0
  private var touchesDown: [Int: Point] = [:]
  private var pointerQueue: [TouchInput] = []
  private var pointerQueueTime = 0.0
  private var pointerInside = false
  private var pointerLocation = Point.zero
  private var pointerPressed = false
  private var modifiers: KeyModifiers = []

  /// A translator feeding `window`.
  public init(window: Window) {
    self.window = window
    touchQueue.reserveCapacity(10)
    pointerQueue.reserveCapacity(4)
  }

  /// Handles one event that happened at `time` (seconds on the window's clock).
  public func handle(_ event: SeatEvent, at time: Double) {
    let time = max(time, lastTime)
    lastTime = time
    if !event.isPointerEvent { flushPointer() }
    switch event {
    case .touchDown(let id, let location):
      guard accept(location, in: event), touchesDown[id] == nil else { return }
      touchesDown[id] = location
      queueTouch(.down, id: id, at: location, time: time)
    case .touchMotion(let id, let location):
      guard accept(location, in: event), touchesDown[id] != nil else { return }
      touchesDown[id] = location
      queueTouch(.motion, id: id, at: location, time: time)
    case .touchUp(let id):
      guard let location = touchesDown.removeValue(forKey: id) else { return }
      queueTouch(.up, id: id, at: location, time: time)
      if touchesDown.isEmpty { flushTouches() }
    case .touchFrame:
      flushTouches()
    case .touchCancel, .touchCapabilityLost:
      touchQueue.removeAll(keepingCapacity: true)
      guard !touchesDown.isEmpty else { return }
      touchesDown.removeAll()
      window.cancelTouches(ofType: .direct, at: time)
    case .pointerEnter(let location):
      guard accept(location, in: event) else { return }
      pointerInside = true
      pointerLocation = location
      window.sendHover(location, at: time)
    case .pointerLeave:
      pointerInside = false
      endPointer(at: time)
    case .pointerMotion(let location):
      guard accept(location, in: event), pointerInside || pointerPressed else { return }
      pointerLocation = location
      if pointerPressed { queuePointer(.motion, time: time) }
      window.sendHover(location, at: time)
    case .pointerButton(let button, let pressed):
      guard button == SeatEvent.leftButton else { return }
      if pressed, !pointerPressed, pointerInside {
        pointerPressed = true
        queuePointer(.down, time: time)
      } else if !pressed, pointerPressed {
        pointerPressed = false
        queuePointer(.up, time: time)
      }
    case .pointerFrame:
      flushPointer()
    case .pointerCapabilityLost:
      pointerInside = false
      endPointer(at: time)
    case .key(let name, let pressed):
      if let modifier = KeyModifiers.modifier(forKeyNamed: name) {
        if pressed { modifiers.insert(modifier) } else { modifiers.remove(modifier) }
      }
      onKey?(KeyPress(name: name, isPressed: pressed, modifiers: modifiers, time: time))
    case .pointerAxis, .pointerAxisStop, .pinchBegin, .pinchUpdate, .pinchEnd, .swipeBegin,
      .swipeUpdate, .swipeEnd, .holdBegin, .holdEnd:
      break
    }
  }

  /// Sends whatever is still buffered (the end of a trace, or a compositor without pointer
  /// frames), as if the device had sent its frame at `time`.
  public func flush(at time: Double) {
    lastTime = max(time, lastTime)
    flushPointer()
    flushTouches()
  }

  /// Whether a touch or the pointer is down (for tests and diagnostics).
  public var hasActiveInput: Bool { !touchesDown.isEmpty || pointerPressed }

  // MARK: Private

  private func accept(_ location: Point, in event: SeatEvent) -> Bool {
    let limit = Self.coordinateLimit
    guard location.x.isFinite, location.y.isFinite, abs(location.x) <= limit, abs(location.y) <= limit
    else {
      onWarning?("dropped \(event): coordinates must be finite and within ±\(Int(limit)) px")
      return false
    }
    return true
  }

  private func queueTouch(_ kind: TouchInput.Kind, id: Int, at location: Point, time: Double) {
    touchQueueTime = time
    touchQueue.append(TouchInput(kind: kind, id: id, location: location, type: .direct))
  }

  private func flushTouches() {
    guard !touchQueue.isEmpty else { return }
    let frame = InputFrame(timestamp: touchQueueTime, touches: touchQueue)
    touchQueue.removeAll(keepingCapacity: true)
    window.send(frame)
  }

  private func queuePointer(_ kind: TouchInput.Kind, time: Double) {
    pointerQueueTime = time
    pointerQueue.append(
      TouchInput(kind: kind, id: TouchInput.pointerID, location: pointerLocation, type: .indirectPointer))
  }

  private func flushPointer() {
    guard !pointerQueue.isEmpty else { return }
    let frame = InputFrame(timestamp: pointerQueueTime, touches: pointerQueue)
    pointerQueue.removeAll(keepingCapacity: true)
    window.send(frame)
  }

  /// The pointer left or was unplugged: its touch is cancelled and the hover ends.
  private func endPointer(at time: Double) {
    pointerQueue.removeAll(keepingCapacity: true)
    if pointerPressed {
      pointerPressed = false
      window.cancelTouches(ofType: .indirectPointer, at: time)
    }
    window.sendHover(nil, at: time)
  }
}

extension SeatEvent {
  /// True for the events of `wl_pointer`, which are combined until a pointer frame.
  var isPointerEvent: Bool {
    switch self {
    case .pointerEnter, .pointerLeave, .pointerMotion, .pointerButton, .pointerAxis, .pointerAxisStop,
      .pointerFrame:
      return true
    default:
      return false
    }
  }
}
