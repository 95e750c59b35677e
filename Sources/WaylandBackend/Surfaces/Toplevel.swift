import CWaylandClient
import CWaylandProtocols

/// `xdg_toplevel` (xdg-shell, versions 1-5) on an `xdg_surface` on a `wl_surface` (version
/// 4: enter and leave events only): the app's window as the desktop sees it.
///
/// Configure discipline: the first commit carries no buffer; each `xdg_surface.configure`
/// is remembered and acknowledged right before the commit that applies it (the caller does
/// that through `takePendingConfigure()`). A 0x0 size means "choose your own size".
///
/// Decorations: with `zxdg_decoration_manager_v1` the window asks for server-side ones and
/// follows the mode the compositor picks; without it (GNOME, Weston) they are client-side
/// (`clientSideDecorations`), drawn by `ClientDecoration`. The requests the title bar needs
/// (move, resize, maximize, minimize, fullscreen, window geometry, min size) are here.
final class Toplevel {
  /// Highest xdg_wm_base version implemented here.
  static let preferredVersion: UInt32 = 5

  /// A configure sequence that has to be applied and acknowledged.
  struct Configure {
    /// The serial to acknowledge.
    let serial: UInt32
    /// The suggested logical size, nil when the compositor leaves it to the client.
    let size: (width: Int, height: Int)?
    /// The states of the configure (maximized, fullscreen, tiled).
    let states: WindowStates
    /// What the compositor supports as of this configure (`wm_capabilities`, version 5).
    let capabilities: WindowCapabilities
  }

  /// The `wl_surface` proxy.
  let surface: OpaquePointer
  private let xdgSurface: OpaquePointer
  private let toplevel: OpaquePointer
  private var decoration: OpaquePointer?
  private var suggestedSize: (width: Int, height: Int)?
  private var suggestedStates: WindowStates = []
  private var suggestedCapabilities = WindowCapabilities.all
  /// The states of the latest configure applied (acknowledged).
  private(set) var states: WindowStates = []
  /// What the compositor supports, as of the latest configure applied: everything until it
  /// says otherwise (`wm_capabilities`, sent before a configure).
  private(set) var capabilities = WindowCapabilities.all
  /// True when the client draws its own decorations: no decoration manager, or the
  /// compositor chose client-side mode.
  private(set) var clientSideDecorations: Bool
  private var pending: Configure?
  /// True once the first configure arrived: only then may a buffer be attached.
  private(set) var hasBeenConfigured = false
  /// The largest window size the compositor says is useful (`configure_bounds`, xdg-shell 4),
  /// if it said.
  var bounds: (width: Int, height: Int)?
  /// True once the compositor asked the window to close.
  private(set) var closeRequested = false
  /// The `wl_output` proxies the surface is on (`wl_surface.enter` and `leave`), in the
  /// order it entered them.
  private(set) var enteredOutputs: [OpaquePointer] = []
  /// Called after `enteredOutputs` changed.
  var onOutputsChanged: (() -> Void)?

