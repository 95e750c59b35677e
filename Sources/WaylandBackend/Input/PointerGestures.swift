import CWaylandClient
import CWaylandProtocols
import GestureKit

/// `zwp_pointer_gestures_v1` (pointer-gestures-unstable-v1, versions 1-3): the optional global
/// that hands out a pointer's touchpad gestures (pinch and swipe; hold from version 3).
///
/// Bound once by the application when the compositor offers it; every `PointerDevice` then
/// asks it for its own gesture objects (`PointerGestures`).
final class PointerGestureManager {
  /// Highest version implemented here (3 adds hold gestures).
  static let preferredVersion: UInt32 = 3

  /// The `zwp_pointer_gestures_v1` proxy.
  let proxy: OpaquePointer
  /// The version bound: `min(advertised, preferredVersion)`.
  let version: UInt32

  /// Binds the global if `registry` lists it; nil when the compositor has no touchpad
  /// gestures.
  init?(registry: GlobalRegistry) {
    guard
      let bound = registry.bindOptional(
        gp_zwp_pointer_gestures_v1_interface(), minimum: 1, preferred: Self.preferredVersion)
    else { return nil }
    proxy = bound.proxy
    version = bound.version
  }

  deinit {
    if version >= 2 { zwp_pointer_gestures_v1_release(proxy) } else { zwp_pointer_gestures_v1_destroy(proxy) }
  }
}

/// The touchpad gestures of one `wl_pointer`: a pinch, a swipe and (version 3) a hold object,
/// each with its own listener, forwarding their events as `SeatEvent`s (`pinchBegin` ...
/// `holdEnd`) stamped with the compositor's event times.
///
/// A gesture that begins on another surface is ignored until its end; the objects are
/// destroyed with the pointer (`PointerDevice` owns this).
final class PointerGestures {
  private let pinch: OpaquePointer
  private let swipe: OpaquePointer
  private let hold: OpaquePointer?
  private unowned let sink: InputSink
  /// The gestures that began on our surface and have not ended.
  private var pinchActive = false
  private var swipeActive = false
  private var holdActive = false

  /// Creates the gesture objects of `pointer` and starts listening.
  init(manager: PointerGestureManager, pointer: OpaquePointer, sink: InputSink) {
    self.sink = sink
    pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager.proxy, pointer)
    swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager.proxy, pointer)
    hold = manager.version >= 3 ? zwp_pointer_gestures_v1_get_hold_gesture(manager.proxy, pointer) : nil
    let data = Unmanaged.passUnretained(self).toOpaque()
    zwp_pointer_gesture_pinch_v1_add_listener(pinch, pinchListener, data)
    zwp_pointer_gesture_swipe_v1_add_listener(swipe, swipeListener, data)
    if let hold { zwp_pointer_gesture_hold_v1_add_listener(hold, holdListener, data) }
  }

  /// The pointer went away: gestures in progress are over (the translator cancels a pinch
  /// when it hears that the pointer is lost).
  func invalidate() {
    pinchActive = false
    swipeActive = false
    holdActive = false
  }

  deinit {
    if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
    zwp_pointer_gesture_swipe_v1_destroy(swipe)
    zwp_pointer_gesture_pinch_v1_destroy(pinch)
  }

  fileprivate func pinchBegin(time: UInt32, surface: OpaquePointer?, fingers: UInt32) {
    pinchActive = surface == sink.surface
    guard pinchActive else { return }
    sink.handle(.pinchBegin(fingers: Int(fingers)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func pinchUpdate(time: UInt32, dx: Double, dy: Double, scale: Double, rotation: Double) {
    guard pinchActive else { return }
    sink.handle(
      .pinchUpdate(delta: Point(x: dx, y: dy), scale: scale, rotation: rotation),
      at: sink.eventTime(milliseconds: time))
  }

  fileprivate func pinchEnd(time: UInt32, cancelled: Int32) {
    guard pinchActive else { return }
    pinchActive = false
    sink.handle(.pinchEnd(cancelled: cancelled != 0), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func swipeBegin(time: UInt32, surface: OpaquePointer?, fingers: UInt32) {
    swipeActive = surface == sink.surface
    guard swipeActive else { return }
    sink.handle(.swipeBegin(fingers: Int(fingers)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func swipeUpdate(time: UInt32, dx: Double, dy: Double) {
    guard swipeActive else { return }
    sink.handle(.swipeUpdate(delta: Point(x: dx, y: dy)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func swipeEnd(time: UInt32, cancelled: Int32) {
    guard swipeActive else { return }
    swipeActive = false
    sink.handle(.swipeEnd(cancelled: cancelled != 0), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func holdBegin(time: UInt32, surface: OpaquePointer?, fingers: UInt32) {
    holdActive = surface == sink.surface
    guard holdActive else { return }
    sink.handle(.holdBegin(fingers: Int(fingers)), at: sink.eventTime(milliseconds: time))
  }

  fileprivate func holdEnd(time: UInt32, cancelled: Int32) {
    guard holdActive else { return }
    holdActive = false
    sink.handle(.holdEnd(cancelled: cancelled != 0), at: sink.eventTime(milliseconds: time))
  }
}

private func gestures(_ data: UnsafeMutableRawPointer?) -> PointerGestures {
  Unmanaged<PointerGestures>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
  var listener = zwp_pointer_gesture_pinch_v1_listener()
  // begin: a multi-finger pinch started on a surface, with the number of fingers.
  listener.begin = { data, _, _, time, surface, fingers in
    gestures(data).pinchBegin(time: time, surface: surface, fingers: fingers)
  }
  // update: the centroid moved by dx, dy; scale is absolute, rotation relative degrees.
  listener.update = { data, _, time, dx, dy, scale, rotation in
    gestures(data).pinchUpdate(
      time: time, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy),
      scale: wl_fixed_to_double(scale),
      rotation: wl_fixed_to_double(rotation))
  }
  // end: the pinch ended, or was cancelled (the client should undo its effect).
  listener.end = { data, _, _, time, cancelled in gestures(data).pinchEnd(time: time, cancelled: cancelled) }
  return makeListener(listener)
}()

nonisolated(unsafe) private let swipeListener: UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener> = {
  var listener = zwp_pointer_gesture_swipe_v1_listener()
  // begin: a multi-finger swipe started on a surface, with the number of fingers.
  listener.begin = { data, _, _, time, surface, fingers in
    gestures(data).swipeBegin(time: time, surface: surface, fingers: fingers)
  }
  // update: the swipe's logical centre moved by dx, dy since the last event.
  listener.update = { data, _, time, dx, dy in
    gestures(data).swipeUpdate(time: time, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy))
  }
  // end: the swipe ended, or was cancelled.
  listener.end = { data, _, _, time, cancelled in gestures(data).swipeEnd(time: time, cancelled: cancelled) }
  return makeListener(listener)
}()

nonisolated(unsafe) private let holdListener: UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_listener> = {
  var listener = zwp_pointer_gesture_hold_v1_listener()
  // begin (v3): fingers came to rest on the touchpad over a surface.
  listener.begin = { data, _, _, time, surface, fingers in
    gestures(data).holdBegin(time: time, surface: surface, fingers: fingers)
  }
  // end (v3): the fingers moved or lifted (cancelled when they moved into another gesture).
  listener.end = { data, _, _, time, cancelled in gestures(data).holdEnd(time: time, cancelled: cancelled) }
  return makeListener(listener)
}()
