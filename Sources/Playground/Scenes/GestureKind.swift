import GestureKit

/// Which recognizer a scene gesture creates, with its kind-specific settings
/// (UIKit's names and defaults).
///
/// Every kind of FORMATS.md can be built; `circle` is the playground's own
/// ``CircleGestureRecognizer``. Each setting key belongs to the kinds listed in
/// ``settingKeys(of:)``; any other kind rejects it.
public enum GestureKind: Equatable, Sendable {
  /// A `TapGestureRecognizer` (`taps` 1, `touches` 1).
  case tap(taps: Int, touches: Int)
  /// A `LongPressGestureRecognizer` (`minimumPressDuration` 0.5 s, `allowableMovement`
  /// 10 px, `taps` 0, `touches` 1).
  case longPress(minimumPressDuration: Double, allowableMovement: Double, taps: Int, touches: Int)
  /// A `PanGestureRecognizer` (`minTouches` 1, `maxTouches` unlimited). `scrollTypes`
  /// holds the `scrollTypes` names (`discrete`, `continuous`) in file order; empty means
  /// no scrolling drives the pan.
  case pan(minimumNumberOfTouches: Int, maximumNumberOfTouches: Int, scrollTypes: [String] = [])
  /// A `ScreenEdgePanGestureRecognizer` starting from `edges` (required).
  case screenEdgePan(edges: RectEdge)
  /// A `SwipeGestureRecognizer` (`direction` right, `touches` 1).
  case swipe(direction: SwipeGestureRecognizer.Direction, touches: Int)
  /// A `PinchGestureRecognizer` (no settings).
  case pinch
  /// A `RotationGestureRecognizer` (no settings).
  case rotation
  /// A `HoverGestureRecognizer` (no settings; pointer only).
  case hover
  /// A ``CircleGestureRecognizer``: a closed, roughly round one-finger stroke (no settings).
  case circle

  /// Every kind name a scene file may use, in the order error messages list them.
  public static let knownNames = [
    "tap", "longPress", "pan", "screenEdgePan", "swipe", "pinch", "rotation", "hover", "circle",
  ]

  /// The kind names this build can create (all of them).
  public static let supportedNames = knownNames

  /// Every kind-specific setting key of the format (each kind accepts some of them).
  static let settingKeys = [
    "taps", "touches", "minTouches", "maxTouches", "minimumPressDuration", "allowableMovement", "direction",
    "edges",
    "scrollTypes",
  ]

  /// The setting keys the kind named `name` accepts, in the order messages list them.
  static func settingKeys(of name: String) -> [String] {
    switch name {
    case "tap": ["taps", "touches"]
    case "longPress": ["minimumPressDuration", "allowableMovement", "taps", "touches"]
    case "pan": ["minTouches", "maxTouches", "scrollTypes"]
    case "screenEdgePan": ["edges"]
    case "swipe": ["direction", "touches"]
    default: []
    }
  }

  /// The name used in scene files and in the event log's `kind` field.
  public var name: String {
    switch self {
    case .tap: "tap"
    case .longPress: "longPress"
    case .pan: "pan"
    case .screenEdgePan: "screenEdgePan"
    case .swipe: "swipe"
    case .pinch: "pinch"
    case .rotation: "rotation"
    case .hover: "hover"
    case .circle: "circle"
    }
  }
}
