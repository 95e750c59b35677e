import CWaylandClient
import CWaylandProtocols

/// Two `wl_subsurface`s (core protocol, version 1) on `wl_surface`s (version 4) of the
/// window's surface: the client-side frame where the compositor draws no decorations
/// (GNOME, Weston).
///
/// The window's own surface holds the title bar's rows above the content (so that a
/// compositor placing the surface on screen places the title bar with it: Weston 10 keeps
/// the surface, not the window geometry, inside the work area). Over those rows, a
/// subsurface shows the title bar (drag to move, right-click for the window menu, buttons
/// minimize, maximize/restore and close, acting on release over them); below the window's
/// surface, a transparent one a border wider takes the resize edges (`WindowFrame`). Input
/// on either is in frame-surface coordinates (the border's). The pointer, touch and tablet
/// tools all drive it, with the serial of the press (`FrameInteraction`). Both are
/// synchronized with their parent: what they draw appears with the parent's next commit, the
/// one that acknowledges the configure (hiding them is the exception: see `update`).
final class ClientDecoration {
  /// The title bar's colour (opaque ARGB).
  static let titleBarColor: UInt32 = 0xFF30_3643
  /// The colour of the button glyphs.
  static let glyphColor: UInt32 = 0xFFE8_EAED
  /// A thin line under the title bar.
  static let separatorColor: UInt32 = 0xFF1C_2029

  /// The resize border's `wl_surface` proxy (input on it is routed here): frame-surface
  /// coordinates are its own.
  let surface: OpaquePointer
  private let subsurface: OpaquePointer
  /// The title bar's `wl_surface` proxy (input on it is routed here), at (`border`,
  /// `border`) in frame-surface coordinates.
  let barSurface: OpaquePointer
  private let barSubsurface: OpaquePointer
  private let barPool: BufferPool
  private unowned let toplevel: Toplevel
  private let pool: BufferPool
  /// An empty region: the input region of the frame's surfaces while the frame is hidden.
  private let noInput: OpaquePointer
  /// What is on screen: nil while hidden.
  private(set) var shown: WindowFrame?
  private var shownScale = 0
  /// What the pointer, the fingers and the tools are doing on the frame.
  private var interaction = FrameInteraction()
  /// The bar as last drawn.
  private var drawnBar: TitleBar?
  /// The window's title, shown in the bar.
  var title = "" {
    didSet { redrawBarNow() }
  }
  /// Draws the title bar (the drawing side's `drawTitleBar`); false or nil: the plain bar.
  var drawTitleBar: ((TitleBar, FrameTarget) -> Bool)?

