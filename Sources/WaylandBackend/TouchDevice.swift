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
  private var onFrame: Set<Int32> = []
  /// Ids down on our surface.
  private var ours: Set<Int32> = []

  /// Gets the seat's touch object and starts listening.
  init(seat: OpaquePointer, version: UInt32, sink: InputSink) {
    self.proxy = wl_seat_get_touch(seat)
    self.version = version
    self.seat = seat
    self.sink = sink
    ours.reserveCapacity(10)
    wl_touch_add_listener(proxy, touchListener, Unmanaged.passUnretained(self).toOpaque())
  }

  /// The capability or the seat went away: what is active is cancelled.
  func invalidate() {
    ours.removeAll()
    for id in onFrame { sink.frameInput(.touchUp(id: id, cancelled: true)) }
    onFrame.removeAll()
    sink.handle(.touchCapabilityLost, at: sink.latestEventTime)
  }

  deinit {
    if version >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
  }

  fileprivate func down(
    serial: UInt32, time: UInt32, surface: OpaquePointer?, id: Int32, x: Double, y: Double
  ) {
    if let surface, surface == sink.frameSurface {
      onFrame.insert(id)
      sink.frameInput(.touchDown(seat: seat, serial: serial, id: id, x: x, y: y))
      return
    }
    guard surface == sink.surface else { return }
    ours.insert(id)
    sink.handle(.touchDown(id: Int(id), location: Point(x: x, y: y)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func motion(time: UInt32, id: Int32, x: Double, y: Double) {
    if onFrame.contains(id) { return sink.frameInput(.touchMotion(id: id, x: x, y: y)) }
    guard ours.contains(id) else { return }
    sink.handle(
      .touchMotion(id: Int(id), location: Point(x: x, y: y)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func up(time: UInt32, id: Int32) {
    if onFrame.remove(id) != nil { return sink.frameInput(.touchUp(id: id, cancelled: false)) }
    guard ours.remove(id) != nil else { return }
    sink.handle(.touchUp(id: Int(id)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func frame() {
    sink.handle(.touchFrame, at: sink.latestEventTime)
  }

  fileprivate func cancel() {
    for id in onFrame { sink.frameInput(.touchUp(id: id, cancelled: true)) }
    onFrame.removeAll()
    ours.removeAll()
    sink.handle(.touchCancel, at: sink.latestEventTime)
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
      down: { data, _, serial, time, surface, id, x, y in
        device(data).down(
          serial: serial, time: time, surface: surface, id: id, x: wl_fixed_to_double(x),
          y: wl_fixed_to_double(y))
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
