extension GestureRecognizer {
  /// Where a recognizer is in its attempt to recognize a gesture.
  ///
  /// Legal lifetimes (every other transition is a programming error, trapped in debug
  /// builds by the `state` setter):
  ///
  /// ```
  /// continuous:  possible ─> began ─> changed* ─> ended | cancelled
  ///              possible ─> failed
  /// discrete:    possible ─> recognized (= ended)
  ///              possible ─> failed
  /// ```
  ///
  /// `changed -> changed` is an update (the action runs again). `possible -> possible` is
  /// allowed and does nothing. Going back to `possible` from `ended`, `cancelled` or
  /// `failed` is not a transition a subclass makes: the window resets the recognizer (and
  /// calls `reset()`) once every touch it tracked is gone.
  public enum State: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Watching touches; nothing recognized yet (the state between attempts too).
    case possible
    /// A continuous gesture started.
    case began
    /// A continuous gesture changed.
    case changed
    /// A continuous gesture ended, or a discrete one was recognized.
    case ended
    /// A continuous gesture was cancelled (by the system, or by disabling the recognizer).
    case cancelled
    /// The touches are not this gesture; no action is sent.
    case failed

    /// A discrete gesture was recognized: the same state as `ended`.
    public static let recognized = State.ended

    /// True when `to` may follow `from` through the `state` setter (see the diagram above).
    public static func canTransition(from: State, to: State) -> Bool {
      switch (from, to) {
      case (.possible, .possible), (.possible, .began), (.possible, .ended), (.possible, .failed):
        true
      case (.began, .changed), (.began, .ended), (.began, .cancelled):
        true
      case (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
        true
      default:
        false
      }
    }

    /// True for `ended`, `cancelled` and `failed`: the attempt is over and the recognizer
    /// waits for its touches to be gone before it is reset.
    public var isFinished: Bool {
      self == .ended || self == .cancelled || self == .failed
    }

    /// True for `began` and `changed`: a continuous gesture is in progress.
    public var isActive: Bool {
      self == .began || self == .changed
    }

    /// The state's name: `possible`, `began`, `changed`, `ended`, `cancelled`, `failed`.
    public var description: String {
      switch self {
      case .possible: "possible"
      case .began: "began"
      case .changed: "changed"
      case .ended: "ended"
      case .cancelled: "cancelled"
      case .failed: "failed"
      }
    }
  }
}
