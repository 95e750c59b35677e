import CWaylandClient
import CWaylandProtocols

/// `wl_registry` (core protocol, version 1): the list of globals the compositor offers.
///
/// Records every advertised global, binds them with `min(advertised, preferred)` versions,
/// and reports globals that come and go later (seats may be hot-plugged) to its delegate.
final class GlobalRegistry {
  /// One advertised global.
  struct Global {
    /// The numeric name the compositor gave it.
    let name: UInt32
    /// Its interface name, e.g. "wl_seat".
    let interface: String
    /// The highest version the compositor implements.
    let version: UInt32
  }

  /// The `wl_registry` proxy.
  let proxy: OpaquePointer
  /// Every global currently advertised, by numeric name.
  private(set) var globals: [UInt32: Global] = [:]
  /// Called for globals announced after the initial roundtrip.
  var onGlobalAdded: ((Global) -> Void)?
  /// Called when a global disappears.
  var onGlobalRemoved: ((UInt32) -> Void)?

  /// Requests the registry; globals arrive with the next roundtrip.
  init(display: OpaquePointer) {
    proxy = wl_display_get_registry(display)
    wl_registry_add_listener(proxy, registryListener, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    wl_registry_destroy(proxy)
  }

  /// The first advertised global with this interface name.
  func first(_ interface: String) -> Global? {
    globals.values.filter { $0.interface == interface }.min { $0.name < $1.name }
  }

  /// Binds a global the client cannot work without, or throws naming it.
  func bindRequired(
    _ interface: UnsafePointer<wl_interface>, minimum: UInt32, preferred: UInt32
  ) throws(WaylandError) -> (proxy: OpaquePointer, version: UInt32) {
    let name = String(cString: interface.pointee.name)
    guard let global = first(name) else {
      throw .missingGlobal(interface: name, minimumVersion: minimum, advertised: nil)
    }
    guard global.version >= minimum else {
      throw .missingGlobal(interface: name, minimumVersion: minimum, advertised: global.version)
    }
    return bind(global, interface, preferred: preferred)
  }

  /// Binds an optional global if it is offered in at least `minimum`.
  func bindOptional(
    _ interface: UnsafePointer<wl_interface>, minimum: UInt32, preferred: UInt32
  ) -> (proxy: OpaquePointer, version: UInt32)? {
    let name = String(cString: interface.pointee.name)
    guard let global = first(name), global.version >= minimum else { return nil }
    return bind(global, interface, preferred: preferred)
  }

  /// Binds `global` with `min(advertised, preferred)`.
  func bind(
    _ global: Global, _ interface: UnsafePointer<wl_interface>, preferred: UInt32
  ) -> (proxy: OpaquePointer, version: UInt32) {
    let version = min(global.version, preferred)
    let raw = wl_registry_bind(proxy, global.name, interface, version)
    return (OpaquePointer(raw!), version)
  }

  fileprivate func globalAdded(name: UInt32, interface: String, version: UInt32) {
    let global = Global(name: name, interface: interface, version: version)
    globals[name] = global
    onGlobalAdded?(global)
  }

  fileprivate func globalRemoved(name: UInt32) {
    globals[name] = nil
    onGlobalRemoved?(name)
  }
}

nonisolated(unsafe) private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
  var listener = wl_registry_listener()
  // global: the compositor announces a global (all at startup, more later).
  listener.global = { data, _, name, interface, version in
    let registry = Unmanaged<GlobalRegistry>.fromOpaque(data!).takeUnretainedValue()
    registry.globalAdded(name: name, interface: String(cString: interface!), version: version)
  }
  // global_remove: a global went away (a seat unplugged, an output disconnected).
  listener.global_remove = { data, _, name in
    Unmanaged<GlobalRegistry>.fromOpaque(data!).takeUnretainedValue().globalRemoved(name: name)
  }
  return makeListener(listener)
}()
