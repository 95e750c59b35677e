import CWaylandClient
import Glibc

/// `wl_display` (core protocol, version 1): the connection to the compositor.
///
/// Owns the socket. The event loop reads through `prepare_read`/`read_events`, so that the
/// display's file descriptor can be polled together with the loop's other descriptors.
final class DisplayConnection {
  /// The `wl_display` proxy.
  let display: OpaquePointer
  /// The socket to poll for `POLLIN`.
  let fd: Int32

  /// Connects to `name` (nil means `$WAYLAND_DISPLAY`, then `wayland-0`).
  init(name: String?) throws(WaylandError) {
    let shownName = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
    // libwayland looks for a socket name that is not a path in $XDG_RUNTIME_DIR, and without
    // one (sudo and su may drop it) fails with ENOENT after a line of its own on standard
    // error: say why in the app's one line instead. $WAYLAND_SOCKET (an inherited socket)
    // needs no folder.
    let runtimeDirectory = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? ""
    if getenv("WAYLAND_SOCKET") == nil, !shownName.hasPrefix("/"), !runtimeDirectory.hasPrefix("/") {
      let reason =
        runtimeDirectory.isEmpty
        ? "$XDG_RUNTIME_DIR, the folder of its socket, is not set (a desktop session sets it; sudo and su may not keep it)"
        : "$XDG_RUNTIME_DIR, the folder of its socket, is not an absolute path ('\(runtimeDirectory)')"
      throw .noCompositor(display: shownName, reason: reason)
    }
    guard let display = wl_display_connect(name) else {
      let reason = errno == ENOENT ? "no such socket" : SystemCall.lastError
      throw .noCompositor(display: shownName, reason: reason)
    }
    self.display = display
    self.fd = wl_display_get_fd(display)
  }

  deinit {
    wl_display_disconnect(display)
  }

  /// Sends every request and waits until the compositor has handled them and sent its
  /// replies, dispatching events meanwhile.
  func roundtrip() throws(WaylandError) {
    if wl_display_roundtrip(display) < 0 { try throwConnectionError() }
  }

  /// Dispatches events already read from the socket; returns how many.
  @discardableResult
  func dispatchPending() throws(WaylandError) -> Int {
    let dispatched = wl_display_dispatch_pending(display)
    if dispatched < 0 { try throwConnectionError() }
    return Int(max(dispatched, 0))
  }

  /// Writes queued requests. Returns false when the socket is full (EAGAIN): poll for
  /// `POLLOUT` and flush again.
  func flush() throws(WaylandError) -> Bool {
    if wl_display_flush(display) >= 0 { return true }
    if errno == EAGAIN { return false }
    try throwConnectionError()
    return false
  }

  /// Announces the intent to read; dispatches pending events until the queue is empty first.
  func prepareRead() throws(WaylandError) {
    while wl_display_prepare_read(display) != 0 {
      try dispatchPending()
    }
  }

  /// Reads events after poll reported the socket readable (ends a `prepareRead`).
  func readEvents() throws(WaylandError) {
    if wl_display_read_events(display) < 0 { try throwConnectionError() }
  }

  /// Ends a `prepareRead` without reading.
  func cancelRead() {
    wl_display_cancel_read(display)
  }

  /// Throws the protocol error the compositor reported, or a lost connection.
  func throwConnectionError() throws(WaylandError) {
    let code = wl_display_get_error(display)
    if code == EPROTO {
      var interface: UnsafePointer<wl_interface>?
      var id: UInt32 = 0
      let protocolCode = wl_display_get_protocol_error(display, &interface, &id)
      let name = interface.map { String(cString: $0.pointee.name) } ?? "an unknown object"
      throw .protocolError(interface: "\(name)@\(id)", code: protocolCode)
    }
    let reason = code == 0 ? SystemCall.lastError : SystemCall.describe(errno: code)
    throw .connectionLost(reason: reason)
  }
}
