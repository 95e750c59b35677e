import CWaylandClient

/// `wl_output` (core protocol, versions 1-4): one monitor, as far as scaling goes.
///
/// The integer scale decides the buffer scale of the surfaces on this output; the current
/// mode, turned by the output's transform and divided by the scale, is its logical size,
/// which a first window is made to fit when the compositor sends no bounds. From version 2
/// the output's properties come as a batch ended by `done`, so they take effect at `done`;
/// before version 2 there is no `done` and they take effect at once. Name and description
/// are received and ignored.
final class Output {
  /// Highest version implemented here (4 adds name and description).
  static let preferredVersion: UInt32 = 4

  /// The `wl_output` proxy; `wl_surface.enter` and `leave` name outputs by it.
  let proxy: OpaquePointer
  /// The registry name of the output global, to match `global_remove`.
  let globalName: UInt32
  /// The output's scale factor (1 until the compositor says otherwise).
  private(set) var scale = 1
  /// Called after `scale` changed.
  var onScaleChanged: (() -> Void)?
  /// The current mode in hardware pixels, as the output shows it (turned), when known.
  private var mode: (width: Int, height: Int)?
  /// Whether the output's transform turns it by a quarter (90 or 270 degrees, flipped or not).
  private var turned = false
  private let version: UInt32
  private var pendingScale: Int?

  /// Starts listening to a bound output.
  init(proxy: OpaquePointer, version: UInt32, globalName: UInt32) {
    self.proxy = proxy
    self.version = version
    self.globalName = globalName
    wl_output_add_listener(proxy, outputListener, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
  }

  /// The output's size in logical pixels (its current mode, turned, divided by its integer
  /// scale), when its mode is known.
  var logicalSize: (width: Int, height: Int)? {
    guard let mode else { return nil }
    let (width, height) = turned ? (mode.height, mode.width) : (mode.width, mode.height)
    return (width / scale, height / scale)
  }

  fileprivate func modeEvent(flags: UInt32, width: Int32, height: Int32) {
    guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0, width > 0, height > 0 else { return }
    mode = (Int(width), Int(height))
  }

  fileprivate func geometryEvent(transform: Int32) {
    // wl_output.transform: 1, 3, 5 and 7 turn by 90 or 270 degrees.
    turned = transform % 2 == 1
  }

  fileprivate func scaleEvent(_ factor: Int32) {
    pendingScale = max(1, Int(factor))
    if version < 2 { done() }
  }

  fileprivate func done() {
    guard let pendingScale else { return }
    self.pendingScale = nil
    guard pendingScale != scale else { return }
    scale = pendingScale
    onScaleChanged?()
  }
}

private func output(_ data: UnsafeMutableRawPointer?) -> Output {
  Unmanaged<Output>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let outputListener: UnsafeMutablePointer<wl_output_listener> = {
  var listener = wl_output_listener()
  // geometry: position, physical size, subpixel layout, make, model, transform; only the
  // transform is used.
  listener.geometry = { data, _, _, _, _, _, _, _, _, transform in
    output(data).geometryEvent(transform: transform)
  }
  // mode: a video mode of the output; the current one gives the output's size.
  listener.mode = { data, _, flags, width, height, _ in
    output(data).modeEvent(flags: flags, width: width, height: height)
  }
  // done (v2): the end of a batch of property events; a new scale applies now.
  listener.done = { data, _ in output(data).done() }
  // scale (v2): the output's integer scale factor.
  listener.scale = { data, _, factor in output(data).scaleEvent(factor) }
  // name (v4): a short unique name such as "DP-1"; unused.
  listener.name = { _, _, _ in }
  // description (v4): a human-readable description; unused.
  listener.description = { _, _, _ in }
  return makeListener(listener)
}()
