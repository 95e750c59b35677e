import GestureKit

// Where the seats' devices deliver their input (`InputSink`): to the translator, the
// cursor and the client-side frame.
extension WaylandApplication: InputSink {
  var surface: OpaquePointer { toplevel!.surface }

  func frameOrigin(of surface: OpaquePointer) -> (x: Double, y: Double)? {
    decoration?.origin(of: surface)
  }

  func frameInput(_ input: FrameInput) {
    decoration?.handle(input)
    // A tool leaving the frame takes its cursor with it (the compositor hides it).
    if case .toolLeave(let tool) = input { cursor?.toolLeft(tool) }
  }

  var latestEventTime: Double {
    times.last.isFinite ? times.last : clock.now
  }

  func eventTime(milliseconds: UInt32) -> Double {
    times.seconds(milliseconds: milliseconds, now: clock.now)
  }

  func handle(_ event: SeatEvent, at time: Double) {
    // Surface coordinates to the window's: the content starts below the title bar's rows.
    let event = Self.event(event, movedUpBy: Double(contentOffset))
    if calibration.isActive, Self.isUserAction(event) {
      calibration.interrupted(by: .input)
    }
    onSeatEvent?(event, time)
    pacer.inputCadence.observe(event, at: time)
    translator.handle(event, at: time)
    // The last touch lifted: lifted views that stop go back into the window.
    if window.activeTouches.isEmpty { touchesEnded() }
    noteTouchBegan(event)
    // After the translator: a button's touch has reached the recognizers by the frame.
    cursor?.observe(event, choose: cursorForPointer, chooseTool: cursorForTool)
  }

  func keyRepeats(_ name: String) -> Bool {
    repeatsKey(name)
  }

  func pointerEntered(_ pointer: OpaquePointer, serial: UInt32, onFrame: Bool) {
    // Shown at the end of the enter's pointer frame, at the pointer's location (on the
    // frame, by the frame). The theme is loaded then: a seat without a pointer never pays for it.
    cursor?.entered(pointer, serial: serial, onFrame: onFrame)
  }

  func toolEntered(_ tool: OpaquePointer, number: Int, serial: UInt32, onFrame: Bool) {
    // Shown at the end of the tool's first frame with a motion, where it is (on the frame,
    // as the frame chooses).
    cursor?.toolEntered(tool, number: number, serial: serial, onFrame: onFrame)
  }

  /// `event` with its location moved up by `offset` logical pixels.
  static func event(_ event: SeatEvent, movedUpBy offset: Double) -> SeatEvent {
    guard offset != 0 else { return event }
    let shift = Point(x: 0, y: -offset)
    switch event {
    case .touchDown(let id, let location): return .touchDown(id: id, location: location + shift)
    case .touchMotion(let id, let location): return .touchMotion(id: id, location: location + shift)
    case .pointerEnter(let location): return .pointerEnter(location: location + shift)
    case .pointerMotion(let location): return .pointerMotion(location: location + shift)
    case .tabletMotion(let tool, let location): return .tabletMotion(tool: tool, location: location + shift)
    default: return event
    }
  }

  /// Whether `event` is the user acting (touching, moving or pressing something), not the
  /// compositor reporting focus (enter, leave, the end of a frame, a key let go on leave):
  /// the user acting ends the timing calibration.
  private static func isUserAction(_ event: SeatEvent) -> Bool {
    switch event {
    case .pointerEnter, .pointerLeave, .pointerFrame, .touchFrame: false
    case .key(_, let pressed, _, _): pressed
    default: true
    }
  }
}
