/// What a scene gesture's action does to its view (the `behavior` key).
public enum Behavior: Equatable, Sendable {
  /// Nothing: the gesture only shows up in the event log.
  case none
  /// The view comes to the front of its siblings when a touch goes down on it
  /// (or on one of its subviews). Works with any kind: it acts on touch down,
  /// not on the gesture's action.
  case bringToFront
  /// Direct manipulation: center = center at began + translation; on cancelled
  /// the view returns to its center at began. Implies ``bringToFront``.
  case drag(DragConstraints)
  /// Pinch: the view's scale = its scale at began × the pinch's scale, about the
  /// view's center (see ``ScaleBehavior``).
  case scale
  /// Rotation: the view's rotation = its rotation at began + the gesture's
  /// rotation, about the view's center (see ``RotateBehavior``).
  case rotate
  /// Each recognition (or each began, for a long press) flips the view's
  /// highlight (see ``SceneView/toggleHighlight()``).
  case toggle
  /// A recognized swipe throws the view off screen in the swipe's direction
  /// (see ``DismissBehavior``).
  case dismiss
  /// Each recognition adds one to the view's counter, shown where its label says
  /// `{count}` (see ``SceneView/count``).
  case count
  /// A recognition puts the view back as the scene file describes it: highlight off,
  /// counter 0, frame, transform and place among its siblings (see ``SceneView/restore()``).
  case reset
  /// A recognition puts every view of the scene back as the file describes it (a reset
  /// button; see ``SceneView/restoreScene()``).
  case resetScene
  /// Shows a circle recognizer's verdict on its view: highlighted with the label "Circle!"
  /// when it recognizes, a red outline and "Not a circle" when the stroke fails; the next
  /// touch down clears it (see ``VerdictBehavior``).
  case verdict
  /// A recognized tap wipes the strokes of the paint canvas `target` (a view id; see
  /// ``ClearCanvasBehavior``).
  case clear(target: String)
  /// A recognized tap flips a delivery flag of the gesture `target` and shows it on the
  /// tapped view (see ``FlagToggleBehavior``).
  case flag(target: String, flag: DeliveryFlag)
  /// A long press that begins opens a menu of actions for the view (see ``MenuBehavior``).
  case menu
  /// The pan pulls the drawer view `target` (the gesture's own view when nil) in from the
  /// left and settles it open or closed (see ``DrawerBehavior``).
  case drawer(target: String?)
  /// The pan scrolls the content view `target`, a subview of its view, sideways between its
  /// ends, decelerating after lift-off (see ``ScrollStripBehavior``).
  case scrollStrip(target: String)
  /// The pan (a mostly downward drag) or long press pulls the view out of its strip onto the
  /// canvas, where it becomes a free card (see ``PullOutBehavior``).
  case pullOut

  /// Every behaviour name a scene file may use, in the order error messages list them.
  public static let knownNames = [
    "drag", "scale", "rotate", "bringToFront", "toggle", "menu", "dismiss", "paint", "count", "reset",
    "resetScene", "verdict", "clear", "flag", "drawer", "scrollStrip", "pullOut", "none",
  ]

  /// The behaviour names this build can perform.
  public static let supportedNames = [
    "drag", "scale", "rotate", "bringToFront", "toggle", "dismiss", "count", "reset", "resetScene", "verdict",
    "clear", "flag", "menu", "drawer", "scrollStrip", "pullOut", "none",
  ]

  /// The gesture kinds a behaviour named `name` works with, in the order messages
  /// list them; nil when it works with every kind.
  static func kinds(for name: String) -> [String]? {
    switch name {
    case "drag": ["pan", "screenEdgePan"]
    case "scale": ["pinch"]
    case "rotate": ["rotation"]
    case "toggle": ["tap", "longPress", "circle"]
    case "dismiss": ["swipe"]
    case "count": ["tap", "longPress", "swipe", "circle"]
    case "reset", "resetScene": ["tap", "longPress"]
    case "verdict": ["circle"]
    case "clear", "flag": ["tap"]
    case "menu": ["longPress"]
    case "drawer": ["screenEdgePan", "pan"]
    case "scrollStrip": ["pan"]
    case "pullOut": ["pan", "longPress"]
    default: nil
    }
  }

  /// The name used in scene files.
  public var name: String {
    switch self {
    case .none: "none"
    case .bringToFront: "bringToFront"
    case .drag: "drag"
    case .scale: "scale"
    case .rotate: "rotate"
    case .toggle: "toggle"
    case .dismiss: "dismiss"
    case .count: "count"
    case .reset: "reset"
    case .resetScene: "resetScene"
    case .verdict: "verdict"
    case .clear: "clear"
    case .flag: "flag"
    case .menu: "menu"
    case .drawer: "drawer"
    case .scrollStrip: "scrollStrip"
    case .pullOut: "pullOut"
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
