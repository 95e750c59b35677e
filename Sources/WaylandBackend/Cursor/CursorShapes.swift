import CWaylandProtocols

/// `wp_cursor_shape_manager_v1` (cursor-shape-v1, version 1): cursors named by shape and
/// drawn by the compositor, in the desktop's own theme and size at any scale.
///
/// Bound when the compositor offers it (KDE Plasma 6, GNOME's mutter 48, sway 1.9 and
/// later); the pointer's and each tablet tool's cursor is then set with
/// `wp_cursor_shape_device_v1.set_shape`, and no theme is read. Elsewhere (Weston, older
/// desktops) `CursorTheme` draws the cursors. One `wp_cursor_shape_device_v1` is kept for the
/// pointer that entered last (made again when another pointer enters, destroyed before its
/// pointer is released) and one for each tool near the surface (destroyed when it leaves).
final class CursorShapes {
  /// Highest version implemented here: version 2 adds shapes the app does not use.
  static let preferredVersion: UInt32 = 1

  private let manager: OpaquePointer
  /// The shape devices and what each was made for.
  private var devices: [(proxy: OpaquePointer, target: CursorTarget)] = []

  /// Binds the global if `registry` lists it; nil when the compositor does not offer it.
  init?(registry: GlobalRegistry) {
    guard
      let bound = registry.bindOptional(
        gp_wp_cursor_shape_manager_v1_interface(), minimum: 1, preferred: Self.preferredVersion)
    else { return nil }
    manager = bound.proxy
  }

  deinit {
    for device in devices { wp_cursor_shape_device_v1_destroy(device.proxy) }
    wp_cursor_shape_manager_v1_destroy(manager)
  }

  /// Shows the shape of `kind` for `target`, with the serial of its latest enter.
  func show(_ kind: CursorKind, for target: CursorTarget, serial: UInt32) {
    if case .pointer = target {
      // Another pointer (the seat's pointer came back as a new object): the old device goes.
      for device in devices where device.target != target {
        if case .pointer = device.target { release(device.target) }
      }
    }
    let proxy: OpaquePointer
    if let device = devices.first(where: { $0.target == target }) {
      proxy = device.proxy
    } else {
      let made: OpaquePointer?
      switch target {
      case .pointer(let pointer): made = wp_cursor_shape_manager_v1_get_pointer(manager, pointer)
      case .tool(let tool): made = wp_cursor_shape_manager_v1_get_tablet_tool_v2(manager, tool)
      }
      guard let made else { return }
      devices.append((made, target))
      proxy = made
    }
    wp_cursor_shape_device_v1_set_shape(proxy, serial, Self.shape(of: kind))
  }

  /// Destroys the shape device of `target`, if it has one: its pointer is about to be
  /// released (the seat lost it), or its tool left the surface or went away.
  func release(_ target: CursorTarget) {
    guard let index = devices.firstIndex(where: { $0.target == target }) else { return }
    wp_cursor_shape_device_v1_destroy(devices[index].proxy)
    devices.remove(at: index)
  }

  /// Destroys the pointer's shape device: its pointer is about to be released.
  func releasePointer() {
    for device in devices {
      if case .pointer = device.target { release(device.target) }
    }
  }

  /// The protocol's shape for `kind` (`wp_cursor_shape_device_v1.shape`, version 1: the CSS
  /// cursor names that `CursorKind.themeNames` tries first).
  static func shape(of kind: CursorKind) -> UInt32 {
    let shape: wp_cursor_shape_device_v1_shape
    switch kind {
    case .default: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT
    case .openHand: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_GRAB
    case .closedHand: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_GRABBING
    case .resizeTop: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_N_RESIZE
    case .resizeBottom: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_S_RESIZE
    case .resizeLeft: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_W_RESIZE
    case .resizeRight: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_E_RESIZE
    case .resizeTopLeft: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_NW_RESIZE
    case .resizeTopRight: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_NE_RESIZE
    case .resizeBottomLeft: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_SW_RESIZE
    case .resizeBottomRight: shape = WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_SE_RESIZE
    }
    return shape.rawValue
  }
}