  /// Creates the surface roles and commits once without a buffer, as xdg-shell requires.
  init(
    compositor: OpaquePointer, wmBase: OpaquePointer, decorationManager: OpaquePointer?,
    title: String, appID: String, minimumSize: (width: Int, height: Int)
  ) {
    surface = wl_compositor_create_surface(compositor)
    xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
    toplevel = xdg_surface_get_toplevel(xdgSurface)
    clientSideDecorations = decorationManager == nil
    let me = Unmanaged.passUnretained(self).toOpaque()
    wl_surface_add_listener(surface, surfaceListener, me)
    xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, me)
    xdg_toplevel_add_listener(toplevel, toplevelListener, me)
    xdg_toplevel_set_title(toplevel, Self.protocolTitle(title))
    xdg_toplevel_set_app_id(toplevel, Self.protocolTitle(appID))
    let minimum = WindowFrame.minimumWindowSize(content: minimumSize, frameShown: false)
    xdg_toplevel_set_min_size(toplevel, Int32(minimum.width), Int32(minimum.height))
    if let decorationManager {
      // Server-side decorations where the compositor draws them (sway, KDE); the others
      // get the client-side frame.
      let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(decorationManager, toplevel)
      zxdg_toplevel_decoration_v1_add_listener(decoration, decorationListener, me)
      zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
      self.decoration = decoration
    }
    wl_surface_commit(surface)
  }

  deinit {
    if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
    xdg_toplevel_destroy(toplevel)
    xdg_surface_destroy(xdgSurface)
    wl_surface_destroy(surface)
  }

  /// Sets the title the desktop shows (task bar, title bar, window switcher).
  func setTitle(_ title: String) {
    xdg_toplevel_set_title(toplevel, Self.protocolTitle(title))
  }

  /// The most UTF-8 bytes of a title sent to the compositor: a Wayland message is at most
  /// 4096 bytes with its header, and no desktop shows more than a line of a title anyway.
  static let maximumTitleBytes = 1024

  /// `title` as `set_title` may carry it: cut to ``maximumTitleBytes`` at a character
  /// boundary with an ellipsis when longer, and without NUL characters (a C string ends at
  /// the first one).
  static func protocolTitle(_ title: String) -> String {
    let clean = String(title.map { $0 == "\0" ? " " : $0 })
    guard clean.utf8.count > maximumTitleBytes else { return clean }
    var cut = ""
    var bytes = 0
    let ellipsis = "\u{2026}"
    for character in clean {
      let size = character.utf8.count
      guard bytes + size + ellipsis.utf8.count <= maximumTitleBytes else { break }
      cut.append(character)
      bytes += size
    }
    return cut + ellipsis
  }

  /// The configure to apply with the next commit, if one arrived and is not acknowledged.
  var pendingConfigure: Configure? { pending }

  /// Acknowledges the pending configure; call right before the commit that applies it.
  func acknowledgePendingConfigure() {
    guard let pending else { return }
    xdg_surface_ack_configure(xdgSurface, pending.serial)
    states = pending.states
    capabilities = pending.capabilities
    self.pending = nil
  }

  /// Starts an interactive move (`xdg_toplevel.move`) for the press with `serial` (a
  /// pointer button or a touch down) on `seat`.
  func move(seat: OpaquePointer, serial: UInt32) {
    xdg_toplevel_move(toplevel, seat, serial)
  }

  /// Starts an interactive resize (`xdg_toplevel.resize`) from `edges`
  /// (`xdg_toplevel_resize_edge`) for the press with `serial` on `seat`.
  func resize(seat: OpaquePointer, serial: UInt32, edges: UInt32) {
    xdg_toplevel_resize(toplevel, seat, serial, edges)
  }

  /// Shows the compositor's window menu (`xdg_toplevel.show_window_menu`) at (x, y) in
  /// window-geometry coordinates.
  func showWindowMenu(seat: OpaquePointer, serial: UInt32, x: Int, y: Int) {
    xdg_toplevel_show_window_menu(toplevel, seat, serial, Int32(x), Int32(y))
  }

  /// Maximizes the window, or restores it when it is maximized.
  func toggleMaximized() {
    if states.contains(.maximized) {
      xdg_toplevel_unset_maximized(toplevel)
    } else {
      xdg_toplevel_set_maximized(toplevel)
    }
  }

  /// Asks the compositor to minimize the window (it may ignore it).
  func minimize() {
    xdg_toplevel_set_minimized(toplevel)
  }

  /// Asks for fullscreen on the compositor's choice of output, or to leave it.
  func setFullscreen(_ fullscreen: Bool) {
    if fullscreen {
      xdg_toplevel_set_fullscreen(toplevel, nil)
    } else {
      xdg_toplevel_unset_fullscreen(toplevel)
    }
  }

  /// Advertises the smallest usable window size (window geometry, logical pixels).
  func setMinimumSize(width: Int, height: Int) {
    xdg_toplevel_set_min_size(toplevel, Int32(width), Int32(height))
  }

  /// Sets the window geometry (`xdg_surface.set_window_geometry`): the part of the surface
  /// tree that is the window, applied with the next commit.
  func setWindowGeometry(x: Int, y: Int, width: Int, height: Int) {
    xdg_surface_set_window_geometry(xdgSurface, Int32(x), Int32(y), Int32(width), Int32(height))
  }

  /// The close button: ends the run as the compositor's `close` would.
  func requestClose() {
    closeRequested = true
  }

  fileprivate func toplevelConfigure(width: Int32, height: Int32, states: UnsafeMutablePointer<wl_array>?) {
    suggestedSize = width > 0 && height > 0 ? (Int(width), Int(height)) : nil
    suggestedStates = WindowStates(xdgStates: Self.words(of: states))
  }

  /// Takes effect with the next configure, as xdg-shell says.
  fileprivate func wmCapabilities(_ capabilities: UnsafeMutablePointer<wl_array>?) {
    suggestedCapabilities = WindowCapabilities(xdgCapabilities: Self.words(of: capabilities))
  }

  /// The 32-bit values of an event's `wl_array` (none for a null array).
  private static func words(of array: UnsafeMutablePointer<wl_array>?) -> [UInt32] {
    guard let array, let data = array.pointee.data else { return [] }
    let count = array.pointee.size / MemoryLayout<UInt32>.size
    let words = data.bindMemory(to: UInt32.self, capacity: count)
    return (0..<count).map { words[$0] }
  }

  fileprivate func surfaceConfigure(serial: UInt32) {
    hasBeenConfigured = true
    pending = Configure(
      serial: serial, size: suggestedSize, states: suggestedStates, capabilities: suggestedCapabilities)
  }

  fileprivate func decorationConfigure(mode: UInt32) {
    clientSideDecorations = mode != ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
  }

  fileprivate func close() {
    closeRequested = true
  }

  fileprivate func entered(_ output: OpaquePointer?) {
    guard let output, !enteredOutputs.contains(output) else { return }
    enteredOutputs.append(output)
    onOutputsChanged?()
  }

  fileprivate func left(_ output: OpaquePointer?) {
    guard let output, let index = enteredOutputs.firstIndex(of: output) else { return }
    enteredOutputs.remove(at: index)
    onOutputsChanged?()
  }

  /// Forgets an output whose global went away (no `leave` may come for it).
  func forgetOutput(_ output: OpaquePointer) {
    left(output)
  }
}

