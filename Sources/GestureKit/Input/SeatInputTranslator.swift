/// Turns a seat's events (`SeatEvent`) into what a `Window` understands: input frames,
/// hover updates and cancellations. The live backend and the replay of a trace both feed
/// one of these, so both give the same event log.
///
/// - Touch: events are buffered until `touchFrame` and sent as one `InputFrame`; "no touches
///   left" counts as a frame too (Weston 10 sends none after the last up). Ids not down are
///   ignored for motion and up; a down for an id already down is ignored.
/// - Pointer: while the left or the right button is held the pointer is one touch of type
///   `indirectPointer` with id `TouchInput.pointerID` (press is down, motion is motion, also
///   outside the surface during the compositor's implicit grab, release is up), with the
///   button that pressed it as its `buttonMask`; the other button does nothing meanwhile, and
///   the middle and side buttons nothing at all. (A right-button touch reaches only the taps
///   that ask for it, `TapGestureRecognizer.buttonMaskRequired`.) Pointer
///   events are combined until `pointerFrame`, or until an event of another device arrives
///   or `flush(at:)` is called (compositors before `wl_pointer` version 5 send no frames).
///   Leaving the surface with the button held cancels that touch. Every pointer position is
///   also a hover update; leaving ends the hover.
/// - Two fingers from one mouse: while Alt is held a left press puts two fingers down
///   (SeatInputTranslator+TwoFingers.swift).
/// - Tablet tools: a tip on the surface is a `pencil` touch, a tool near it hovers
///   (SeatInputTranslator+Tablet.swift).
/// - Cancels: `touchCancel` and a lost touch capability cancel the direct touches (those
///   down, and those lifted whose end is still withheld from their view by
///   `delaysTouchesEnded`); a lost pointer capability cancels the pointer's touches and ends
///   the hover.
/// - Keys go to `onKey` with the modifiers tracked from the key events themselves. A press
///   of a key already down (by name) is a key repeat: it goes out with `isRepeat` set.
/// - Sanitising: an event with a non-finite or absurd coordinate (beyond ±1,000,000 px) is
///   dropped and reported to `onWarning`; a time earlier than the previous one is clamped.
/// - Scrolling: the axis events of one pointer frame are combined into one delta (vertical
///   in y, horizontal in x, Wayland's sign: positive scrolls down/right), with the frame's
///   source, whether it had wheel steps and, for a wheel, how many (`PointerScrollFrame`
///   counts fractions of a step too), and sent to `Window.sendScroll` at the pointer's
///   location (a frame scrolling by zero sends nothing). `axis_stop` ends the sequence once
///   every axis that scrolled in it (since the last stop) has stopped, so a touchpad's stop
///   of both axes in one frame, or of the one axis it scrolled, ends it; the window ends
///   wheel sequences itself, after an idle interval. Leaving the surface ends the sequence;
///   a lost pointer capability cancels it.
/// - Touchpad pinch: begin, update and end go to the window's touchpad pinch path, the
///   begin at the pointer's location; a lost pointer capability cancels the pinch. Touchpad
///   swipes and holds drive nothing, as in UIKit, where a three- or four-finger swipe belongs
///   to the system and two-finger scrolling (`pointerAxis`) drives the pans: they are
///   accepted (and recorded) and otherwise ignored, in any order, without effect on the
///   other input.
public final class SeatInputTranslator {
  /// Coordinates beyond this magnitude (logical pixels) are treated as garbage.
  public static let coordinateLimit = 1_000_000.0

  /// The window the input goes to.
  public let window: Window
  /// Called for every key press and release.
  public var onKey: ((KeyPress) -> Void)?
  /// Called with a one-line description of every input dropped as invalid.
  public var onWarning: ((String) -> Void)?
  /// Called whenever what a UI shows of the Alt two-finger emulation may have changed
  /// (`emulatedFingers`, the mode, `isSecondFingerDown`): pointer motion, entry or exit while
  /// Alt is held, Alt or Shift going up or down, the button while Alt is held. The translator
  /// changes no view itself: a marker view redraws itself here.
  public var onEmulatedFingersChange: (() -> Void)?

