import CWaylandClient
import GestureKit

/// `wl_touch` (core protocol, seat version 1 or later): a touch screen of one seat.
///
/// Buffers down/motion/up until `frame` and sends them to the sink as one `InputFrame`.
/// "No touches left" counts as a frame too, because Weston 10 sends no frame after the last
/// up. Touches that went down on other surfaces are ignored for their whole life.
final class TouchDevice {
  private let proxy: OpaquePointer
  private let version: UInt32
  private unowned let sink: InputSink
  private var pending: [TouchInput] = []
  private var pendingTime = 0.0
  /// Ids down on our surface, with their last location (an up carries no position).
  private var active: [Int32: Point] = [:]

  /// Gets the seat's touch object and starts listening.
  init(seat: OpaquePointer, version: UInt32, sink: InputSink) {
    self.proxy = wl_seat_get_touch(seat)
    self.version = version
    self.sink = sink
    pending.reserveCapacity(10)
    wl_touch_add_listener(proxy, touchListener, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Cancels what is active (the capability or seat went away) and releases the object.
  func invalidate() {
    if !active.isEmpty || !pending.isEmpty {
      active.removeAll()
      pending.removeAll()
      sink.cancelTouches(ofType: .direct)
    }
  }

  deinit {
    if version >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
  }

  fileprivate func down(time: UInt32, surface: OpaquePointer?, id: Int32, x: Double, y: Double) {
    guard surface == sink.surface else { return }
    let location = Point(x: x, y: y)
    active[id] = location
    pendingTime = sink.eventTime(milliseconds: time)
    pending.append(TouchInput(kind: .down, id: Int(id), location: location, type: .direct))
  }

  fileprivate func motion(time: UInt32, id: Int32, x: Double, y: Double) {
    guard active[id] != nil else { return }
    let location = Point(x: x, y: y)
    active[id] = location
    pendingTime = sink.eventTime(milliseconds: time)
    pending.append(TouchInput(kind: .motion, id: Int(id), location: location, type: .direct))
  }

  fileprivate func up(time: UInt32, id: Int32) {
    guard let location = active.removeValue(forKey: id) else { return }
    pendingTime = sink.eventTime(milliseconds: time)
    pending.append(TouchInput(kind: .up, id: Int(id), location: location, type: .direct))
    if active.isEmpty { frame() }
  }

  fileprivate func frame() {
    guard !pending.isEmpty else { return }
    let frame = InputFrame(timestamp: pendingTime, touches: pending)
    pending.removeAll(keepingCapacity: true)
    sink.deliver(frame)
  }

  fileprivate func cancel() {
    active.removeAll()
    pending.removeAll(keepingCapacity: true)
    sink.cancelTouches(ofType: .direct)
  }
}

private func device(_ data: UnsafeMutableRawPointer?) -> TouchDevice {
  Unmanaged<TouchDevice>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let touchListener: UnsafeMutablePointer<wl_touch_listener> = {
  let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
  listener.initialize(
    to: wl_touch_listener(
      // down: a finger touched a surface; the touch belongs to that surface until up.
      down: { data, _, _, time, surface, id, x, y in
        device(data).down(
          time: time, surface: surface, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
      },
      // up: a finger lifted.
      up: { data, _, _, time, id in device(data).up(time: time, id: id) },
      // motion: a finger moved (surface-local coordinates, possibly outside the surface).
      motion: { data, _, time, id, x, y in
        device(data).motion(time: time, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
      },
      // frame: the end of a set of events that belong together.
      frame: { data, _ in device(data).frame() },
      // cancel: the compositor took the touches over (e.g. for a system gesture).
      cancel: { data, _ in device(data).cancel() },
      // shape (v6): the contact's ellipse; not used yet.
      shape: { _, _, _, _, _ in },
      // orientation (v6): the contact's angle; not used yet.
      orientation: { _, _, _, _ in }
    ))
  return listener
}()
