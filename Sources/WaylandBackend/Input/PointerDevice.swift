import CWaylandClient
import GestureKit

/// `wl_pointer` (core protocol, seat version 1 or later; frames from version 5): a mouse or
/// touchpad of one seat.
///
/// Forwards its events as `SeatEvent`s while the pointer is on our surface; GestureKit's
/// `SeatInputTranslator` makes the left button an emulated touch. During the compositor's
/// implicit grab motion keeps coming with positions outside the surface. Before version 5
/// there are no frames: each event is followed by a synthetic one. `axis_source` and
/// `axis_discrete` are folded into the `axis` event they describe, and so is `axis_value120`
/// (version 8, which replaces `axis_discrete`): its high-resolution steps (120 to a click)
/// become the event's `discrete` as whole clicks, truncated towards zero (0 for a fraction
/// of a click), so a high-resolution wheel still counts as a wheel and the trace format
/// keeps its meaning. Events on the client-side frame's surface go to the frame
/// (`InputSink.frameInput`) with the button serials it needs, never to the translator. With the pointer-gestures global the device also owns its touchpad
/// gestures (`PointerGestures`), destroyed before the pointer.
final class PointerDevice {
  /// The `wl_pointer` proxy.
  let proxy: OpaquePointer
  private let version: UInt32
  private let seat: OpaquePointer
  private unowned let sink: InputSink
  private var focused = false
  /// True while the pointer is on the client-side frame.
  private var onFrame = false
  /// Where the frame surface the pointer is on lies in frame-surface coordinates.
  private var frameOrigin = (x: 0.0, y: 0.0)
  private var axisSource: ScrollSource?
  private var axisDiscrete: [ScrollAxis: Int] = [:]
  private var axisValue120: [ScrollAxis: Int] = [:]
  private var gestures: PointerGestures?

  /// Gets the seat's pointer object and starts listening; with `gestureManager`, also its
  /// touchpad gestures.
  init(seat: OpaquePointer, version: UInt32, sink: InputSink, gestureManager: PointerGestureManager? = nil) {
    self.proxy = wl_seat_get_pointer(seat)
    self.version = version
    self.seat = seat
    self.sink = sink
    wl_pointer_add_listener(proxy, pointerListener, Unmanaged.passUnretained(self).toOpaque())
    if let gestureManager {
      gestures = PointerGestures(manager: gestureManager, pointer: proxy, sink: sink)
    }
  }

  /// The capability or the seat went away: a held button's touch is cancelled (and a
  /// touchpad pinch in progress).
  func invalidate() {
    focused = false
    gestures?.invalidate()
    sink.handle(.pointerCapabilityLost, at: sink.latestEventTime)
  }

  deinit {
    gestures = nil
    if version >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
  }

  private func forward(_ event: SeatEvent, at time: Double) {
    sink.handle(event, at: time)
    if version < 5 { sink.handle(.pointerFrame, at: time) }
  }

  fileprivate func enter(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double) {
    if let surface, let origin = sink.frameOrigin(of: surface) {
      onFrame = true
      frameOrigin = origin
      // The frame sets its own cursor (an arrow, or a resize arrow on an edge).
      sink.pointerEntered(proxy, serial: serial, onFrame: true)
      sink.frameInput(.pointerEnter(x: x + origin.x, y: y + origin.y))
      return
    }
    guard surface == sink.surface else { return }
    focused = true
    sink.pointerEntered(proxy, serial: serial, onFrame: false)
    forward(.pointerEnter(location: Point(x: x, y: y)), at: sink.latestEventTime)
  }

  fileprivate func leave(surface: OpaquePointer?) {
    if onFrame, surface != sink.surface {
      onFrame = false
      sink.frameInput(.pointerLeave)
      return
    }
    guard focused else { return }
    focused = false
    forward(.pointerLeave, at: sink.latestEventTime)
  }

