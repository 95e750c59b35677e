import GestureKit

/// Where the input devices of a seat deliver what they translated; implemented by
/// `WaylandApplication`. Devices see only plain GestureKit values on this side.
protocol InputSink: AnyObject {
  /// The client's own `wl_surface`; input for other surfaces is ignored.
  var surface: OpaquePointer { get }
  /// Seconds on the app clock for a compositor event time in milliseconds.
  func eventTime(milliseconds: UInt32) -> Double
  /// One input frame for the gesture window.
  func deliver(_ frame: InputFrame)
  /// Cancels the active touches that came from one kind of device.
  func cancelTouches(ofType type: TouchType)
  /// A translated key press or release.
  func deliver(_ key: KeyEvent)
  /// The pointer entered the surface; `serial` is needed to set the cursor.
  func pointerEntered(_ pointer: OpaquePointer, serial: UInt32)
}
