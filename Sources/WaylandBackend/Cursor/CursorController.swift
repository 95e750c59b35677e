import GestureKit

/// Decides when the pointer's cursor is set and to what: on every enter (with the enter
/// serial, as `wl_pointer.set_cursor` requires), and at the end of a pointer frame that moved
/// the pointer or changed a button, when the kind the app asks for differs from the one
/// shown. Where the compositor draws cursors by shape (`CursorShapes`) it is asked to;
/// elsewhere the theme is loaded on first use and reloaded when the scale changes.
///
/// Cheap by design: no allocation per event; the app's `choose` closure (a hit test) runs at
/// most once per pointer frame or drawn frame.
final class CursorController {
  private let shm: OpaquePointer
  private let compositor: OpaquePointer
  /// The compositor's cursors by shape, when it offers them: no theme is then read.
  private let shapes: CursorShapes?
  private var theme: CursorTheme?
  private var scale = 1
  /// The pointer on our surface and the serial of its enter; nil when none is.
  private var pointer: OpaquePointer?
  private var serial: UInt32 = 0
  private var shown: CursorKind?
  private var location = Point.zero
  private var needsUpdate = false
  /// Whether the pointer is on the client-side frame, which shows its own cursors
  /// (``show(_:)``): the app's hit test at the last place in the window does not apply.
  private var onFrame = false

  /// A controller showing `shapes` when given, else creating its theme from `shm` and its
  /// cursor surface from `compositor`.
  init(shm: OpaquePointer, compositor: OpaquePointer, shapes: CursorShapes?) {
    self.shm = shm
    self.compositor = compositor
    self.shapes = shapes
  }

  /// The pointer entered our surface, or the client-side frame's when `onFrame`: its cursor
  /// must be set again, with this serial.
  func entered(_ pointer: OpaquePointer, serial: UInt32, onFrame: Bool) {
    self.pointer = pointer
    self.serial = serial
    self.onFrame = onFrame
    shown = nil
    needsUpdate = true
  }

  /// Follows the pointer's events; at a pointer frame that changed something, asks
  /// `choose` for the kind at the pointer's location and shows it.
  func observe(_ event: SeatEvent, choose: ((Point) -> CursorKind)?) {
    switch event {
    case .pointerEnter(let location), .pointerMotion(let location):
      self.location = location
      needsUpdate = true
    case .pointerButton:
      needsUpdate = true
    case .pointerFrame:
      if needsUpdate { update(choose: choose) }
    case .pointerLeave, .pointerCapabilityLost:
      // The proxy may be gone after a lost capability; a new enter brings a new one.
      if case .pointerCapabilityLost = event { shapes?.releasePointer() }
      pointer = nil
      shown = nil
      needsUpdate = false
    default:
      break
    }
  }

  /// Shows `kind` now if it differs from the cursor shown (the pointer is on the client-side
  /// frame, which chooses its own).
  func show(_ kind: CursorKind) {
    needsUpdate = false
    guard let pointer, kind != shown else { return }
    display(kind, pointer: pointer)
  }

  /// Asks `choose` again (the window changed under a still pointer) and shows the result
  /// if it differs; nothing while the pointer is on the client-side frame.
  func update(choose: ((Point) -> CursorKind)?) {
    needsUpdate = false
    guard let pointer, !onFrame else { return }
    let kind = choose?(location) ?? .default
    guard kind != shown else { return }
    display(kind, pointer: pointer)
  }

  /// Sets `kind` as `pointer`'s cursor: by shape, or from the theme (loaded now if needed).
  private func display(_ kind: CursorKind, pointer: OpaquePointer) {
    if let shapes {
      shapes.show(kind, pointer: pointer, serial: serial)
    } else {
      if theme == nil { theme = CursorTheme(shm: shm, compositor: compositor, scale: scale) }
      theme?.show(kind, pointer: pointer, serial: serial)
    }
    shown = kind
  }

  /// Loads the theme for another integer scale (when it is loaded already) and shows the
  /// cursor again at that size. Shapes need nothing: the compositor sizes them.
  func setScale(_ newScale: Int) {
    guard newScale != scale else { return }
    scale = newScale
    guard let theme, theme.setScale(newScale), let pointer, let shown else { return }
    theme.show(shown, pointer: pointer, serial: serial)
  }
}