private func owner(_ data: UnsafeMutableRawPointer?) -> Toplevel {
  Unmanaged<Toplevel>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let surfaceListener: UnsafeMutablePointer<wl_surface_listener> = {
  var listener = wl_surface_listener()
  // enter: part of the surface is now on this output (its scale counts).
  listener.enter = { data, _, output in owner(data).entered(output) }
  // leave: no part of the surface is on this output any more.
  listener.leave = { data, _, output in owner(data).left(output) }
  return makeListener(listener)
}()

nonisolated(unsafe) private let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
  var listener = xdg_surface_listener()
  // configure: the end of a configure sequence; ack it before the commit applying it.
  listener.configure = { data, _, serial in owner(data).surfaceConfigure(serial: serial) }
  return makeListener(listener)
}()

nonisolated(unsafe) private let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
  var listener = xdg_toplevel_listener()
  // configure: a suggested size (0x0: the client decides) and the window states.
  listener.configure = { data, _, width, height, states in
    owner(data).toplevelConfigure(width: width, height: height, states: states)
  }
  // close: the user asked to close the window.
  listener.close = { data, _ in owner(data).close() }
  // configure_bounds (v4): the largest useful window size (0x0: unknown), for the
  // sizes the client chooses itself.
  listener.configure_bounds = { data, _, width, height in
    owner(data).bounds = width > 0 && height > 0 ? (Int(width), Int(height)) : nil
  }
  // wm_capabilities (v5): which window-management requests the compositor supports.
  listener.wm_capabilities = { data, _, capabilities in owner(data).wmCapabilities(capabilities) }
  return makeListener(listener)
}()

nonisolated(unsafe) private let decorationListener:
  UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener> = {
    var listener = zxdg_toplevel_decoration_v1_listener()
    // configure: the decoration mode the compositor chose (part of a configure sequence).
    listener.configure = { data, _, mode in owner(data).decorationConfigure(mode: mode) }
    return makeListener(listener)
  }()
