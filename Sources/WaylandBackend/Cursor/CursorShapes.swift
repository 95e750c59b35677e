import CWaylandProtocols

/// `wp_cursor_shape_manager_v1` (cursor-shape-v1, version 1): cursors named by shape and
/// drawn by the compositor, in the desktop's own theme and size at any scale.
///
/// Bound when the compositor offers it (KDE Plasma 6, GNOME's mutter 48, sway 1.9 and
/// later); the pointer's cursor is then set with `wp_cursor_shape_device_v1.set_shape`, and
/// no theme is read. Elsewhere (Weston, older desktops) `CursorTheme` draws the cursors.
/// One `wp_cursor_shape_device_v1` is kept, for the pointer that entered last; it is made
/// again when another pointer enters, and destroyed before its pointer is released.
final class CursorShapes {
  /// Highest version implemented here: version 2 adds shapes the app does not use.
  static let preferredVersion: UInt32 = 1

  private let manager: OpaquePointer
  /// The shape device and the `wl_pointer` it was made for.
  private var device: (proxy: OpaquePointer, pointer: OpaquePointer)?

  /// Binds the global if `registry` lists it; nil when the compositor does not offer it.
  init?(registry: GlobalRegistry) {
    guard
      let bound = registry.bindOptional(
        gp_wp_cursor_shape_manager_v1_interface(), minimum: 1, preferred: Self.preferredVersion)
    else { return nil }
    manager = bound.proxy
  }

  deinit {
    releasePointer()
    wp_cursor_shape_manager_v1_destroy(manager)
  }

  /// Shows the shape of `kind` for `pointer`, with the serial of its latest enter.
  func show(_ kind: CursorKind, pointer: OpaquePointer, serial: UInt32) {
    if let device, device.pointer != pointer { releasePointer() }
    let proxy: OpaquePointer
    if let device {
      proxy = device.proxy
    } else {
      guard let made = wp_cursor_shape_manager_v1_get_pointer(manager, pointer) else { return }
      device = (made, pointer)
      proxy = made
    }
    wp_cursor_shape_device_v1_set_shape(proxy, serial, Self.shape(of: kind))
  }

  /// Destroys the shape device: its pointer is about to be released (the seat lost it).
  func releasePointer() {
    guard let device else { return }
    wp_cursor_shape_device_v1_destroy(device.proxy)
    self.device = nil
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
