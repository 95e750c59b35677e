import CWaylandClient
import CWaylandProtocols
import GestureKit

/// `zwp_tablet_tool_v2` (tablet-unstable-v2, version 1): one pen, eraser or other tablet tool,
/// forwarding its events as `SeatEvent.tablet...` with its `number`.
///
/// Only the time a tool spends near the app's surface counts: from a `proximity_in` on it to
/// the `proximity_out`, each event is forwarded, stamped with the latest event time and, for
/// its `frame`, the compositor's time. Pressure and distance come as 0-65535 and are scaled
/// to 0-1; tilt and rotation come in degrees. A tool removed while near the surface is taken
/// away (its touch cancelled by the translator). Its `proximity_in` serial goes to the sink
/// (`InputSink.toolEntered`): the cursor controller sets the tool's cursor with it.
///
/// Near one of the client-side frame's surfaces (the title bar, the resize border), the tool
/// drives the frame instead (`InputSink.frameInput`, in frame-surface coordinates): its
/// events are gathered until their `frame` and handed over in the order motion, tip down,
/// button, tip up, since the protocol leaves their order inside a frame open; the `down`'s
/// serial goes with it, for `xdg_toplevel.move`.
final class TabletToolDevice {
  private let proxy: OpaquePointer
  /// The `wl_seat` whose tablet seat announced the tool (for the frame's move and menu).
  private let seat: OpaquePointer
  /// The tool's number in this app's seat events.
  let number: Int
  private unowned let sink: InputSink
  /// The tool's type, from its `type` event (a pen until told).
  private var kind = TabletToolKind.pen
  /// The tablet it is near, while it is near the app's surface or the frame's.
  private(set) var tablet: OpaquePointer?
  /// Where the frame surface it is near lies in frame-surface coordinates; nil while it is
  /// near none.
  private var frameOrigin: (x: Double, y: Double)?
  /// The frame input of the current frame, handed over at its end.
  private var pendingFrame = PendingFrameInput()

