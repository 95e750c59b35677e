/// Input on the client-side frame's surfaces, as the seat devices report it, in
/// frame-surface coordinates. None of it reaches the gesture window.
enum FrameInput: Equatable {
  /// The pointer entered the frame at (x, y).
  case pointerEnter(x: Double, y: Double)
  /// The pointer moved on the frame (or outside it during a grab).
  case pointerMotion(x: Double, y: Double)
  /// The pointer left the frame.
  case pointerLeave
  /// A pointer button (Linux input code) with the serial and time (milliseconds, the
  /// compositor's clock) of its event, on `seat`.
  case pointerButton(seat: OpaquePointer, serial: UInt32, time: UInt32, button: UInt32, pressed: Bool)
  /// A finger went down on the frame; the serial and time are the down event's.
  case touchDown(seat: OpaquePointer, serial: UInt32, time: UInt32, id: Int32, x: Double, y: Double)
  /// A finger that went down on the frame moved.
  case touchMotion(id: Int32, x: Double, y: Double)
  /// A finger that went down on the frame lifted (or the compositor cancelled it).
  case touchUp(id: Int32, cancelled: Bool)
  /// Tablet tool `tool` (its number in the app's seat events) is near the frame at (x, y):
  /// its first motion after it came near, or a later one.
  case toolMotion(tool: Int, x: Double, y: Double)
  /// The tool's tip touched the frame where it last moved to; the serial is its `down`
  /// event's, on `seat`, the time its frame's (milliseconds, the compositor's clock).
  case toolDown(seat: OpaquePointer, serial: UInt32, time: UInt32, tool: Int)
  /// The tool's tip lifted.
  case toolUp(tool: Int)
  /// A button of the tool (Linux input code: `BTN_STYLUS` and the like) with the serial of
  /// its event, on `seat`.
  case toolButton(seat: OpaquePointer, serial: UInt32, tool: Int, button: UInt32, pressed: Bool)
  /// The tool left the frame (its `proximity_out`), or went away (removed, its tablet
  /// unplugged): what it pressed is cancelled.
  case toolLeave(tool: Int)
}
