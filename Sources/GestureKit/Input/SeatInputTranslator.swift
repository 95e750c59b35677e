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
/// - Two fingers from one mouse (`MouseTwoFingerEmulation`): while Alt is held (tracked
///   from the key events, so a replay does the same) a second point is shown
///   (`emulatedSecondFinger`), mirrored through the window's centre; Alt+Shift moves it in
///   parallel with the pointer instead. A left press while Alt is held puts two fingers
///   down in one frame, the pointer's touch (id -1) and the second finger
///   (`MouseTwoFingerEmulation.secondFingerID`, -2), both `indirectPointer`; motion moves
///   both, release lifts both. Releasing Alt mid-drag lifts the second finger only (as
///   lifting one of two fingers would) and the drag goes on with one; pressing Alt mid-drag
///   only shows the point, the second finger lands with the next press. Shift may change
///   mid-drag without a jump. Leaving the surface or losing the pointer cancels both.
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
///   source and whether it had wheel steps, and sent to `Window.sendScroll` at the pointer's
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
  private var pointerQueue: [TouchInput] = []
  private var pointerQueueTime = 0.0
  /// Whether the pointer is on the surface, and where (a tablet tool's hover hands back to it).
  private(set) var pointerInside = false
  private(set) var pointerLocation = Point.zero
  private var pointerPressed = false
  /// The button whose press made the pointer's touch (the other one does nothing meanwhile).
  private var pointerButton = ButtonMask.primary
  private var modifiers: KeyModifiers = []
  /// The Alt two-finger emulation, and whether its second finger is down.
  private var twoFingers = MouseTwoFingerEmulation()
  private var secondFingerDown = false
  /// The keys down now, by keysym name (a press of one of them is a repeat).
  private var keysDown: Set<String> = []
  /// The scrolling of the pointer frame being assembled.
  private var scrollDelta = Point.zero
  private var scrollSource: ScrollSource?
  private var scrollHasSteps = false
  private var scrollQueued = false
  private var scrollQueueTime = 0.0
  /// The axes stopped in the pointer frame being assembled.
  private var verticalStopQueued = false
  private var horizontalStopQueued = false
  private var stopQueueTime = 0.0
  /// The axes that scrolled (continuously) since the last stop.
  private var verticalScrolling = false
  private var horizontalScrolling = false
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
    case .key(let name, let pressed):
      if let modifier = KeyModifiers.modifier(forKeyNamed: name) {
        let old = modifiers
        if pressed { modifiers.insert(modifier) } else { modifiers.remove(modifier) }
        updateTwoFingers(from: old, at: time)
      }
      let isRepeat = pressed && keysDown.contains(name)
      if pressed { keysDown.insert(name) } else { keysDown.remove(name) }
      onKey?(KeyPress(name: name, isPressed: pressed, modifiers: modifiers, time: time, isRepeat: isRepeat))
    case .pointerAxis(let axis, let value, let source, let discrete):
      guard value.isFinite, abs(value) <= Self.coordinateLimit else {
        onWarning?(
          "dropped \(event.summary): the value must be finite and within ±\(Int(Self.coordinateLimit)) px")
        return
      }
      scrollQueued = true
      scrollQueueTime = time
      if let source { scrollSource = source }
      if discrete != nil { scrollHasSteps = true }
      switch axis {
      case .vertical: scrollDelta.y += value
      case .horizontal: scrollDelta.x += value
      }
    case .pointerAxisStop(let axis):
      stopQueueTime = time
      switch axis {
      case .vertical: verticalStopQueued = true
      case .horizontal: horizontalStopQueued = true
      }
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

  /// Where the Alt two-finger emulation's second point is (window coordinates), while Alt
  /// is held and the pointer is on the surface (or its button is held); nil otherwise. A UI
  /// draws it as a marker, redrawn from `onEmulatedFingersChange`.
  public var emulatedSecondFinger: Point? { emulatedFingers?.second }

  /// The pointer and the Alt two-finger emulation's second point, under the same conditions
  /// as `emulatedSecondFinger`.
  public var emulatedFingers: (pointer: Point, second: Point)? {
    guard twoFingers.isActive, pointerInside || pointerPressed else { return nil }
    return (pointerLocation, twoFingers.secondPoint(for: pointerLocation))
  }

  /// The Alt two-finger emulation's state (its mode and mirror centre).
  public var twoFingerEmulation: MouseTwoFingerEmulation { twoFingers }

  /// Whether the emulated second finger is down (a left drag that began with Alt held).
  public var isSecondFingerDown: Bool { secondFingerDown }

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

  private func queueSecondFinger(_ kind: TouchInput.Kind, time: Double) {
    pointerQueueTime = time
    pointerQueue.append(
      TouchInput(
        kind: kind, id: MouseTwoFingerEmulation.secondFingerID,
        location: twoFingers.secondPoint(for: pointerLocation),
        type: .indirectPointer))
  }

  /// Follows Alt and Shift: Alt down turns the emulation on (mirrored through the window's
  /// centre, or parallel with Shift), Alt up turns it off and lifts a second finger that is
  /// down, Shift switches the mode while Alt is held.
  private func updateTwoFingers(from old: KeyModifiers, at time: Double) {
    let alt = modifiers.contains(.alt)
    let shift = modifiers.contains(.shift)
    if alt, !old.contains(.alt) {
      let center = Point(x: window.size.width / 2, y: window.size.height / 2)
      twoFingers.activate(center: center, pointer: pointerLocation, parallel: shift)
    } else if !alt, old.contains(.alt) {
      twoFingers.deactivate()
      if secondFingerDown {
        secondFingerDown = false
        pointerQueueTime = time
        pointerQueue.append(.up(MouseTwoFingerEmulation.secondFingerID, type: .indirectPointer))
        flushPointer()
      }
    } else if alt, shift != old.contains(.shift) {
      twoFingers.setParallel(shift, pointer: pointerLocation)
    } else {
      return
    }
    if pointerInside || pointerPressed { onEmulatedFingersChange?() }
  }

  private func flushPointer() {
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

  /// Sends the frame's combined scrolling, then its stop if every axis that scrolled has
  /// stopped.
  private func flushScroll() {
    if scrollQueued {
      let delta = scrollDelta
      let source = scrollSource
      let hasSteps = scrollHasSteps
      scrollQueued = false
      scrollDelta = .zero
      scrollSource = nil
      scrollHasSteps = false
      if ScrollSequence.kind(of: source, discrete: hasSteps) == .continuous {
        if delta.x != 0 { horizontalScrolling = true }
        if delta.y != 0 { verticalScrolling = true }
      } else {
        // A wheel sends no stop: what scrolled before it is over.
        horizontalScrolling = false
        verticalScrolling = false
      }
      if delta != .zero {
        window.sendScroll(
          delta, source: source, discrete: hasSteps, at: pointerLocation, time: scrollQueueTime)
      }
    }
    guard verticalStopQueued || horizontalStopQueued else { return }
    if verticalStopQueued { verticalScrolling = false }
    if horizontalStopQueued { horizontalScrolling = false }
    verticalStopQueued = false
    horizontalStopQueued = false
    if !verticalScrolling && !horizontalScrolling { window.sendScrollStop(at: stopQueueTime) }
  }

  /// The pointer left or was unplugged: the scroll sequence ends (or is cancelled), and what
  /// is still queued of it is dropped.
  private func endScroll(at time: Double, cancelled: Bool) {
    scrollQueued = false
    scrollDelta = .zero
    scrollSource = nil
    scrollHasSteps = false
    verticalStopQueued = false
    horizontalStopQueued = false
    verticalScrolling = false
    horizontalScrolling = false
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
