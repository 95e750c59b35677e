import GestureKit

/// Where the input devices of a seat deliver what they translated; implemented by
/// `WaylandApplication`. Devices see only plain GestureKit values on this side.
protocol InputSink: AnyObject {
  /// The client's own `wl_surface`; input for other surfaces is ignored.
  var surface: OpaquePointer { get }
  /// The time of the latest timed event, for events the protocol sends without a time
  /// (frame, cancel, leave): stamping them "now" would push later events of the same batch
  /// forward and distort velocities.
  var latestEventTime: Double { get }
  /// Seconds on the app clock for a compositor event time in milliseconds.
  func eventTime(milliseconds: UInt32) -> Double
  /// One seat event, in order.
  func handle(_ event: SeatEvent, at time: Double)
  /// Where `surface`'s origin lies in frame-surface coordinates when it is one of the
  /// client-side frame's surfaces (input on them goes to `frameInput`, never to the gesture
  /// window), nil otherwise.
  func frameOrigin(of surface: OpaquePointer) -> (x: Double, y: Double)?
  /// Input on the client-side frame.
  func frameInput(_ input: FrameInput)
  /// The pointer entered the surface, or one of the client-side frame's when `onFrame`;
  /// `serial` is needed to set the cursor.
  func pointerEntered(_ pointer: OpaquePointer, serial: UInt32, onFrame: Bool)
  /// Tablet tool `number` (proxy `tool`) came near the surface, or one of the client-side
  /// frame's when `onFrame`; `serial` is needed to set its cursor.
  func toolEntered(_ tool: OpaquePointer, number: Int, serial: UInt32, onFrame: Bool)
  /// The app clock, on which key repeat timers run.
  var clock: MonotonicClock { get }
  /// Whether a held key (by keysym name) should repeat, for keys the keymap lets repeat.
  func keyRepeats(_ name: String) -> Bool
}
