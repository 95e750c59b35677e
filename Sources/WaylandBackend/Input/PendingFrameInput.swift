/// A tablet tool's input on the client-side frame during one of its frames (`frame` event),
/// handed to the frame when the frame ends, in a fixed order: where it moved, its tip down,
/// a button, its tip up. The protocol groups a tool's events in frames without ordering them
/// inside one, so a `down` may come before the `motion` that places it.
struct PendingFrameInput {
  /// Where the tool moved to, in frame-surface coordinates.
  var location: (x: Double, y: Double)?
  /// The serial of its tip's `down`, if the tip came down.
  var downSerial: UInt32?
  /// Its last button event (serial, Linux input code, state), if any.
  var button: (serial: UInt32, code: UInt32, pressed: Bool)?
  /// Whether its tip lifted.
  var up = false

  /// Hands the input to `deliver` as tool `tool`'s on `seat` in a frame of `time`
  /// (milliseconds, the compositor's clock), and starts afresh.
  mutating func hand(tool: Int, seat: OpaquePointer, time: UInt32, to deliver: (FrameInput) -> Void) {
    if let location { deliver(.toolMotion(tool: tool, x: location.x, y: location.y)) }
    if let downSerial { deliver(.toolDown(seat: seat, serial: downSerial, time: time, tool: tool)) }
    if let button {
      deliver(
        .toolButton(
          seat: seat, serial: button.serial, tool: tool, button: button.code, pressed: button.pressed))
    }
    if up { deliver(.toolUp(tool: tool)) }
    self = PendingFrameInput()
  }
}
