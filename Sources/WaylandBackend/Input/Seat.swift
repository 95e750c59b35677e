import CWaylandClient

/// `wl_seat` (core protocol, versions 1-8): one group of input devices.
///
/// Capabilities may come and go at any time: a device appears when its capability does, and
/// when it is lost its active touches are cancelled before the device is released.
final class Seat {
  /// Highest version implemented here (8: the pointer's `axis_value120`; 9 would add
  /// `axis_relative_direction`).
  static let preferredVersion: UInt32 = 8

  /// The registry name of the seat global, to match `global_remove`.
  let globalName: UInt32
  private let proxy: OpaquePointer
  private let version: UInt32
  private unowned let sink: InputSink
  private let gestureManager: PointerGestureManager?
  private var touch: TouchDevice?
  private var pointer: PointerDevice?
  private var keyboard: KeyboardDevice?
  /// The seat's tablets and their tools, when the compositor offers tablet support.
  private var tablets: TabletSeat?

  /// Starts listening to a bound seat; its pointers get touchpad gestures from
  /// `gestureManager`, and its tablet tools come from `tabletManager`, when the compositor
  /// offers them.
  init(
    proxy: OpaquePointer, version: UInt32, globalName: UInt32, sink: InputSink,
    gestureManager: PointerGestureManager? = nil, tabletManager: TabletManager? = nil
  ) {
    self.proxy = proxy
    self.version = version
    self.globalName = globalName
    self.sink = sink
    self.gestureManager = gestureManager
    wl_seat_add_listener(proxy, seatListener, Unmanaged.passUnretained(self).toOpaque())
    tablets = tabletManager.map { TabletSeat(manager: $0, seat: proxy, sink: sink) }
  }

  /// Cancels everything active on this seat; call when the seat global is removed while the
  /// app goes on (not at teardown, when the sink is already being destroyed).
  func invalidate() {
    touch?.invalidate()
    pointer?.invalidate()
    keyboard?.invalidate()
    tablets?.invalidate()
  }

  deinit {
    tablets = nil
    touch = nil
    pointer = nil
    keyboard = nil
    if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
  }

  fileprivate func capabilities(_ raw: UInt32) {
    let hasTouch = raw & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
    let hasPointer = raw & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
    let hasKeyboard = raw & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
    if hasTouch, touch == nil {
      touch = TouchDevice(seat: proxy, version: version, sink: sink)
    } else if !hasTouch, let lost = touch {
      lost.invalidate()
      touch = nil
    }
    if hasPointer, pointer == nil {
      pointer = PointerDevice(seat: proxy, version: version, sink: sink, gestureManager: gestureManager)
    } else if !hasPointer, let lost = pointer {
      lost.invalidate()
      pointer = nil
    }
    if hasKeyboard, keyboard == nil {
      keyboard = KeyboardDevice(seat: proxy, version: version, sink: sink)
    } else if !hasKeyboard, let lost = keyboard {
      lost.invalidate()
      keyboard = nil
    }
  }
}

nonisolated(unsafe) private let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
  var listener = wl_seat_listener()
  // capabilities: the set of devices changed (sent once after bind, then on change).
  listener.capabilities = { data, _, caps in
    Unmanaged<Seat>.fromOpaque(data!).takeUnretainedValue().capabilities(caps)
  }
  // name (v2): a human-readable seat name; not needed.
  listener.name = { _, _, _ in }
  return makeListener(listener)
}()
