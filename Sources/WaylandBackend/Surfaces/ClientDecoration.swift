import CWaylandClient
import CWaylandProtocols

/// Input on the client-side frame's surface, as the seat devices report it. None of it
/// reaches the gesture window.
enum FrameInput {
  /// The pointer entered the frame at (x, y) (frame-surface coordinates).
  case pointerEnter(x: Double, y: Double)
  /// The pointer moved on the frame (or outside it during a grab).
  case pointerMotion(x: Double, y: Double)
  /// The pointer left the frame.
  case pointerLeave
  /// A pointer button (Linux input code) with the serial of its event, on `seat`.
  case pointerButton(seat: OpaquePointer, serial: UInt32, button: UInt32, pressed: Bool)
  /// A finger went down on the frame; the serial is the down event's.
  case touchDown(seat: OpaquePointer, serial: UInt32, id: Int32, x: Double, y: Double)
  /// A finger that went down on the frame moved.
  case touchMotion(id: Int32, x: Double, y: Double)
  /// A finger that went down on the frame lifted (or the compositor cancelled it: `x` nil).
  case touchUp(id: Int32, cancelled: Bool)
}

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
/// on either is in frame-surface coordinates (the border's). Pointer and touch both drive
/// it, with the serial of the press. Both are synchronized with their parent: what they
/// draw appears with the parent's next commit, the one that acknowledges the configure.
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
  private var pointerLocation = (x: 0.0, y: 0.0)
  private var pressedButton: FrameButton?
  private var touches: [Int32: (button: FrameButton?, x: Double, y: Double)] = [:]
  /// The button under the pointer, if any.
  private var hoveredButton: FrameButton?
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
    guard let frame else {
      guard shown != nil else { return true }
      guard let blank = try pool.acquire(width: 1, height: 1),
        let barBlank = try barPool.acquire(width: 1, height: 1)
      else { return false }
      wl_subsurface_set_position(subsurface, 0, 0)
      for (surface, buffer) in [(surface, blank), (barSurface, barBlank)] {
        Self.clear(buffer)
        buffer.markAttached()
        wl_surface_set_input_region(surface, noInput)
        wl_surface_set_buffer_scale(surface, 1)
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        wl_surface_commit(surface)
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

  /// What the bar shows for `frame` now.
  private func bar(of frame: WindowFrame) -> TitleBar {
    TitleBar(
      title: title, width: frame.contentWidth, isMaximized: frame.states.contains(.maximized),
      hovered: hoveredButton.map(Self.barButton),
      pressed: (pressedButton ?? touches.values.lazy.compactMap(\.button).first).map(Self.barButton),
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

  /// Handles input on the frame surface.
  func handle(_ input: FrameInput) {
    guard let frame = shown else { return }
    switch input {
    case .pointerEnter(let x, let y), .pointerMotion(let x, let y):
      pointerLocation = (x, y)
      let zone = frame.zone(x: x, y: y)
      onCursor?(CursorKind.frame(zone))
      if case .button(let button) = zone { hoveredButton = button } else { hoveredButton = nil }
    case .pointerLeave:
      pressedButton = nil
      hoveredButton = nil
    case .pointerButton(let seat, let serial, let button, let pressed):
      let zone = frame.zone(x: pointerLocation.x, y: pointerLocation.y)
      if pressed {
        pressedButton = nil
        // BTN_RIGHT on the title bar: the window menu, where the compositor has one.
        if button == 0x111, zone == .move, frame.capabilities.contains(.windowMenu) {
          toplevel.showWindowMenu(
            seat: seat, serial: serial, x: Int(pointerLocation.x) - WindowFrame.border,
            y: Int(pointerLocation.y) - WindowFrame.border)
        } else if button == 0x110 {  // BTN_LEFT
          pressedButton = press(zone, seat: seat, serial: serial)
        }
      } else if button == 0x110, let pressedButton {
        self.pressedButton = nil
        if zone == .button(pressedButton) { act(pressedButton) }
      }
    case .touchDown(let seat, let serial, let id, let x, let y):
      touches[id] = (press(frame.zone(x: x, y: y), seat: seat, serial: serial), x, y)
    case .touchMotion(let id, let x, let y):
      guard let touch = touches[id] else { return }
      touches[id] = (touch.button, x, y)
    case .touchUp(let id, let cancelled):
      guard let touch = touches.removeValue(forKey: id), !cancelled, let button = touch.button else { return }
      if frame.zone(x: touch.x, y: touch.y) == .button(button) { act(button) }
    }
    redrawBarNow()
  }

  /// Starts what a press in `zone` starts; returns the button pressed, if any.
  private func press(_ zone: FrameZone, seat: OpaquePointer, serial: UInt32) -> FrameButton? {
    switch zone {
    case .none: return nil
    case .move:
      toplevel.move(seat: seat, serial: serial)
      return nil
    case .resize(let edges):
      toplevel.resize(seat: seat, serial: serial, edges: edges)
      return nil
    case .button(let button): return button
    }
  }

  private func act(_ button: FrameButton) {
    switch button {
    case .minimize: toplevel.minimize()
    case .maximize: toplevel.toggleMaximized()
    case .close: toplevel.requestClose()
    }
  }
}
