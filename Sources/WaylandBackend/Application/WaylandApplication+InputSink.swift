import GestureKit

// Where the seats' devices deliver their input (`InputSink`): to the translator, the
// cursor and the client-side frame.
extension WaylandApplication: InputSink {
  var surface: OpaquePointer { toplevel!.surface }

  var frameSurface: OpaquePointer? { decoration?.surface }

  func frameInput(_ input: FrameInput) {
    decoration?.handle(input)
  }

  var latestEventTime: Double {
    times.last.isFinite ? times.last : clock.now
  }

  func eventTime(milliseconds: UInt32) -> Double {
    times.seconds(milliseconds: milliseconds, now: clock.now)
  }

  func handle(_ event: SeatEvent, at time: Double) {
    if calibration.isActive, Self.isUserAction(event) {
      calibration.interrupted(by: .input)
    }
    onSeatEvent?(event, time)
    translator.handle(event, at: time)
    // The last touch lifted: lifted views that stop go back into the window.
    if window.activeTouches.isEmpty { touchesEnded() }
    // After the translator: a button's touch has reached the recognizers by the frame.
    cursor?.observe(event, choose: cursorForPointer)
  }

  func keyRepeats(_ name: String) -> Bool {
    repeatsKey(name)
  }

  func pointerEntered(_ pointer: OpaquePointer, serial: UInt32) {
    // Shown at the end of the enter's pointer frame, at the pointer's location. The theme is
    // loaded then: a seat without a pointer never pays for it.
    cursor?.entered(pointer, serial: serial)
  }

  /// Whether `event` is the user acting (touching, moving or pressing something), not the
  /// compositor reporting focus (enter, leave, the end of a frame, a key let go on leave):
  /// the user acting ends the timing calibration.
  private static func isUserAction(_ event: SeatEvent) -> Bool {
    switch event {
    case .pointerEnter, .pointerLeave, .pointerFrame, .touchFrame: false
    case .key(_, let pressed): pressed
    default: true
    }
  }
}
