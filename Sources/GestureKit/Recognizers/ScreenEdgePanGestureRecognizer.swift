/// Recognizes a pan that starts at an edge of the window and moves away from it.
///
/// ```
/// possible ──(a touch goes down farther than 20 px from every edge in `edges`)──> failed
/// possible ──(centroid moved 10 px, away from a start edge)──> began
/// possible ──(centroid moved 10 px, not away from any start edge)──> failed
/// began/changed ──(as a pan)──> changed, then ended | cancelled
/// ```
///
/// - A touch starts near an edge when it goes down within `GestureConstants.screenEdgeMargin`
///   (20 px) inside it, or beyond it. The edges are those of the window's
///   `Window/screenEdgeBounds` (by default the root view's bounds, the whole window),
///   whatever view the recognizer is attached to. Every touch that goes down while the
///   recognizer is possible must start near one same edge of `edges` (a start edge); touches
///   joining after it began are handled as by a pan.
/// - Moving away: when the pan would begin, its translation must point away from a start
///   edge, within 45 degrees of straight away (its component away from the edge at least as
///   large as its component along the edge); otherwise the recognizer fails, so a drag along
///   the edge is left to others.
/// - Everything else (translation, velocity, touch counts, ending) is the pan's.
/// - Thresholds: `GestureConstants.screenEdgeMargin`, `GestureConstants.panHysteresis`.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
  /// The window edges the pan may start from (required; an empty set never recognizes).
  public var edges: RectEdge

  /// The edges of `edges` every touch so far started near (nil before the first touch).
  private var startEdges: RectEdge?

  /// A screen-edge pan starting from `edges`, with no action.
  public init(edges: RectEdge) {
    self.edges = edges
    super.init()
  }

  /// A screen-edge pan starting from `edges`, calling `action` for `began`, `changed`,
  /// `ended` and `cancelled`.
  public init(edges: RectEdge, action: @escaping (GestureRecognizer) -> Void) {
    self.edges = edges
    super.init(action: action)
  }

  /// The pan's state; a request to begin fails the recognizer instead when the translation
  /// does not point away from a start edge.
  open override var state: State {
    get { super.state }
    set {
      if newValue == .began && super.state == .possible && !isMovingAwayFromStartEdge {
        super.state = .failed
      } else {
        super.state = newValue
      }
    }
  }

  // MARK: Hooks

  /// Adopts the touches as a pan does, then fails unless every touch so far started near a
  /// common edge of `edges`.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    super.touchesBegan(touches, with: event)
    guard state == .possible else { return }
    var common = startEdges ?? edges
    for touch in touches where tracks(touch) {
      common.formIntersection(edgesNear(touch.startLocationInWindow))
    }
    startEdges = common
    if common.isEmpty { state = .failed }
  }

  /// Forgets the start edges along with the pan's state.
  open override func reset() {
    super.reset()
    startEdges = nil
  }

  // MARK: Private

  /// The edges of the window's screen-edge bounds that `point` (window coordinates) is within
  /// the margin inside of, or beyond; none outside a window.
  private func edgesNear(_ point: Point) -> RectEdge {
    guard let window = view?.window else { return [] }
    let bounds = window.screenEdgeBounds ?? window.rootView.bounds
    let margin = GestureConstants.screenEdgeMargin
    var near: RectEdge = []
    if point.y - bounds.minY <= margin { near.insert(.top) }
    if point.x - bounds.minX <= margin { near.insert(.left) }
    if bounds.maxY - point.y <= margin { near.insert(.bottom) }
    if bounds.maxX - point.x <= margin { near.insert(.right) }
    return near
  }

  /// True when the translation points away from one of the start edges, within 45 degrees.
  private var isMovingAwayFromStartEdge: Bool {
    guard let startEdges else { return false }
    let t = translation(in: nil)
    func away(_ inward: Double, _ along: Double) -> Bool { inward > 0 && inward >= abs(along) }
    return (startEdges.contains(.top) && away(t.y, t.x))
      || (startEdges.contains(.left) && away(t.x, t.y))
      || (startEdges.contains(.bottom) && away(-t.y, t.x))
      || (startEdges.contains(.right) && away(-t.x, t.y))
  }
}
