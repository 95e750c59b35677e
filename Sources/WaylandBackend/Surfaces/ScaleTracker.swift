import CWaylandClient
import CWaylandProtocols

/// Follows everything that decides the window's scale and applies it to the surface: the
/// `wl_output`s (versions 1-4) and their scales, the outputs the surface is on, and, when
/// the compositor offers `wp_fractional_scale_manager_v1` (version 1) and `wp_viewporter`
/// (version 1), its preferred fractional scale. `SurfaceScale` makes the choice. The
/// viewporter is bound whenever it is offered: layers use it too.
final class ScaleTracker {
  /// The scale to draw the next frame at.
  private(set) var current: SurfaceScale
  /// Called after `current` changed (the window must be drawn again).
  var onChange: (() -> Void)?
  private let registry: GlobalRegistry
  private unowned let toplevel: Toplevel
  private var outputs: [Output] = []
  private let fractionalManager: OpaquePointer?
  /// `wp_viewporter`, when offered: for fractional scaling, and for layers shown scaled
  /// (`ViewLayer`).
  let viewporter: OpaquePointer?
  private var fractional: FractionalScale?
  /// The buffer scale last set on the surface (1 is the protocol's initial value).
  private var appliedBufferScale = 1

  /// Binds the outputs advertised so far, and the fractional-scale objects when offered.
  init(registry: GlobalRegistry, toplevel: Toplevel) {
    self.registry = registry
    self.toplevel = toplevel
    let viewporter = registry.bindOptional(gp_wp_viewporter_interface(), minimum: 1, preferred: 1)?.proxy
    let manager =
      viewporter == nil
      ? nil
      : registry.bindOptional(gp_wp_fractional_scale_manager_v1_interface(), minimum: 1, preferred: 1)?.proxy
    fractionalManager = viewporter == nil ? nil : manager
    self.viewporter = viewporter
    current = .integer(1)
    if let fractionalManager, let viewporter {
      let fractional = FractionalScale(
        manager: fractionalManager, viewporter: viewporter, surface: toplevel.surface)
      fractional.onChange = { [unowned self] in update() }
      self.fractional = fractional
    }
    for global in registry.globals.values where global.interface == "wl_output" {
      globalAdded(global)
    }
    toplevel.onOutputsChanged = { [unowned self] in update() }
    update()
  }

  deinit {
    toplevel.onOutputsChanged = nil
    fractional = nil
    if let viewporter { wp_viewporter_destroy(viewporter) }
    if let fractionalManager { wp_fractional_scale_manager_v1_destroy(fractionalManager) }
    outputs.removeAll()
  }

  /// Binds an output announced by the registry (other globals are ignored).
  func globalAdded(_ global: GlobalRegistry.Global) {
    guard global.interface == "wl_output" else { return }
    let bound = registry.bind(global, gp_wl_output_interface(), preferred: Output.preferredVersion)
    let output = Output(proxy: bound.proxy, version: bound.version, globalName: global.name)
    output.onScaleChanged = { [unowned self] in update() }
    outputs.append(output)
    update()
  }

  /// Releases an output whose global went away (other names are ignored).
  func globalRemoved(name: UInt32) {
    guard let index = outputs.firstIndex(where: { $0.globalName == name }) else { return }
    let output = outputs.remove(at: index)
    toplevel.forgetOutput(output.proxy)
    update()
  }

  /// Sets the buffer scale or the viewport for a frame of `logicalWidth` x `logicalHeight`
  /// drawn at `scale` (double-buffered state: call right before the commit that attaches
  /// the buffer, so that the scale and the buffer size change together).
  func prepareFrame(_ scale: SurfaceScale, logicalWidth: Int, logicalHeight: Int) {
    if scale.bufferScale != appliedBufferScale {
      wl_surface_set_buffer_scale(toplevel.surface, Int32(scale.bufferScale))
      appliedBufferScale = scale.bufferScale
    }
    if scale.usesViewport {
      fractional?.setDestination(width: logicalWidth, height: logicalHeight)
    }
  }

  /// The logical size of the output the window is on (the first it entered), or, before it
  /// entered one, of the largest output; nil when no output's mode is known.
  var outputSize: (width: Int, height: Int)? {
    if let proxy = toplevel.enteredOutputs.first,
      let size = outputs.first(where: { $0.proxy == proxy })?.logicalSize
    {
      return size
    }
    return outputs.compactMap(\.logicalSize).max { $0.width * $0.height < $1.width * $1.height }
  }

  private func update() {
    let entered = toplevel.enteredOutputs.compactMap { proxy in
      outputs.first { $0.proxy == proxy }?.scale
    }
    let integer = SurfaceScale.integerScale(
      enteredOutputScales: entered, allOutputScales: outputs.map(\.scale))
    let selected = SurfaceScale.select(
      integerScale: integer, preferredFractionalScale: fractional?.preferredScale,
      fractionalAvailable: fractional != nil)
    guard selected != current else { return }
    current = selected
    onChange?()
  }
}
