/// What a scene gesture's action does to its view (the `behavior` key).
public enum Behavior: Equatable, Sendable {
  /// Nothing: the gesture only shows up in the event log.
  case none
  /// The view comes to the front of its siblings when a touch goes down on it
  /// (or on one of its subviews).
  case bringToFront
  /// Direct manipulation: center = center at began + translation; on cancelled
  /// the view returns to its center at began. Implies ``bringToFront``.
  case drag(DragConstraints)

  /// Every behaviour name a scene file may use, in the order error messages list them.
  public static let knownNames = [
    "drag", "scale", "rotate", "bringToFront", "toggle", "menu", "dismiss", "paint", "none",
  ]

  /// The behaviour names this build can perform.
  public static let supportedNames = ["drag", "bringToFront", "none"]

  /// The name used in scene files.
  public var name: String {
    switch self {
    case .none: "none"
    case .bringToFront: "bringToFront"
    case .drag: "drag"
    }
  }
}

/// Limits on a ``Behavior/drag(_:)``: the `axis` and `within` keys of the gesture.
public struct DragConstraints: Equatable, Sendable {
  /// A single axis of movement.
  public enum Axis: String, Equatable, Sendable {
    /// Horizontal only.
    case x
    /// Vertical only.
    case y
  }

  /// Moves only along this axis; nil moves freely.
  public var axis: Axis?
  /// Keeps the view's frame inside its superview's bounds (`"within": "parent"`).
  public var staysWithinParent: Bool

  /// Constraints; the defaults constrain nothing.
  public init(axis: Axis? = nil, staysWithinParent: Bool = false) {
    self.axis = axis
    self.staysWithinParent = staysWithinParent
  }
}
