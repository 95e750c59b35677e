/// Which recognizer a scene gesture creates, with its kind-specific settings
/// (UIKit's names and defaults).
///
/// Scene files may name every kind of FORMATS.md; only the kinds with a case
/// here can be built, the others are rejected as "not supported yet".
public enum GestureKind: Equatable, Sendable {
  /// A `PanGestureRecognizer` (`minTouches` 1, `maxTouches` unlimited).
  case pan(minimumNumberOfTouches: Int, maximumNumberOfTouches: Int)

  /// Every kind name a scene file may use, in the order error messages list them.
  public static let knownNames = [
    "tap", "longPress", "pan", "screenEdgePan", "swipe", "pinch", "rotation", "hover", "circle",
  ]

  /// The kind names this build can create.
  public static let supportedNames = ["pan"]

  /// Every kind-specific setting key of the format (each kind accepts some of them).
  static let settingKeys = [
    "taps", "touches", "minTouches", "maxTouches", "minimumPressDuration", "allowableMovement", "direction",
    "edges",
    "scrollTypes",
  ]

  /// The name used in scene files and in the event log's `kind` field.
  public var name: String {
    switch self {
    case .pan: "pan"
    }
  }
}
