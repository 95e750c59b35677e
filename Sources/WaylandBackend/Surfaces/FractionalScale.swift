import CWaylandClient
import CWaylandProtocols

/// `wp_fractional_scale_v1` (fractional-scale-v1, version 1) and `wp_viewport` (viewporter,
/// version 1) on the window's surface: the compositor's preferred scale in 120ths, and the
/// viewport that maps a buffer of that many pixels onto the logical size.
///
/// Made only when the compositor offers both `wp_fractional_scale_manager_v1` and
/// `wp_viewporter`; the surface's buffer scale then stays 1.
final class FractionalScale {
  /// The compositor's latest preferred scale in 120ths, nil until it sent one.
  private(set) var preferredScale: Int?
  /// Called after `preferredScale` changed.
  var onChange: (() -> Void)?
  private let fractionalScale: OpaquePointer
  private let viewport: OpaquePointer
  private var destination: (width: Int, height: Int)?

  /// Creates both add-on objects for `surface`.
  init(manager: OpaquePointer, viewporter: OpaquePointer, surface: OpaquePointer) {
    fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
    viewport = wp_viewporter_get_viewport(viewporter, surface)
    wp_fractional_scale_v1_add_listener(
      fractionalScale, fractionalScaleListener, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    wp_viewport_destroy(viewport)
    wp_fractional_scale_v1_destroy(fractionalScale)
  }

  /// Sets the viewport's destination (double-buffered: applies with the next commit) when it
  /// changed.
  func setDestination(width: Int, height: Int) {
    if let destination, destination == (width, height) { return }
    destination = (width, height)
    wp_viewport_set_destination(viewport, Int32(width), Int32(height))
  }

  fileprivate func preferred(_ scale: UInt32) {
    let scale = Int(scale)
    guard scale > 0, scale != preferredScale else { return }
    preferredScale = scale
    onChange?()
  }
}

nonisolated(unsafe) private let fractionalScaleListener:
  UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
    var listener = wp_fractional_scale_v1_listener()
    // preferred_scale: the scale the compositor would like, numerator over 120.
    listener.preferred_scale = { data, _, scale in
      Unmanaged<FractionalScale>.fromOpaque(data!).takeUnretainedValue().preferred(scale)
    }
    return makeListener(listener)
  }()
