import CWaylandClient
import GestureKit

/// Decides when the cursors are set and to what: the pointer's and each tablet tool's near
/// the surface. A cursor is set on every enter (the pointer's `enter`, a tool's
/// `proximity_in`, with its serial, as `set_cursor` requires), and at the end of a frame of
/// its device that moved it or changed a button or the tip, when the kind the app asks for
/// differs from the one shown. Where the compositor draws cursors by shape (`CursorShapes`)
/// it is asked to; elsewhere the theme is loaded on first use and reloaded when the scale
/// changes, and each pointer or tool shows it on a cursor surface of its own.
///
/// Cheap by design: no allocation per event; the app's `choose` closures (a hit test) run at
/// most once per device frame or drawn frame.
final class CursorController {
  private let shm: OpaquePointer
  private let compositor: OpaquePointer
  /// The compositor's cursors by shape, when it offers them: no theme is then read.
  private let shapes: CursorShapes?
  private var theme: CursorTheme?
  private var scale = 1
  /// The pointer on our surface; nil when none is.
  private var pointer: TrackedCursor?
  /// The pointer's cursor surface, made when the theme is first shown.
  private var pointerSurface: OpaquePointer?
  /// The tablet tools near our surface.
  private var tools: [TrackedCursor] = []

  /// A controller showing `shapes` when given, else creating its theme from `shm` and its
  /// cursor surfaces from `compositor`.
  init(shm: OpaquePointer, compositor: OpaquePointer, shapes: CursorShapes?) {
    self.shm = shm
    self.compositor = compositor
    self.shapes = shapes
  }

  deinit {
    if let pointerSurface { wl_surface_destroy(pointerSurface) }
    for tool in tools { tool.surface.map { wl_surface_destroy($0) } }
  }

  /// The pointer entered our surface, or the client-side frame's when `onFrame`: its cursor
  /// must be set again, with this serial.
  func entered(_ pointer: OpaquePointer, serial: UInt32, onFrame: Bool) {
    var tracked = TrackedCursor(target: .pointer(pointer), tool: nil, serial: serial)
    tracked.onFrame = onFrame
    tracked.location = self.pointer?.location ?? .zero
    self.pointer = tracked
  }

  /// Tablet tool `number` (proxy `tool`) came near our surface, or the client-side frame's
  /// when `onFrame`: its cursor must be set, with this serial, once its frame places it (on
  /// the client-side frame, once the frame shows one).
  func toolEntered(_ tool: OpaquePointer, number: Int, serial: UInt32, onFrame: Bool) {
    if let index = tools.firstIndex(where: { $0.tool == number }) {
      tools[index].serial = serial
      tools[index].shown = nil
      tools[index].needsUpdate = true
      tools[index].onFrame = onFrame
    } else {
      var tracked = TrackedCursor(target: .tool(tool), tool: number, serial: serial)
      tracked.onFrame = onFrame
      tools.append(tracked)
    }
  }

  /// Shows `kind` for tool `number` now if it differs from the cursor shown (the tool is on
  /// the client-side frame, which chooses its own).
  func showTool(_ number: Int, _ kind: CursorKind) {
    guard let index = tools.firstIndex(where: { $0.tool == number }), tools[index].onFrame else { return }
    tools[index].placed = true
    tools[index].needsUpdate = false
    if kind != tools[index].shown { display(kind, for: &tools[index]) }
  }

  /// Tool `number` left the client-side frame (or went away while near it).
  func toolLeft(_ number: Int) {
    guard let index = tools.firstIndex(where: { $0.tool == number }), tools[index].onFrame else { return }
    drop(at: index)
  }

