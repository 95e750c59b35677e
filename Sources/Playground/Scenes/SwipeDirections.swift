import GestureKit

/// Swipe directions as scene files and the event log name them, and the way a
/// recognized swipe went.
enum SwipeDirections {
  /// Each single direction with its name, in the order messages list them.
  static let names: [(String, SwipeGestureRecognizer.Direction)] = [
    ("right", .right), ("left", .left), ("up", .up), ("down", .down),
  ]

  /// The unit vector of each single direction, in window coordinates (y points down).
  static let vectors: [(SwipeGestureRecognizer.Direction, Point)] = [
    (.right, Point(x: 1, y: 0)), (.left, Point(x: -1, y: 0)), (.up, Point(x: 0, y: -1)),
    (.down, Point(x: 0, y: 1)),
  ]

  /// The names of the directions in `directions`, comma-separated ("right,left").
  static func name(of directions: SwipeGestureRecognizer.Direction) -> String {
    names.filter { directions.contains($0.1) }.map(\.0).joined(separator: ",")
  }

  /// The allowed direction the swipe's fingers travelled farthest along, from where it
  /// started to where its touches are now (window coordinates); nil when no touch is down
  /// (the swipe's touches are still down while its `recognized` action runs).
  static func travelled(by swipe: SwipeGestureRecognizer) -> SwipeGestureRecognizer.Direction? {
    let count = swipe.numberOfTouches
    guard count > 0 else { return nil }
    var sum = Point.zero
    for index in 0..<count { sum += swipe.location(ofTouch: index, in: nil) }
    let offset = sum / Double(count) - swipe.location(in: nil)
    let allowed = vectors.filter { swipe.direction.contains($0.0) }
    let best = allowed.max { a, b in
      offset.x * a.1.x + offset.y * a.1.y < offset.x * b.1.x + offset.y * b.1.y
    }
    return best?.0
  }
}
