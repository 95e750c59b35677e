import CairoRenderer
import GestureKit

/// One entry of a scene file's `views` (or of a view's `children`): everything
/// needed to build a ``SceneView``, checked and complete.
public struct ViewSpec {
  /// The view id, unique in the scene; becomes the view's `identifier`.
  public var id: String
  /// `frame` in the parent's coordinates.
  public var frame: Rect
  /// Shape, fill, stroke and label (`shape`, `fill`, `stroke`, `strokeWidth`,
  /// `corner`, `label`, `labelColor`, `fontSize`). An `image` shape is `.rect`
  /// with ``image`` set.
  public var style: ViewStyle
  /// The bitmap of an `image` view, loaded when the scene was loaded.
  public var image: Image?
  /// Where ``image`` came from (resolved against the scene file's folder).
  public var imagePath: String?
  /// `alpha` (1).
  public var alpha: Double = 1
  /// `hidden` (false).
  public var isHidden: Bool = false
  /// `interactive` (true).
  public var isUserInteractionEnabled: Bool = true
  /// `multipleTouch` (false).
  public var isMultipleTouchEnabled: Bool = false
  /// `exclusiveTouch` (false).
  public var isExclusiveTouch: Bool = false
  /// `hitTest` (bounds).
  public var hitTest: HitTestMode = .bounds
  /// `clips` (false).
  public var clipsToBounds: Bool = false
  /// `touchHandler`: what the view's own touch handlers do (none).
  public var touchHandler: ViewTouchHandler?
  /// `gestures`, in file order.
  public var gestures: [GestureSpec] = []
  /// `children`, back to front.
  public var children: [ViewSpec] = []

  /// A plain view with default settings.
  public init(id: String, frame: Rect, style: ViewStyle = ViewStyle()) {
    self.id = id
    self.frame = frame
    self.style = style
  }

  /// This view and all its descendants, depth first, parents before children. Linear in
  /// their number at any depth (each is visited once, with a stack of its own rather than
  /// the call stack).
  public var allViews: [ViewSpec] {
    var result: [ViewSpec] = []
    var pending = [self]
    while let view = pending.popLast() {
      result.append(view)
      pending.append(contentsOf: view.children.reversed())
    }
    return result
  }
}
