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
  /// What is on screen: nil while hidden.
  private(set) var shown: WindowFrame?
  private var shownScale = 0
  private var pointerLocation = (x: 0.0, y: 0.0)
  private var pressedButton: FrameButton?
  private var touches: [Int32: (button: FrameButton?, x: Double, y: Double)] = [:]

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
  }

  deinit {
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
  func update(_ frame: WindowFrame?, scale: Int) throws(WaylandError) -> Bool {
    guard let frame else {
      if shown != nil {
        for surface in [surface, barSurface] {
          wl_surface_attach(surface, nil, 0, 0)
          wl_surface_commit(surface)
        }
        shown = nil
      }
      return true
    }
    if frame == shown, scale == shownScale { return true }
    let size = frame.surfaceSize
    let bar = (width: frame.contentWidth, height: WindowFrame.titleBarHeight)
    guard let buffer = try pool.acquire(width: size.width * scale, height: size.height * scale),
      let barBuffer = try barPool.acquire(width: bar.width * scale, height: bar.height * scale)
    else {
      return false
    }
    Self.clear(buffer)
    Self.paintTitleBar(frame, scale: scale, into: barBuffer)
    for (surface, buffer) in [(surface, buffer), (barSurface, barBuffer)] {
      buffer.markAttached()
      wl_surface_set_buffer_scale(surface, Int32(scale))
      wl_surface_attach(surface, buffer.proxy, 0, 0)
      wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
      wl_surface_commit(surface)
    }
    shown = frame
    shownScale = scale
    return true
  }

  /// Called with the cursor the pointer should show where it is on the frame.
  var onCursor: ((CursorKind) -> Void)?

  /// Handles input on the frame surface.
  func handle(_ input: FrameInput) {
    guard let frame = shown else { return }
    switch input {
    case .pointerEnter(let x, let y), .pointerMotion(let x, let y):
      pointerLocation = (x, y)
      onCursor?(CursorKind.frame(frame.zone(x: x, y: y)))
    case .pointerLeave:
      pressedButton = nil
    case .pointerButton(let seat, let serial, let button, let pressed):
      let zone = frame.zone(x: pointerLocation.x, y: pointerLocation.y)
      if pressed {
        pressedButton = nil
        if button == 0x111, zone == .move {  // BTN_RIGHT on the title bar
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

  /// Clears the border's buffer: transparent, it only takes input.
  private static func clear(_ buffer: ShmBuffer) {
    buffer.data.initializeMemory(as: UInt8.self, repeating: 0, count: buffer.stride * buffer.height)
  }

  /// Draws the title bar and its glyphs into a buffer of the bar's size.
  private static func paintTitleBar(_ frame: WindowFrame, scale: Int, into buffer: ShmBuffer) {
    let pixels = buffer.data.bindMemory(to: UInt32.self, capacity: buffer.stride / 4 * buffer.height)
    let rowPixels = buffer.stride / 4
    func fill(_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ color: UInt32) {
      let x0 = max(0, x)
      let y0 = max(0, y)
      let x1 = min(buffer.width, x + width)
      let y1 = min(buffer.height, y + height)
      guard x0 < x1, y0 < y1 else { return }
      for row in y0..<y1 {
        let start = row * rowPixels
        for column in x0..<x1 { pixels[start + column] = color }
      }
    }
    let s = scale
    let bar = WindowFrame.titleBarHeight
    let left = 0
    let top = 0
    fill(left, top, frame.contentWidth * s, bar * s, titleBarColor)
    fill(left, top + (bar - 1) * s, frame.contentWidth * s, s, separatorColor)
    let glyph = 10 * s
    let thickness = max(1, (3 * s) / 2)
    for button in FrameButton.allCases {
      let centreX = (frame.buttonX(button) - WindowFrame.border + WindowFrame.buttonWidth / 2) * s
      let centreY = top + bar * s / 2
      let gx = centreX - glyph / 2
      let gy = centreY - glyph / 2
      switch button {
      case .minimize:
        fill(gx, gy + glyph - thickness, glyph, thickness, glyphColor)
      case .maximize:
        fill(gx, gy, glyph, thickness, glyphColor)
        fill(gx, gy + glyph - thickness, glyph, thickness, glyphColor)
        fill(gx, gy, thickness, glyph, glyphColor)
        fill(gx + glyph - thickness, gy, thickness, glyph, glyphColor)
      case .close:
        for step in 0..<glyph {
          fill(gx + step, gy + step, thickness, thickness, glyphColor)
          fill(gx + glyph - 1 - step, gy + step, thickness, thickness, glyphColor)
        }
      }
    }
  }
}
