import GestureKit

// Where the menu's panel goes and at what scale: the panel is the app's control, not part of
// the scene, so it keeps its size in the window however the scene is fitted.
extension ContextMenu {
  /// The window points between the finger (or the pointer) that opened a menu and the
  /// panel's top-left corner, right and down.
  static let offsetFromPress = 12.0

  /// The scale `panel` (the menu's, untransformed) gets in `container` so that it shows at
  /// its own size in the window whatever the scene's fit, and its size in `container` at that
  /// scale: `1 / s` for a scene shown at scale `s`, as UIKit's and GTK's menus keep their
  /// size over a zoomed document (at 0.375, a phone's width, the buttons were 13 px tall with
  /// 6 px text; at 2 on a large screen, 72 px). Smaller only where the scene as shown cannot
  /// hold the whole panel; 1 when the fit gives no usable scale.
  static func panelScale(of panel: View, in container: View) -> (scale: Double, shown: Size) {
    let size = panel.bounds.size
    let fitting = min(container.bounds.width / size.width, container.bounds.height / size.height)
    let wanted = min(1 / container.transformToWindow.scale, fitting)
    let scale = wanted.isFinite && wanted > 0 ? wanted : 1
    return (scale, Size(width: size.width * scale, height: size.height * scale))
  }

  /// Scales `panel` for `container` (``panelScale(of:in:)``) and puts its top-left corner at
  /// `corner` (in `container`'s coordinates) moved to a whole window point, then kept inside
  /// `container`.
  static func place(_ panel: View, at corner: Point, in container: View) {
    let (scale, shown) = panelScale(of: panel, in: container)
    // On a whole window point, the panel's edges and labels are as crisp as the strip's.
    let toWindow = container.transformToWindow
    let inWindow = corner.applying(toWindow)
    let whole = Point(x: inWindow.x.rounded(), y: inWindow.y.rounded())
    let snapped = toWindow.inverted().map { whole.applying($0) } ?? corner
    let size = container.bounds.size
    let x = min(max(0, snapped.x), size.width - shown.width)
    let y = min(max(0, snapped.y), size.height - shown.height)
    panel.transform = scale == 1 ? .identity : AffineTransform(scaleX: scale, y: scale)
    panel.center = Point(x: x + shown.width / 2, y: y + shown.height / 2)
  }

  /// Where the top-left corner of a panel shown `shown` (in `container`'s coordinates) goes
  /// for a press at `point`: `offset` right of and below it, or, where the scene has no room
  /// for the panel there, `offset` left of or above it, as GTK's popovers flip to the side
  /// with room. A menu over the finger that opened it would be chosen from where it lifts.
  static func corner(near point: Point, shown: Size, offset: Double, in container: View) -> Point {
    let size = container.bounds.size
    func along(_ press: Double, _ extent: Double, _ room: Double) -> Double {
      press + offset + extent <= room || press - offset - extent < 0
        ? press + offset : press - offset - extent
    }
    return Point(x: along(point.x, shown.width, size.width), y: along(point.y, shown.height, size.height))
  }

  /// How far a copy goes from `view`, its original in `superview`: 30 px right and down, or
  /// the first of left and down, right and up, left and up that keeps all of it inside
  /// `superview` and does not put it exactly on a sibling of the same size (an earlier copy),
  /// so that copies of copies stay in view, as a drawing app keeps a duplicate on its canvas
  /// (from a shape near the corner, the ninth copy down and right was out of the scene,
  /// hidden and out of reach), and fan out from a corner instead of piling up on two places.
  /// Where every way is taken, the first that stays inside; where none does, right (or down)
  /// unless only left (or up) stays inside along that axis.
  static func duplicateOffset(for view: View, in superview: View) -> Point {
    let frame = view.frame
    let bounds = superview.bounds
    let ways = [Point(x: 30, y: 30), Point(x: -30, y: 30), Point(x: 30, y: -30), Point(x: -30, y: -30)]
    let inside = ways.filter { bounds.contains(frame.offsetBy(dx: $0.x, dy: $0.y)) }
    func isTaken(_ way: Point) -> Bool {
      let spot = frame.offsetBy(dx: way.x, dy: way.y)
      return superview.subviews.contains { other in
        other !== view && abs(other.frame.minX - spot.minX) < 0.5 && abs(other.frame.minY - spot.minY) < 0.5
          && abs(other.frame.width - spot.width) < 0.5 && abs(other.frame.height - spot.height) < 0.5
      }
    }
    if let way = inside.first(where: { !isTaken($0) }) ?? inside.first { return way }
    func along(_ low: Double, _ high: Double, _ start: Double, _ end: Double) -> Double {
      high + 30 <= end || low - 30 < start ? 30 : -30
    }
    return Point(
      x: along(frame.minX, frame.maxX, bounds.minX, bounds.maxX),
      y: along(frame.minY, frame.maxY, bounds.minY, bounds.maxY))
  }

  /// Gives the menu open in `container`, if any, the scale that keeps its size in the window
  /// after the scene's fit changed (a new window size), its top-left corner where it was in
  /// the scene unless that puts it outside.
  static func refit(in container: View) {
    guard let layer = container.subviews.last(where: { $0.identifier == layerID }),
      let panel = layer.subviews.first
    else { return }
    place(panel, at: panel.frame.origin, in: container)
  }
}
