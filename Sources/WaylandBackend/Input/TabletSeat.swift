import CWaylandClient
import CWaylandProtocols
import GestureKit

/// `zwp_tablet_seat_v2` (tablet-unstable-v2, version 1): the tablets, tools and pads of one
/// `wl_seat`, as they come and go.
///
/// Each tool becomes a `TabletToolDevice` with a number of its own (the `tool` of its
/// `SeatEvent`s); tablets are followed so that a tablet unplugged with a tool near it takes
/// that tool away (`SeatEvent.tabletToolRemoved`: its touch is cancelled); pads (the express
/// keys, rings and strips) drive nothing and are released at once.
final class TabletSeat {
  private let proxy: OpaquePointer
  /// The `wl_seat` it belongs to.
  private let seat: OpaquePointer
  private unowned let sink: InputSink
  /// The seat's tools, by proxy.
  private var tools: [TabletToolDevice] = []
  /// The seat's tablets (their `zwp_tablet_v2` proxies, kept to destroy them).
  private var tablets: [OpaquePointer] = []
  /// The number the next tool gets.
  private var nextTool = 0

  /// Gets the tablet seat of `seat` from `manager` and starts listening.
  init(manager: TabletManager, seat: OpaquePointer, sink: InputSink) {
    self.sink = sink
    self.seat = seat
    proxy = zwp_tablet_manager_v2_get_tablet_seat(manager.proxy, seat)
    zwp_tablet_seat_v2_add_listener(proxy, tabletSeatListener, Unmanaged.passUnretained(self).toOpaque())
  }

  /// The seat went away while the app goes on: every tool near the surface is taken away.
  func invalidate() {
    for tool in tools { tool.remove() }
  }

  deinit {
    tools.removeAll()
    for tablet in tablets { zwp_tablet_v2_destroy(tablet) }
    zwp_tablet_seat_v2_destroy(proxy)
  }

  fileprivate func toolAdded(_ tool: OpaquePointer) {
    let device = TabletToolDevice(proxy: tool, number: nextTool, seat: seat, sink: sink)
    device.onRemoved = { [unowned self] in toolRemoved($0) }
    tools.append(device)
    nextTool += 1
  }

  fileprivate func tabletAdded(_ tablet: OpaquePointer) {
    tablets.append(tablet)
    zwp_tablet_v2_add_listener(tablet, tabletListener, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Tablet `tablet` was unplugged: the tools near the surface on it go away.
  fileprivate func tabletRemoved(_ tablet: OpaquePointer) {
    for tool in tools where tool.tablet == tablet { tool.remove() }
    tablets.removeAll { $0 == tablet }
    zwp_tablet_v2_destroy(tablet)
  }

  /// Tool `device` was removed by the compositor (its `removed` event).
  fileprivate func toolRemoved(_ device: TabletToolDevice) {
    device.remove()
    tools.removeAll { $0 === device }
  }

  fileprivate static func seat(_ data: UnsafeMutableRawPointer?) -> TabletSeat {
    Unmanaged<TabletSeat>.fromOpaque(data!).takeUnretainedValue()
  }

}

nonisolated(unsafe) private let tabletSeatListener: UnsafeMutablePointer<zwp_tablet_seat_v2_listener> = {
  var listener = zwp_tablet_seat_v2_listener()
  // tablet_added: a tablet (its name, ids, path and done follow on it).
  listener.tablet_added = { data, _, tablet in TabletSeat.seat(data).tabletAdded(tablet!) }
  // tool_added: a tool (its type, serials and capabilities follow on it, then done).
  listener.tool_added = { data, _, tool in TabletSeat.seat(data).toolAdded(tool!) }
  // pad_added: a pad; it drives nothing here, so it is released at once (its events, and
  // those of the groups it announces, are then dropped by libwayland).
  listener.pad_added = { _, _, pad in zwp_tablet_pad_v2_destroy(pad) }
  return makeListener(listener)
}()

nonisolated(unsafe) private let tabletListener: UnsafeMutablePointer<zwp_tablet_v2_listener> = {
  var listener = zwp_tablet_v2_listener()
  // name, id, path, done: describe the tablet; not needed.
  listener.name = { _, _, _ in }
  listener.id = { _, _, _, _ in }
  listener.path = { _, _, _ in }
  listener.done = { _, _ in }
  // removed: the tablet was unplugged.
  listener.removed = { data, tablet in TabletSeat.seat(data).tabletRemoved(tablet!) }
  return makeListener(listener)
}()
