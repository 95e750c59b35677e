/// Where a touch is in its life, as of the event being delivered.
public enum TouchPhase: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The finger went down in this event.
  case began
  /// The finger moved in this event.
  case moved
  /// The finger is down but did not change in this event.
  case stationary
  /// The finger lifted in this event.
  case ended
  /// The system cancelled the touch (compositor cancel, device lost, Esc).
  case cancelled

  /// The phase's name as the event log writes it: `began`, `moved`, ...
  public var description: String {
    switch self {
    case .began: "began"
    case .moved: "moved"
    case .stationary: "stationary"
    case .ended: "ended"
    case .cancelled: "cancelled"
    }
  }

  /// True for `ended` and `cancelled`: the touch is over.
  public var isFinal: Bool { self == .ended || self == .cancelled }
}
