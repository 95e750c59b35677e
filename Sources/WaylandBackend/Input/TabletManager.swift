import CWaylandClient
import CWaylandProtocols

/// `zwp_tablet_manager_v2` (tablet-unstable-v2, version 1): the optional global that hands out
/// each seat's tablets, tools and pads (`TabletSeat`).
///
/// Bound once by the application when the compositor offers it (GNOME, KDE, sway, Weston 14);
/// without it a pen is whatever the compositor's pointer emulation makes of it.
final class TabletManager {
  /// Highest version implemented here.
  static let preferredVersion: UInt32 = 1

  /// The `zwp_tablet_manager_v2` proxy.
  let proxy: OpaquePointer

  /// Binds the global if `registry` lists it; nil when the compositor has no tablet support.
  init?(registry: GlobalRegistry) {
    guard
      let bound = registry.bindOptional(
        gp_zwp_tablet_manager_v2_interface(), minimum: 1, preferred: Self.preferredVersion)
    else { return nil }
    proxy = bound.proxy
  }

  deinit {
    zwp_tablet_manager_v2_destroy(proxy)
  }
}
