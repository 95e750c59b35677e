/// A rectangle in a window's view tree, with UIKit's geometry, hit testing and touch
/// handlers.
///
/// Geometry follows UIKit: `center` is in the superview's coordinates, `bounds` in the
/// view's own, and `transform` applies about the centre; `frame` is derived from the three.
/// Subviews are stored back to front. Any change of geometry, style, alpha, visibility or of
/// the tree is noted in the window's `changes` (Window+Changes.swift).
///
/// Touches reach a view's own handlers after the recognizers of the view and its ancestors
/// have seen them (see `Window`).
///
/// The properties that drawing, hit testing and dispatch read for every view on every frame
/// are declared `@exclusivity(unchecked)`: Swift otherwise checks each read of a class's
/// stored property at run time for a conflicting access (about 90 instructions, most of the
/// cost of culling a view). Nothing accesses them in overlapping ways: their observers only
/// read them.
open class View {
  /// The scene id of the view, used in logs.
  public var identifier: String?

  /// The centre of the view, in its superview's coordinates.
  @exclusivity(unchecked) public var center: Point {
    didSet { noteChange(.transform) }
  }
  /// The view's own coordinate space: `origin` is the top-left corner's coordinates (normally
  /// 0,0) and `size` the view's untransformed size.
  @exclusivity(unchecked) public var bounds: Rect {
    didSet { noteChange(.restyle) }
  }
  /// A transform applied about `center` (scale, rotation, ...).
  @exclusivity(unchecked) public var transform: AffineTransform = .identity {
    didSet { noteChange(.transform) }
  }

  /// The opacity, 0...1; below 0.01 the view (and its subtree) is not hit-tested.
  @exclusivity(unchecked) public var alpha: Double = 1 {
    didSet { noteChange(.visibility) }
  }
  /// A hidden view is neither drawn nor hit-tested, with its subtree.
  @exclusivity(unchecked) public var isHidden = false {
    didSet { noteChange(.visibility) }
  }
  /// A non-interactive view and its subtree are skipped by hit testing.
  @exclusivity(unchecked) public var isUserInteractionEnabled = true {
    didSet { window?.invalidateHitTests() }
  }
  /// When false, the view's own handlers receive only the first of concurrent touches
  /// (recognizers still get all of them).
  public var isMultipleTouchEnabled = false
  /// While this view's handlers track a touch, no other view's handlers receive new
  /// touches, and it receives none while others track one (recognizers are not limited).
  public var isExclusiveTouch = false
  /// A hint that a touch that begins on this view, or on a view inside it, is likely to move,
  /// scale or turn it (a card that a pan drags). A window's renderer may prepare for the move
  /// when the touch begins, so that the gesture's first frame costs no more than the ones
  /// after it: the Wayland backend puts such a view on a layer of its own while a touch is on
  /// it. Like CSS's `will-change: transform`; it changes no delivery. False by default.
  public var movesUnderTouch = false
  /// Whether drawing is clipped to the bounds. Hit testing never reaches outside the bounds
  /// either way.
  @exclusivity(unchecked) public var clipsToBounds = false {
    didSet { noteChange(.restyle) }
  }
  /// Shape, colours and label.
  @exclusivity(unchecked) public var style = ViewStyle() {
    didSet { noteChange(.restyle) }
  }

  /// The parent view, or nil for a root or detached view.
  @exclusivity(unchecked) public internal(set) weak var superview: View?
  /// The child views, back to front (the last is drawn on top and hit-tested first).
  @exclusivity(unchecked) public internal(set) var subviews: [View] = []
  /// The recognizers attached to this view, in the order they were added.
  @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer] = []
  /// Set on the root view only: the window owning the tree.
  weak var hostWindow: Window?
  /// How many ``HoverGestureRecognizer``s are attached to this view and its descendants
  /// (View+Hierarchy.swift keeps it up to date).
  var hoverRecognizersInSubtree = 0

  /// A view occupying `frame` in its (future) superview's coordinates, with bounds at the
  /// origin.
  public init(frame: Rect) {
    center = frame.center
    bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
  }

  /// The bounds rect transformed about the centre, in superview coordinates (its bounding
  /// box when rotated). Setting it sets `center` and `bounds.size`.
  public var frame: Rect {
    get {
      let local = Rect(
        x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
      return local.applying(transform).offsetBy(dx: center.x, dy: center.y)
    }
    set {
      center = newValue.center
      bounds.size = Size(width: newValue.width, height: newValue.height)
    }
  }

  /// The window whose tree contains this view, or nil when detached.
  public var window: Window? {
    var view = self
    while let parent = view.superview { view = parent }
    return view.hostWindow
  }

  // MARK: Hit testing

  /// True when `point` (in this view's coordinates) is inside the view: by default, inside
  /// `bounds`. Override for custom hit shapes (circles, image alpha); a point outside the
  /// bounds is never tested here.
  open func point(inside point: Point) -> Bool {
    bounds.contains(point)
  }

  /// The front-most descendant (or this view) containing `point`, given in this view's
  /// coordinates.
  ///
  /// Hidden views, non-interactive views and views with alpha below 0.01 are skipped with
  /// their subtrees. A point outside a view's `point(inside:)` never hits it or any of its
  /// subviews, whether or not it clips. Subviews are tested front-most first.
  open func hitTest(_ point: Point) -> View? {
    guard !isHidden, isUserInteractionEnabled, alpha >= GestureConstants.minimumHitTestAlpha,
      bounds.contains(point), self.point(inside: point)
    else { return nil }
    for subview in subviews.reversed() {
      guard let toSubview = subview.transformToSuperview.inverted() else { continue }
      if let hit = subview.hitTest(point.applying(toSubview)) { return hit }
    }
    return self
  }

  // MARK: Own touch handlers

  /// Touches went down on this view (after its recognizers and its ancestors' saw them).
  open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
  /// Touches bound to this view moved.
  open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
  /// Touches bound to this view lifted.
  open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
  /// Touches bound to this view were cancelled: by a recognizer (`cancelsTouchesInView`) or
  /// by the system. The view hears nothing further of them.
  open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}

  // MARK: Gesture recognizers

  /// Asked (after the recognizer's delegate) when a recognizer is about to leave
  /// `possible`, if the recognizer is attached to this view or this view was hit by one of
  /// its touches (so a slider can veto its ancestors' pans); false makes it fail.
  open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    true
  }
}