  /// Starts listening to a new tool of `seat`'s.
  init(proxy: OpaquePointer, number: Int, seat: OpaquePointer, sink: InputSink) {
    self.proxy = proxy
    self.seat = seat
    self.number = number
    self.sink = sink
    zwp_tablet_tool_v2_add_listener(proxy, toolListener, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    zwp_tablet_tool_v2_destroy(proxy)
  }

  /// The tool went away (removed, its tablet unplugged, the seat gone): if it was near the
  /// surface, the translator forgets it and cancels its touch; if near the client-side frame,
  /// what it pressed there is cancelled.
  func remove() {
    guard tablet != nil else { return }
    tablet = nil
    pendingOut = false
    if frameOrigin != nil { return leaveFrame() }
    sink.handle(.tabletToolRemoved(tool: number), at: sink.latestEventTime)
  }

  /// Forwards `event` while the tool is near the surface.
  private func forward(_ event: SeatEvent, at time: Double? = nil) {
    guard tablet != nil, frameOrigin == nil else { return }
    sink.handle(event, at: time ?? sink.latestEventTime)
  }

  /// The tool is no longer near the frame: what it pressed there is cancelled.
  private func leaveFrame() {
    frameOrigin = nil
    pendingFrame = PendingFrameInput()
    sink.frameInput(.toolLeave(tool: number))
  }

  fileprivate func type(_ raw: UInt32) {
    kind =
      switch raw {
      case ZWP_TABLET_TOOL_V2_TYPE_ERASER.rawValue: .eraser
      case ZWP_TABLET_TOOL_V2_TYPE_BRUSH.rawValue: .brush
      case ZWP_TABLET_TOOL_V2_TYPE_PENCIL.rawValue: .pencil
      case ZWP_TABLET_TOOL_V2_TYPE_AIRBRUSH.rawValue: .airbrush
      case ZWP_TABLET_TOOL_V2_TYPE_FINGER.rawValue: .finger
      case ZWP_TABLET_TOOL_V2_TYPE_MOUSE.rawValue: .mouse
      case ZWP_TABLET_TOOL_V2_TYPE_LENS.rawValue: .lens
      default: .pen
      }
  }

  fileprivate func proximityIn(serial: UInt32, tablet: OpaquePointer?, surface: OpaquePointer?) {
    guard let tablet, let surface else { return }
    // Near one surface at a time: a proximity_out whose frame has not come ends here (its
    // frame forwarded), and so does a stay near the frame without a proximity_out.
    if pendingOut {
      forward(.tabletFrame(tool: number))
      endStay()
    } else if frameOrigin != nil {
      leaveFrame()
    }
    if surface == sink.surface {
      self.tablet = tablet
      sink.toolEntered(proxy, number: number, serial: serial, onFrame: false)
      sink.handle(.tabletProximityIn(tool: number, kind: kind), at: sink.latestEventTime)
    } else if let origin = sink.frameOrigin(of: surface) {
      self.tablet = tablet
      frameOrigin = origin
      sink.toolEntered(proxy, number: number, serial: serial, onFrame: true)
    }
  }

  fileprivate func proximityOut() {
    forward(.tabletProximityOut(tool: number))
    // Its frame follows; the tool counts as near until then.
    pendingOut = true
  }

  /// A `proximity_out` came: after its frame the tool is no longer near.
  private var pendingOut = false

  fileprivate func frame(time: UInt32) {
    if frameOrigin != nil {
      pendingFrame.hand(tool: number, seat: seat, time: time) { sink.frameInput($0) }
    } else {
      forward(.tabletFrame(tool: number), at: sink.eventTime(milliseconds: time))
    }
    if pendingOut { endStay() }
  }

  /// The frame of a `proximity_out` came: the tool is no longer near.
  private func endStay() {
    pendingOut = false
    tablet = nil
    if frameOrigin != nil { leaveFrame() }
  }

  fileprivate func down(serial: UInt32) {
    if frameOrigin != nil {
      pendingFrame.downSerial = serial
      return
    }
    forward(.tabletDown(tool: number))
  }
  fileprivate func up() {
    if frameOrigin != nil {
      pendingFrame.up = true
      return
    }
    forward(.tabletUp(tool: number))
  }
  fileprivate func motion(x: Double, y: Double) {
    if let frameOrigin {
      pendingFrame.location = (x + frameOrigin.x, y + frameOrigin.y)
      return
    }
    forward(.tabletMotion(tool: number, location: Point(x: x, y: y)))
  }
  fileprivate func pressure(_ raw: UInt32) {
    forward(.tabletPressure(tool: number, pressure: Double(raw) / 65535))
  }
  fileprivate func distance(_ raw: UInt32) {
    forward(.tabletDistance(tool: number, distance: Double(raw) / 65535))
  }
  fileprivate func tilt(x: Double, y: Double) { forward(.tabletTilt(tool: number, x: x, y: y)) }
  fileprivate func rotation(_ degrees: Double) { forward(.tabletRotation(tool: number, degrees: degrees)) }
  fileprivate func button(_ button: UInt32, serial: UInt32, pressed: Bool) {
    if frameOrigin != nil {
      pendingFrame.button = (serial, button, pressed)
      return
    }
    forward(.tabletButton(tool: number, button: button, pressed: pressed))
  }

  /// The compositor removed the tool: its seat drops it (and destroys it).
  fileprivate func removed() {
    remove()
    onRemoved?(self)
  }

  /// Called once the compositor removed the tool (its seat drops it).
  var onRemoved: ((TabletToolDevice) -> Void)?

  fileprivate static func device(_ data: UnsafeMutableRawPointer?) -> TabletToolDevice {
    Unmanaged<TabletToolDevice>.fromOpaque(data!).takeUnretainedValue()
  }
}

nonisolated(unsafe) private let toolListener: UnsafeMutablePointer<zwp_tablet_tool_v2_listener> = {
  var listener = zwp_tablet_tool_v2_listener()
  listener.type = { data, _, type in TabletToolDevice.device(data).type(type) }
  // hardware_serial, hardware_id_wacom, capability, done: describe the tool; not needed.
  listener.hardware_serial = { _, _, _, _ in }
  listener.hardware_id_wacom = { _, _, _, _ in }
  listener.capability = { _, _, _ in }
  listener.done = { _, _ in }
  listener.removed = { data, _ in TabletToolDevice.device(data).removed() }
  listener.proximity_in = { data, _, serial, tablet, surface in
    TabletToolDevice.device(data).proximityIn(serial: serial, tablet: tablet, surface: surface)
  }
  listener.proximity_out = { data, _ in TabletToolDevice.device(data).proximityOut() }
  listener.down = { data, _, serial in TabletToolDevice.device(data).down(serial: serial) }
  listener.up = { data, _ in TabletToolDevice.device(data).up() }
  listener.motion = { data, _, x, y in
    TabletToolDevice.device(data).motion(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
  }
  listener.pressure = { data, _, pressure in TabletToolDevice.device(data).pressure(pressure) }
  listener.distance = { data, _, distance in TabletToolDevice.device(data).distance(distance) }
  listener.tilt = { data, _, x, y in
    TabletToolDevice.device(data).tilt(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
  }
  listener.rotation = { data, _, degrees in
    TabletToolDevice.device(data).rotation(wl_fixed_to_double(degrees))
  }
  // slider, wheel: an airbrush's finger wheel and a mouse tool's wheel; not used.
  listener.slider = { _, _, _ in }
  listener.wheel = { _, _, _, _ in }
  listener.button = { data, _, serial, button, state in
    TabletToolDevice.device(data).button(
      button, serial: serial, pressed: state == ZWP_TABLET_TOOL_V2_BUTTON_STATE_PRESSED.rawValue)
  }
  listener.frame = { data, _, time in TabletToolDevice.device(data).frame(time: time) }
  return makeListener(listener)
}()
