import GestureKit

/// One entry of a view's `gestures` in a scene file: a recognizer to create,
/// its configuration, its relations to other gestures, and its behaviour.
public struct GestureSpec: Equatable, Sendable {
  /// The gesture id, unique in the scene; becomes the recognizer's `name` (used in logs).
  public var id: String
  /// The recognizer kind and its settings.
  public var kind: GestureKind
  /// What the action does.
  public var behavior: Behavior
  /// `enabled` (true).
  public var isEnabled: Bool = true
  /// `cancelsTouchesInView` (true).
  public var cancelsTouchesInView: Bool = true
  /// `delaysTouchesBegan` (false).
  public var delaysTouchesBegan: Bool = false
  /// `delaysTouchesEnded` (true).
  public var delaysTouchesEnded: Bool = true
  /// Ids of gestures that must fail before this one may begin (`require(toFail:)`).
  public var requireToFail: [String] = []
  /// Ids of gestures this one may recognize together with (its delegate says yes).
  public var simultaneousWith: [String] = []
  /// `allowedTouchTypes`: the touch types the recognizer takes (all three, as UIKit's).
  /// A hover follows the pointer whatever this says.
  public var allowedTouchTypes: Set<TouchType> = Set(TouchType.allCases)

  /// A gesture with UIKit's default flags and no relations.
  public init(id: String, kind: GestureKind, behavior: Behavior = .none) {
    self.id = id
    self.kind = kind
    self.behavior = behavior
  }
}
