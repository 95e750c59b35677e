/// Recognizes the pointer hovering over the view (or any of its subviews).
///
/// ```
/// possible ──(the pointer enters the view)──> began
/// began/changed ──(the pointer moves over the view)──> changed
/// began/changed ──(the pointer leaves the view or the window)──> ended
/// began/changed ──(disabled or removed from its view)──> cancelled
/// ```
///
/// - The pointer and pens: it is driven by `Window.sendHover(_:at:pen:)`, never by touches
///   (it accepts no touch type, and touch hooks do nothing), so a finger on a touch screen
///   never hovers; a tablet tool near the surface does, with its distance as ``zOffset``.
/// - Over the view means hit-tested to the view or one of its subviews, with the usual rules
///   (hidden, non-interactive and transparent views are skipped; a subview in front of a
///   sibling takes the pointer from it).
/// - `location(in:)` is the pointer's latest location over the view; after `ended`, where
///   it was last seen over the view.
/// - Nothing to configure; no thresholds.
open class HoverGestureRecognizer: GestureRecognizer {
  /// A hover recognizer with no action.
  public override init() {
    super.init()
    allowedTouchTypes = []
  }

  /// A hover recognizer calling `action` for `began`, `changed`, `ended` and `cancelled`.
  public override init(action: @escaping (GestureRecognizer) -> Void) {
    super.init(action: action)
    allowedTouchTypes = []
  }

  // MARK: Hooks

  /// Touches never drive hover: does nothing.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}

  /// Touches never drive hover: does nothing.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}

  /// Touches never drive hover: does nothing.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}

  /// Touches never drive hover: does nothing.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}

  // MARK: Window input

  /// How far a hovering pen is from the surface, 0 (touching) to 1 (the farthest the tablet
  /// senses), as UIKit's `zOffset`; 0 for the pointer.
  public private(set) var zOffset = 0.0
  /// The hovering pen's pressure, tilt and eraser; nil for the pointer.
  public private(set) var pen: PenState?

  /// The pointer (or a pen, with its state) is over the view at `location` (window
  /// coordinates): begins, or reports `changed`.
  func pointerHovered(at location: Point, pen: PenState? = nil) {
    lastCentroidInWindow = location
    self.pen = pen
    zOffset = pen?.distance ?? 0
    switch state {
    case .possible: state = .began
    case .began, .changed: state = .changed
    default: break
    }
  }

  /// The pointer is no longer over the view: ends the hover in progress.
  func pointerLeft() {
    if state.isActive { state = .ended }
  }
}
