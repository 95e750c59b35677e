import CWaylandClient

/// `wl_output` (core protocol, versions 1-4): one monitor, as far as scaling goes.
///
/// Only the integer scale is used: it decides the buffer scale of the surfaces on this
/// output. From version 2 the output's properties come as a batch ended by `done`, so a new
/// scale takes effect at `done`; before version 2 there is no `done` and it takes effect at
/// once. Geometry, mode, name and description are received and ignored.
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
  let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
  listener.initialize(
    to: wl_output_listener(
      // geometry: position, physical size, subpixel layout, make, model, transform; unused.
      geometry: { _, _, _, _, _, _, _, _, _, _ in },
      // mode: a video mode of the output; unused (sizes are the compositor's business).
      mode: { _, _, _, _, _, _ in },
      // done (v2): the end of a batch of property events; a new scale applies now.
      done: { data, _ in output(data).done() },
      // scale (v2): the output's integer scale factor.
      scale: { data, _, factor in output(data).scaleEvent(factor) },
      // name (v4): a short unique name such as "DP-1"; unused.
      name: { _, _, _ in },
      // description (v4): a human-readable description; unused.
      description: { _, _, _ in }
    ))
  return listener
}()
