import CWaylandClient
import GestureKit

/// `wl_touch` (core protocol, seat version 1 or later): a touch screen of one seat.
///
/// Forwards its events as `SeatEvent`s; buffering until `frame` and the implicit frame after
/// the last up happen in GestureKit's `SeatInputTranslator`. Touches that went down on other
/// surfaces are ignored for their whole life; those on the client-side frame go to the frame
/// (`InputSink.frameInput`, with the down serial) and never to the translator.
final class TouchDevice {
  private let proxy: OpaquePointer
  private let version: UInt32
  private let seat: OpaquePointer
  private unowned let sink: InputSink
  /// Ids down on the client-side frame.
  /// The touches on a frame surface, with where that surface lies in frame coordinates.
  private var onFrame: [Int32: (x: Double, y: Double)] = [:]
  /// Ids down on our surface.
  private var ours: Set<Int32> = []

  /// Gets the seat's touch object and starts listening.
  init(seat: OpaquePointer, version: UInt32, sink: InputSink) {
    self.proxy = wl_seat_get_touch(seat)
    self.version = version
    self.seat = seat
    self.sink = sink
    ours.reserveCapacity(10)
    // A dispatcher rather than a listener: libwayland calls it directly with the decoded
    // arguments, where a listener is called through libffi (about 1,000 instructions more per
    // event, two events per motion).
    wl_proxy_add_dispatcher(proxy, dispatchTouchEvent, nil, Unmanaged.passUnretained(self).toOpaque())
  }

  /// The capability or the seat went away: what is active is cancelled.
  func invalidate() {
    ours.removeAll()
    for id in onFrame.keys { sink.frameInput(.touchUp(id: id, cancelled: true)) }
    onFrame.removeAll()
    sink.handle(.touchCapabilityLost, at: sink.latestEventTime)
  }

  deinit {
    if version >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
  }

  fileprivate func down(
    serial: UInt32, time: UInt32, surface: OpaquePointer?, id: Int32, x: Double, y: Double
  ) {
    if let surface, let origin = sink.frameOrigin(of: surface) {
      onFrame[id] = origin
      sink.frameInput(
        .touchDown(seat: seat, serial: serial, time: time, id: id, x: x + origin.x, y: y + origin.y))
      return
    }
    guard surface == sink.surface else { return }
    ours.insert(id)
    sink.handle(.touchDown(id: Int(id), location: Point(x: x, y: y)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func motion(time: UInt32, id: Int32, x: Double, y: Double) {
    if let origin = onFrame[id] {
      return sink.frameInput(.touchMotion(id: id, x: x + origin.x, y: y + origin.y))
    }
    guard ours.contains(id) else { return }
    sink.handle(
      .touchMotion(id: Int(id), location: Point(x: x, y: y)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func up(time: UInt32, id: Int32) {
    if onFrame.removeValue(forKey: id) != nil { return sink.frameInput(.touchUp(id: id, cancelled: false)) }
    guard ours.remove(id) != nil else { return }
    sink.handle(.touchUp(id: Int(id)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func frame() {
    sink.handle(.touchFrame, at: sink.latestEventTime)
  }

  fileprivate func cancel() {
    for id in onFrame.keys { sink.frameInput(.touchUp(id: id, cancelled: true)) }
    onFrame.removeAll()
    ours.removeAll()
    sink.handle(.touchCancel, at: sink.latestEventTime)
  }
}

/// `wl_touch`'s events (core protocol): the dispatcher of every `TouchDevice`, `target` being
/// its proxy, whose user data is the device.
private func dispatchTouchEvent(
  _ implementation: UnsafeRawPointer?, _ target: UnsafeMutableRawPointer?, _ opcode: UInt32,
  _ message: UnsafePointer<wl_message>?, _ args: UnsafeMutablePointer<wl_argument>?
) -> Int32 {
  guard let target, let args, let data = wl_proxy_get_user_data(OpaquePointer(target)) else { return 0 }
  let device = Unmanaged<TouchDevice>.fromOpaque(data).takeUnretainedValue()
  switch opcode {
  case 0:
    // down (serial, time, surface, id, x, y): a finger touched a surface; the touch belongs
    // to that surface until up.
    device.down(
      serial: args[0].u, time: args[1].u, surface: args[2].o, id: args[3].i,
      x: wl_fixed_to_double(args[4].f), y: wl_fixed_to_double(args[5].f))
  case 1:
    // up (serial, time, id): a finger lifted.
    device.up(time: args[1].u, id: args[2].i)
  case 2:
    // motion (time, id, x, y): a finger moved (surface-local coordinates, possibly outside
    // the surface).
    device.motion(
      time: args[0].u, id: args[1].i, x: wl_fixed_to_double(args[2].f), y: wl_fixed_to_double(args[3].f))
  case 3:
    // frame: the end of a set of events that belong together.
    device.frame()
  case 4:
    // cancel: the compositor took the touches over (e.g. for a system gesture).
    device.cancel()
  default:
    // shape and orientation (v6): the contact's ellipse and angle; not used yet.
    break
  }
  return 0
}
