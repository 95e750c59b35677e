/// The touch changes of one input frame (one `wl_touch.frame`, one pointer frame, or one
/// grouped line set of a trace); it becomes one ``TouchEvent``.
public struct InputFrame: Hashable, Sendable {
  /// Seconds, on the same base as the window's `clock.now`.
  public var timestamp: Double
  /// The changes, in the order they arrived.
  public var touches: [TouchInput]

  /// A frame of changes at `timestamp`.
  public init(timestamp: Double, touches: [TouchInput]) {
    self.timestamp = timestamp
    self.touches = touches
  }
}