  private var lastTime = -Double.infinity
  private var touchQueue: [TouchInput] = []
  private var touchQueueTime = 0.0
  private var touchesDown: [Int: Point] = [:]
  var pointerQueue: [TouchInput] = []
  var pointerQueueTime = 0.0
  /// Whether the pointer is on the surface, and where (a tablet tool's hover hands back to it).
  private(set) var pointerInside = false
  private(set) var pointerLocation = Point.zero
  var pointerPressed = false
  /// The button whose press made the pointer's touch (the other one does nothing meanwhile).
  private var pointerButton = ButtonMask.primary
  var modifiers: KeyModifiers = []
  /// The Alt two-finger emulation, and whether its second finger is down.
  var twoFingers = MouseTwoFingerEmulation()
  var secondFingerDown = false
  /// The keys down now, by keysym name (a press of one of them is a repeat).
  private var keysDown: Set<String> = []
  /// The scrolling of the pointer frame being assembled.
  private var scroll = PointerScrollFrame()
  /// The tablet tools near the surface (SeatInputTranslator+Tablet), found by their number:
  /// a few at most, and an array's elements change in place where a dictionary's modify
  /// allocates (21 allocations a pen motion in `make alloc-check`).
  var tablets: [TabletTool] = []
  /// The buffer of a tool's input frame, reused.
  var tabletQueue: [TouchInput] = []

