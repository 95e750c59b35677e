import CWaylandClient
import GestureKit

/// `wl_pointer` (core protocol, seat version 1 or later; frames from version 5): a mouse or
/// touchpad of one seat, turned into one emulated touch.
///
/// While the left button is held the pointer is a touch of type `indirectPointer` with id
/// `TouchInput.pointerID`: press is down, motion is motion (also outside the surface, where
/// the compositor's implicit grab keeps sending it), release is up. `leave` while the button
/// is held cancels that touch. From version 5 events are combined until `frame`; before it,
/// each event is its own frame.
final class PointerDevice {
  /// Linux input code of the left button (linux/input-event-codes.h `BTN_LEFT`).
  static let leftButton: UInt32 = 0x110

  /// The `wl_pointer` proxy.
  let proxy: OpaquePointer
  private let version: UInt32
  private unowned let sink: InputSink
  private var focused = false
  private var location = Point.zero
  private var pressed = false
  private var pending: [TouchInput] = []
  private var pendingTime = 0.0

  /// Gets the seat's pointer object and starts listening.
  init(seat: OpaquePointer, version: UInt32, sink: InputSink) {
    self.proxy = wl_seat_get_pointer(seat)
    self.version = version
    self.sink = sink
    pending.reserveCapacity(4)
    wl_pointer_add_listener(proxy, pointerListener, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Cancels the emulated touch, if any (the capability or seat went away).
  func invalidate() {
    cancelPress()
  }

  deinit {
    if version >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
  }

  private func cancelPress() {
    pending.removeAll(keepingCapacity: true)
    if pressed {
      pressed = false
      sink.cancelTouches(ofType: .indirectPointer)
    }
  }

  private func queue(_ kind: TouchInput.Kind, time: UInt32) {
    pendingTime = sink.eventTime(milliseconds: time)
    pending.append(
      TouchInput(kind: kind, id: TouchInput.pointerID, location: location, type: .indirectPointer))
    if version < 5 { frame() }
  }

  fileprivate func enter(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double) {
    guard surface == sink.surface else { return }
    focused = true
    location = Point(x: x, y: y)
    sink.pointerEntered(proxy, serial: serial)
  }

  fileprivate func leave(surface: OpaquePointer?) {
    guard focused else { return }
    focused = false
    cancelPress()
  }

  fileprivate func motion(time: UInt32, x: Double, y: Double) {
    guard focused else { return }
    location = Point(x: x, y: y)
    if pressed { queue(.motion, time: time) }
  }

  fileprivate func button(time: UInt32, button: UInt32, state: UInt32) {
    guard focused, button == Self.leftButton else { return }
    let isPress = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
    if isPress, !pressed {
      pressed = true
      queue(.down, time: time)
    } else if !isPress, pressed {
      pressed = false
      queue(.up, time: time)
    }
  }

  fileprivate func frame() {
    guard !pending.isEmpty else { return }
    let frame = InputFrame(timestamp: pendingTime, touches: pending)
    pending.removeAll(keepingCapacity: true)
    sink.deliver(frame)
  }
}

private func device(_ data: UnsafeMutableRawPointer?) -> PointerDevice {
  Unmanaged<PointerDevice>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
  let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
  listener.initialize(
    to: wl_pointer_listener(
      // enter: the pointer moved onto a surface; the serial is for set_cursor.
      enter: { data, _, serial, surface, x, y in
        device(data).enter(
          serial: serial, surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
      },
      // leave: the pointer left the surface (not sent during an implicit grab).
      leave: { data, _, _, surface in device(data).leave(surface: surface) },
      // motion: the pointer moved (surface-local, possibly outside during a grab).
      motion: { data, _, time, x, y in
        device(data).motion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
      },
      // button: a button was pressed or released.
      button: { data, _, _, time, button, state in
        device(data).button(time: time, button: button, state: state)
      },
      // axis: scrolling; used from issue 5 on (wheel and touchpad pans).
      axis: { _, _, _, _, _ in },
      // frame (v5): the end of a set of pointer events that belong together.
      frame: { data, _ in device(data).frame() },
      // axis_source (v5): what kind of device scrolls.
      axis_source: { _, _, _ in },
      // axis_stop (v5): the fingers left the touchpad.
      axis_stop: { _, _, _, _ in },
      // axis_discrete (v5-7): wheel clicks.
      axis_discrete: { _, _, _, _ in },
      // axis_value120 (v8): high-resolution wheel steps.
      axis_value120: { _, _, _, _ in }
    ))
  return listener
}()