  /// Creates the frame's surfaces as subsurfaces of `toplevel`'s: the border below it, a
  /// border's width up and left; the title bar above it, over its top rows.
  init(compositor: OpaquePointer, subcompositor: OpaquePointer, shm: OpaquePointer, toplevel: Toplevel) {
    self.toplevel = toplevel
    pool = BufferPool(shm: shm, format: WL_SHM_FORMAT_ARGB8888.rawValue)
    barPool = BufferPool(shm: shm, format: WL_SHM_FORMAT_ARGB8888.rawValue)
    surface = wl_compositor_create_surface(compositor)
    subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, toplevel.surface)
    wl_subsurface_place_below(subsurface, toplevel.surface)
    wl_subsurface_set_position(subsurface, Int32(-WindowFrame.border), Int32(-WindowFrame.border))
    barSurface = wl_compositor_create_surface(compositor)
    barSubsurface = wl_subcompositor_get_subsurface(subcompositor, barSurface, toplevel.surface)
    wl_subsurface_place_above(barSubsurface, toplevel.surface)
    wl_subsurface_set_position(barSubsurface, 0, 0)
    noInput = wl_compositor_create_region(compositor)
  }

  deinit {
    wl_region_destroy(noInput)
    wl_subsurface_destroy(barSubsurface)
    wl_surface_destroy(barSurface)
    wl_subsurface_destroy(subsurface)
    wl_surface_destroy(surface)
  }

  /// Where `surface` lies in frame-surface coordinates, when it is one of the frame's.
  func origin(of surface: OpaquePointer) -> (x: Double, y: Double)? {
    if surface == self.surface { return (0, 0) }
    if surface == barSurface { return (Double(WindowFrame.border), Double(WindowFrame.border)) }
    return nil
  }

  /// Shows `frame` at `scale` (redrawn only when something changed), or hides the frame
  /// with nil. Returns false when every buffer is busy (try again on the next frame).
  ///
  /// Hidden, the frame's surfaces stay mapped, each showing one transparent pixel at the
  /// window's corner and taking no input: Weston gives the keyboard to the surface clicked,
  /// a subsurface too (the title bar, for its restore button), and when that surface is
  /// unmapped, to nothing, so the window went deaf to keys (F11 could not leave the
  /// fullscreen it had just entered).
  func update(_ frame: WindowFrame?, scale: Int) throws(WaylandError) -> Bool {
    if let shown, frame.map({ Self.sameLayout(shown, $0) }) != true { interaction.forgetToolPlaces() }
    guard let frame else {
      guard shown != nil else { return true }
      guard let blank = try pool.acquire(width: 1, height: 1),
        let barBlank = try barPool.acquire(width: 1, height: 1)
      else { return false }
      wl_subsurface_set_position(subsurface, 0, 0)
      // Applied at once (desynchronized for this commit), not with the parent's next commit:
      // Weston's desktop-shell centres a fullscreen window by the extent of its surface and
      // subsurfaces when that commit arrives, before the subsurfaces' cached state is applied,
      // so the border's old size (a maximised window's, wider than the output) put the window
      // 8 px left of the output's edge, its right 8 px uncovered. Hidden, the frame shows
      // nothing, so nothing is seen early.
      for (surface, subsurface, buffer) in [
        (surface, subsurface, blank), (barSurface, barSubsurface, barBlank),
      ] {
        Self.clear(buffer)
        buffer.markAttached()
        wl_subsurface_set_desync(subsurface)
        wl_surface_set_input_region(surface, noInput)
        wl_surface_set_buffer_scale(surface, 1)
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        wl_surface_commit(surface)
        wl_subsurface_set_sync(subsurface)
      }
      shown = nil
      drawnBar = nil
      return true
    }
    if shown == nil {
      // Shown again after hiding: the surfaces take input again, the border its place.
      for surface in [surface, barSurface] { wl_surface_set_input_region(surface, nil) }
      wl_subsurface_set_position(subsurface, Int32(-WindowFrame.border), Int32(-WindowFrame.border))
    }
    if frame == shown, scale == shownScale {
      if drawnBar == bar(of: frame) { return true }
      return try drawBar(bar(of: frame), scale: scale)
    }
    let size = frame.surfaceSize
    guard let buffer = try pool.acquire(width: size.width * scale, height: size.height * scale) else {
      return false
    }
    guard try drawBar(bar(of: frame), scale: scale) else { return false }
    Self.clear(buffer)
    buffer.markAttached()
    wl_surface_set_buffer_scale(surface, Int32(scale))
    wl_surface_attach(surface, buffer.proxy, 0, 0)
    wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
    wl_surface_commit(surface)
    shown = frame
    shownScale = scale
    return true
  }

  /// Whether input lands on the same zones of `a` and `b`: the same size, buttons and
  /// resize border.
  private static func sameLayout(_ a: WindowFrame, _ b: WindowFrame) -> Bool {
    let layoutStates: WindowStates = [.maximized, .tiled, .fullscreen]
    return a.surfaceSize == b.surfaceSize && a.buttons == b.buttons
      && a.states.intersection(layoutStates) == b.states.intersection(layoutStates)
  }

  /// What the bar shows for `frame` now.
  private func bar(of frame: WindowFrame) -> TitleBar {
    TitleBar(
      title: title, width: frame.contentWidth, isMaximized: frame.states.contains(.maximized),
      hovered: interaction.hovered.map(Self.barButton), pressed: interaction.pressed.map(Self.barButton),
      buttons: frame.buttons.map(Self.barButton))
  }

  /// Draws `bar` into a fresh buffer of the bar surface and commits it (applied with the
  /// window's next commit); false when its buffers are all busy.
  private func drawBar(_ bar: TitleBar, scale: Int) throws(WaylandError) -> Bool {
    guard let buffer = try barPool.acquire(width: bar.width * scale, height: TitleBar.height * scale) else {
      return false
    }
    let target = FrameTarget(
      data: buffer.data, width: buffer.width, height: buffer.height, stride: buffer.stride,
      scale: Double(scale))
    if drawTitleBar?(bar, target) != true { Self.paintTitleBar(bar, scale: scale, into: buffer) }
    buffer.markAttached()
    wl_surface_set_buffer_scale(barSurface, Int32(scale))
    wl_surface_attach(barSurface, buffer.proxy, 0, 0)
    wl_surface_damage_buffer(barSurface, 0, 0, Int32(buffer.width), Int32(buffer.height))
    wl_surface_commit(barSurface)
    drawnBar = bar
    return true
  }

  /// Redraws the bar at once when what it shows changed (a hover, a press, the title):
  /// the bar's subsurface is made desynchronized for that commit, so that it shows without
  /// a commit of the window. A bar whose buffers are busy is redrawn at the next frame.
  private func redrawBarNow() {
    guard let frame = shown, bar(of: frame) != drawnBar else { return }
    wl_subsurface_set_desync(barSubsurface)
    _ = try? drawBar(bar(of: frame), scale: shownScale)
    wl_subsurface_set_sync(barSubsurface)
  }

  /// The bar's name for a frame button.
  private static func barButton(_ button: FrameButton) -> TitleBar.Button {
    switch button {
    case .minimize: .minimize
    case .maximize: .maximize
    case .close: .close
    }
  }

  /// Called with the cursor the pointer should show where it is on the frame.
  var onCursor: ((CursorKind) -> Void)?
  /// Called with the cursor tablet tool `tool` should show where it is on the frame.
  var onToolCursor: ((_ tool: Int, CursorKind) -> Void)?

  /// Handles input on the frame surface.
  func handle(_ input: FrameInput) {
    guard let frame = shown else { return }
    interaction.handle(input, on: frame) { action in
      switch action {
      case .move(let seat, let serial): toplevel.move(seat: seat, serial: serial)
      case .resize(let seat, let serial, let edges): toplevel.resize(seat: seat, serial: serial, edges: edges)
      case .windowMenu(let seat, let serial, let x, let y):
        toplevel.showWindowMenu(seat: seat, serial: serial, x: x, y: y)
      case .pointerCursor(let kind): onCursor?(kind)
      case .toolCursor(let tool, let kind): onToolCursor?(tool, kind)
      case .click(let button): act(button)
      }
    }
    redrawBarNow()
  }

  private func act(_ button: FrameButton) {
    switch button {
    case .minimize: toplevel.minimize()
    case .maximize: toplevel.toggleMaximized()
    case .close: toplevel.requestClose()
    }
  }
}