  fileprivate func motion(time: UInt32, x: Double, y: Double) {
    if onFrame { return sink.frameInput(.pointerMotion(x: x + frameOrigin.x, y: y + frameOrigin.y)) }
    guard focused else { return }
    forward(.pointerMotion(location: Point(x: x, y: y)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func button(serial: UInt32, time: UInt32, button: UInt32, state: UInt32) {
    let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
    if onFrame {
      return sink.frameInput(
        .pointerButton(seat: seat, serial: serial, time: time, button: button, pressed: pressed))
    }
    guard focused else { return }
    forward(.pointerButton(button: button, pressed: pressed), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func axis(time: UInt32, axis: UInt32, value: Double) {
    guard focused, let axis = Self.axis(axis) else { return }
    let event = SeatEvent.pointerAxis(
      axis: axis, value: value, source: axisSource, discrete: axisDiscrete[axis],
      value120: axisValue120[axis])
    forward(event, at: sink.eventTime(milliseconds: time))
  }

  fileprivate func axisSource(_ raw: UInt32) {
    switch raw {
    case WL_POINTER_AXIS_SOURCE_WHEEL.rawValue: axisSource = .wheel
    case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: axisSource = .finger
    case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: axisSource = .continuous
    case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: axisSource = .wheelTilt
    default: axisSource = nil
    }
  }

  fileprivate func axisDiscrete(axis: UInt32, steps: Int32) {
    guard let axis = Self.axis(axis) else { return }
    axisDiscrete[axis] = Int(steps)
  }

  fileprivate func axisValue120(axis: UInt32, value120: Int32) {
    guard let axis = Self.axis(axis) else { return }
    axisDiscrete[axis] = Int(value120) / 120
    axisValue120[axis] = Int(value120)
  }

  fileprivate func axisStop(time: UInt32, axis: UInt32) {
    guard focused, let axis = Self.axis(axis) else { return }
    forward(.pointerAxisStop(axis: axis), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func frame() {
    axisSource = nil
    axisDiscrete.removeAll(keepingCapacity: true)
    axisValue120.removeAll(keepingCapacity: true)
    guard focused else { return }
    sink.handle(.pointerFrame, at: sink.latestEventTime)
  }

  private static func axis(_ raw: UInt32) -> ScrollAxis? {
    switch raw {
    case WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue: return .vertical
    case WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue: return .horizontal
    default: return nil
    }
  }
}

private func device(_ data: UnsafeMutableRawPointer?) -> PointerDevice {
  Unmanaged<PointerDevice>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
  var listener = wl_pointer_listener()
  // enter: the pointer moved onto a surface; the serial is for set_cursor.
  listener.enter = { data, _, serial, surface, x, y in
    device(data).enter(
      serial: serial, surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
  }
  // leave: the pointer left the surface (not sent during an implicit grab).
  listener.leave = { data, _, _, surface in device(data).leave(surface: surface) }
  // motion: the pointer moved (surface-local, possibly outside during a grab).
  listener.motion = { data, _, time, x, y in
    device(data).motion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
  }
  // button: a button was pressed or released (Linux input code).
  listener.button = { data, _, serial, time, button, state in
    device(data).button(serial: serial, time: time, button: button, state: state)
  }
  // axis: scrolling by a value in surface pixels.
  listener.axis = { data, _, time, axis, value in
    device(data).axis(time: time, axis: axis, value: wl_fixed_to_double(value))
  }
  // frame (v5): the end of a set of pointer events that belong together.
  listener.frame = { data, _ in device(data).frame() }
  // axis_source (v5): what kind of device scrolls; comes before the axis events.
  listener.axis_source = { data, _, source in device(data).axisSource(source) }
  // axis_stop (v5): the fingers left the touchpad.
  listener.axis_stop = { data, _, time, axis in device(data).axisStop(time: time, axis: axis) }
  // axis_discrete (v5-7): wheel clicks; comes before the axis event it belongs to.
  listener.axis_discrete = { data, _, axis, steps in device(data).axisDiscrete(axis: axis, steps: steps) }
  // axis_value120 (v8): wheel steps in 120ths of a click; comes before its axis event.
  listener.axis_value120 = { data, _, axis, value120 in
    device(data).axisValue120(axis: axis, value120: value120)
  }
  return makeListener(listener)
}()