  /// Follows the pointer's and the tools' events; at a frame of one that changed something,
  /// asks `choose` (the pointer) or `chooseTool` (a tool) for the kind at its location and
  /// shows it.
  func observe(
    _ event: SeatEvent, choose: ((Point) -> CursorKind)?, chooseTool: ((Int, Point) -> CursorKind)?
  ) {
    switch event {
    case .pointerEnter(let location), .pointerMotion(let location):
      pointer?.location = location
      pointer?.needsUpdate = true
    case .pointerButton:
      pointer?.needsUpdate = true
    case .pointerFrame:
      if pointer?.needsUpdate == true { updatePointer(choose: choose) }
    case .pointerLeave, .pointerCapabilityLost:
      // The proxy may be gone after a lost capability; a new enter brings a new one.
      if case .pointerCapabilityLost = event { shapes?.releasePointer() }
      pointer = nil
    case .tabletMotion(let tool, let location):
      guard let index = tools.firstIndex(where: { $0.tool == tool }) else { return }
      tools[index].location = location
      tools[index].placed = true
      tools[index].needsUpdate = true
    case .tabletDown(let tool), .tabletUp(let tool):
      guard let index = tools.firstIndex(where: { $0.tool == tool }) else { return }
      tools[index].needsUpdate = true
    case .tabletFrame(let tool):
      guard let index = tools.firstIndex(where: { $0.tool == tool }), tools[index].needsUpdate else { return }
      updateTool(at: index, choose: chooseTool)
    case .tabletProximityOut(let tool), .tabletToolRemoved(let tool):
      guard let index = tools.firstIndex(where: { $0.tool == tool }) else { return }
      drop(at: index)
    default:
      break
    }
  }

  /// Forgets `tools[index]`, which left: the compositor hides a leaving tool's cursor, and a
  /// new `proximity_in` sets it again.
  private func drop(at index: Int) {
    shapes?.release(tools[index].target)
    tools[index].surface.map { wl_surface_destroy($0) }
    tools.remove(at: index)
  }

  /// Shows `kind` for the pointer now if it differs from the cursor shown (the pointer is on
  /// the client-side frame, which chooses its own).
  func show(_ kind: CursorKind) {
    pointer?.needsUpdate = false
    guard let tracked = pointer, kind != tracked.shown else { return }
    display(kind, for: &pointer!)
  }

  /// Asks `choose` and `chooseTool` again (the window changed under a still pointer or
  /// tool) and shows what differs; nothing for the pointer while it is on the client-side
  /// frame.
  func update(choose: ((Point) -> CursorKind)?, chooseTool: ((Int, Point) -> CursorKind)?) {
    updatePointer(choose: choose)
    for index in tools.indices { updateTool(at: index, choose: chooseTool) }
  }

  /// Asks `choose` for the pointer's kind (unless it is on the client-side frame) and shows
  /// it if it differs.
  private func updatePointer(choose: ((Point) -> CursorKind)?) {
    guard let tracked = pointer else { return }
    pointer!.needsUpdate = false
    guard !tracked.onFrame else { return }
    let kind = choose?(tracked.location) ?? .default
    if kind != tracked.shown { display(kind, for: &pointer!) }
  }

  /// Asks `choose` for tool `tools[index]`'s kind (once it has a place) and shows it if it
  /// differs.
  private func updateTool(at index: Int, choose: ((Int, Point) -> CursorKind)?) {
    tools[index].needsUpdate = false
    guard tools[index].placed, !tools[index].onFrame, let number = tools[index].tool else { return }
    let kind = choose?(number, tools[index].location) ?? .default
    if kind != tools[index].shown { display(kind, for: &tools[index]) }
  }

  /// Sets `kind` as `tracked`'s cursor: by shape, or from the theme (loaded now if needed).
  private func display(_ kind: CursorKind, for tracked: inout TrackedCursor) {
    if let shapes {
      shapes.show(kind, for: tracked.target, serial: tracked.serial)
    } else {
      if theme == nil { theme = CursorTheme(shm: shm, scale: scale) }
      theme?.show(kind, on: surface(for: &tracked), for: tracked.target, serial: tracked.serial)
    }
    tracked.shown = kind
  }

  /// `tracked`'s cursor surface, made on first use: the pointer keeps one for the session,
  /// a tool one while it is near.
  private func surface(for tracked: inout TrackedCursor) -> OpaquePointer {
    if case .pointer = tracked.target {
      if let pointerSurface { return pointerSurface }
      let made = wl_compositor_create_surface(compositor)!
      pointerSurface = made
      return made
    }
    if let surface = tracked.surface { return surface }
    let made = wl_compositor_create_surface(compositor)!
    tracked.surface = made
    return made
  }

  /// Loads the theme for another integer scale (when it is loaded already) and shows the
  /// cursors again at that size. Shapes need nothing: the compositor sizes them.
  func setScale(_ newScale: Int) {
    guard newScale != scale else { return }
    scale = newScale
    guard let theme, theme.setScale(newScale) else { return }
    if let kind = pointer?.shown { display(kind, for: &pointer!) }
    for index in tools.indices {
      if let kind = tools[index].shown { display(kind, for: &tools[index]) }
    }
  }
}
