/// One delivery of touches: everything that changed in one input frame (or one cancel).
///
/// The same event object is passed to every recognizer and view that receives touches from
/// that frame. An event keeps its contents for as long as it is referenced: the window only
/// refills an event object for a later frame once nothing else holds it.
public final class TouchEvent {
  /// Seconds, the frame's timestamp.
  @exclusivity(unchecked) public internal(set) var timestamp: Double
  /// Every touch of the window at this moment: the ones down (changed or stationary) and the
  /// ones that end in this event, in the order they went down.
  @exclusivity(unchecked) public internal(set) var allTouches: [Touch]

  /// An event at `timestamp` carrying `allTouches`.
  public init(timestamp: Double, allTouches: [Touch]) {
    self.timestamp = timestamp
    self.allTouches = allTouches
  }

  /// The touches of this event bound to `view` (hit-tested to it).
  public func touches(for view: View) -> [Touch] {
    allTouches.filter { $0.view === view }
  }

  /// The touches of this event that `recognizer` tracks.
  public func touches(for recognizer: GestureRecognizer) -> [Touch] {
    allTouches.filter { touch in recognizer.trackedTouches.contains { $0 === touch } }
  }
}
