/// The last answer of `Window.cachedHitTest(_:)`: the point, the view it hit (nil for none)
/// and the generation it was computed in; the generation goes up with every change hit
/// testing may see.
struct HitTestCache {
  var point: Point?
  weak var view: View?
  var answerGeneration: UInt64 = 0
  var generation: UInt64 = 0
}

extension Window {
  /// The front-most view at `point` (window coordinates), or nil.
  public func hitTest(_ point: Point) -> View? {
    rootView.hitTest(rootView.convert(point, from: nil))
  }

  /// The number of ``HoverGestureRecognizer``s attached to views of this window's tree, kept
  /// up to date as recognizers are added and removed and views join, leave or move between
  /// windows. While it is 0, pointer hover costs nothing (`sendHover` returns at once).
  public var hoverRecognizerCount: Int { rootView.hoverRecognizersInSubtree }

  /// `hitTest(_:)` for the pointer, which asks about the same point several times (its hover,
  /// its cursor, its press): the last answer is reused while the point is the same and
  /// nothing hit testing reads has changed since.
  ///
  /// Every change of a view's geometry, visibility, alpha, interactivity or of the tree
  /// invalidates the answer (they all note a change, or call `invalidateHitTests()`). A
  /// `point(inside:)` override reading other state must call `setNeedsDisplay()` when that
  /// state changes. Allocates nothing.
  public func cachedHitTest(_ point: Point) -> View? {
    if hitTestCache.point == point, hitTestCache.answerGeneration == hitTestCache.generation {
      return hitTestCache.view
    }
    let hit = hitTest(point)
    hitTestCache.point = point
    hitTestCache.view = hit
    hitTestCache.answerGeneration = hitTestCache.generation
    return hit
  }

  /// Forgets every cached hit-test answer (something hit testing reads has changed).
  func invalidateHitTests() {
    hitTestCache.generation &+= 1
  }
}