  /// A translator feeding `window`.
  public init(window: Window) {
    self.window = window
    touchQueue.reserveCapacity(10)
    pointerQueue.reserveCapacity(8)
    tabletQueue.reserveCapacity(2)
    tablets.reserveCapacity(4)
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
      touchesDown.removeAll()
      // Also when no finger is down: an end still withheld from its view is cancelled (as
      // Esc cancels it); with nothing live or withheld, nothing happens.
      window.cancelTouches(ofType: .direct, at: time)
    case .pointerEnter(let location):
      guard accept(location, in: event) else { return }
      pointerInside = true
      pointerLocation = location
      if twoFingers.isActive { onEmulatedFingersChange?() }
      window.sendHover(location, at: time)
    case .pointerLeave:
      pointerInside = false
      flushScroll()
      endScroll(at: time, cancelled: false)
      endPointer(at: time)
    case .pointerMotion(let location):
      guard accept(location, in: event), pointerInside || pointerPressed else { return }
      pointerLocation = location
      if pointerPressed { queuePointer(.motion, time: time) }
      if twoFingers.isActive { onEmulatedFingersChange?() }
      window.sendHover(location, at: time)
    case .pointerButton(let button, let pressed):
      guard let mask = ButtonMask(linuxButton: button) else { return }
      if pressed, !pointerPressed, pointerInside {
        pointerPressed = true
        pointerButton = mask
        queuePointer(.down, time: time)
        if twoFingers.isActive, mask == .primary {
          secondFingerDown = true
          queueSecondFinger(.down, time: time)
          onEmulatedFingersChange?()
        }
      } else if !pressed, pointerPressed, mask == pointerButton {
        queuePointer(.up, time: time)
        pointerPressed = false
        let wasDown = secondFingerDown
        secondFingerDown = false
        if wasDown || twoFingers.isActive { onEmulatedFingersChange?() }
      }
    case .pointerFrame:
      flushPointer()
    case .pointerCapabilityLost:
      pointerInside = false
      endScroll(at: time, cancelled: true)
      window.sendTouchpadPinchEnd(cancelled: true, time: time)
      endPointer(at: time)
    case .key(let name, let pressed, let shifted, let latin):
      if let modifier = KeyModifiers.modifier(forKeyNamed: name) {
        let old = modifiers
        if pressed { modifiers.insert(modifier) } else { modifiers.remove(modifier) }
        updateTwoFingers(from: old, at: time)
      }
      let isRepeat = pressed && keysDown.contains(name)
      if pressed { keysDown.insert(name) } else { keysDown.remove(name) }
      onKey?(
        KeyPress(
          name: name, isPressed: pressed, modifiers: modifiers, time: time, isRepeat: isRepeat,
          shiftedName: shifted, latinName: latin))
    case .pointerAxis(let axis, let value, let source, let discrete, let value120):
      guard value.isFinite, abs(value) <= Self.coordinateLimit,
        (discrete ?? 0).magnitude <= UInt(Self.coordinateLimit),
        (value120 ?? 0).magnitude <= 120 * UInt(Self.coordinateLimit)
      else {
        onWarning?(
          "dropped \(event.summary): the value must be finite and within ±\(Int(Self.coordinateLimit)) px, and the steps within as many"
        )
        return
      }
      scroll.add(axis, value: value, source: source, discrete: discrete, value120: value120, at: time)
    case .pointerAxisStop(let axis):
      scroll.stop(axis, at: time)
    case .pinchBegin:
      window.sendTouchpadPinchBegin(at: pointerLocation, time: time)
    case .pinchUpdate(_, let scale, let rotation):
      let limit = Self.coordinateLimit
      guard scale.isFinite, rotation.isFinite, abs(scale) <= limit, abs(rotation) <= limit else {
        onWarning?("dropped \(event.summary): scale and rotation must be finite and within ±\(Int(limit))")
        return
      }
      window.sendTouchpadPinchUpdate(scale: scale, rotationDegrees: rotation, time: time)
    case .pinchEnd(let cancelled):
      window.sendTouchpadPinchEnd(cancelled: cancelled, time: time)
    case .swipeBegin, .swipeUpdate, .swipeEnd, .holdBegin, .holdEnd:
      break
    case .tabletProximityIn, .tabletProximityOut, .tabletDown, .tabletUp, .tabletMotion, .tabletPressure,
      .tabletDistance, .tabletTilt, .tabletRotation, .tabletButton, .tabletFrame, .tabletToolRemoved:
      handleTablet(event, at: time)
    }
  }

  /// Sends whatever is still buffered (the end of a trace, or a compositor without pointer
  /// frames), as if the device had sent its frame at `time`.
  public func flush(at time: Double) {
    lastTime = max(time, lastTime)
    flushPointer()
    flushTouches()
    flushTablets(at: lastTime)
  }

  /// Whether a touch, the pointer or a tablet tool's tip is down (for tests and diagnostics).
  public var hasActiveInput: Bool {
    !touchesDown.isEmpty || pointerPressed || tablets.contains { $0.isDown }
  }

  // MARK: Private

  func accept(_ location: Point, in event: SeatEvent) -> Bool {
    let limit = Self.coordinateLimit
    guard location.x.isFinite, location.y.isFinite, abs(location.x) <= limit, abs(location.y) <= limit
    else {
      onWarning?("dropped \(event.summary): coordinates must be finite and within ±\(Int(limit)) px")
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
    var touches: [TouchInput] = []
    swap(&touches, &touchQueue)
    send(&touches, at: touchQueueTime)
    if touchQueue.isEmpty { swap(&touches, &touchQueue) }
  }

  /// Queues the pointer's touch, and the emulated second finger's when it is down.
  private func queuePointer(_ kind: TouchInput.Kind, time: Double) {
    pointerQueueTime = time
    var input = TouchInput(
      kind: kind, id: TouchInput.pointerID, location: pointerLocation, type: .indirectPointer)
    input.buttonMask = pointerButton
    pointerQueue.append(input)
    if secondFingerDown { queueSecondFinger(kind, time: time) }
  }

  func flushPointer() {
    if !pointerQueue.isEmpty {
      var touches: [TouchInput] = []
      swap(&touches, &pointerQueue)
      send(&touches, at: pointerQueueTime)
      if pointerQueue.isEmpty { swap(&touches, &pointerQueue) }
    }
    flushScroll()
  }

  /// Sends a queue's buffer (moved out, so that what an action queues meanwhile stays queued)
  /// as one frame, then empties it for reuse once the frame no longer shares it (no copy).
  func send(_ touches: inout [TouchInput], at time: Double) {
    window.send(InputFrame(timestamp: time, touches: touches))
    touches.removeAll(keepingCapacity: true)
  }

  /// Sends the frame's combined scrolling, then the sequence's end if every axis that
  /// scrolled has stopped.
  private func flushScroll() {
    let output = scroll.endFrame()
    if let frame = output.scroll {
      window.sendScroll(
        frame.delta, source: frame.source, discrete: frame.discrete, steps: frame.steps, at: pointerLocation,
        time: frame.time)
    }
    if let stopTime = output.stopTime { window.sendScrollStop(at: stopTime) }
  }

  /// The pointer left or was unplugged: the scroll sequence ends (or is cancelled), and what
  /// is still queued of it is dropped.
  private func endScroll(at time: Double, cancelled: Bool) {
    scroll.reset()
    if cancelled {
      window.cancelScroll(at: time)
    } else {
      window.sendScrollStop(at: time)
    }
  }

  /// The pointer left or was unplugged: its touches (with the emulated second finger) are
  /// cancelled and the hover ends.
  private func endPointer(at time: Double) {
    pointerQueue.removeAll(keepingCapacity: true)
    secondFingerDown = false
    if pointerPressed {
      pointerPressed = false
      window.cancelTouches(ofType: .indirectPointer, at: time)
    }
    if twoFingers.isActive { onEmulatedFingersChange?() }
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
