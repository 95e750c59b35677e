/// Rectangles rounded to whole pixels, and bounding boxes through a transform.
extension Rect {
  /// The smallest rectangle with integer edges containing this one (standardized).
  public var roundedOut: Rect {
    let x0 = minX.rounded(.down)
    let y0 = minY.rounded(.down)
    return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
  }

  /// The largest rectangle with integer edges inside this one (standardized); `Rect.zero`
  /// (empty) when it holds no whole pixel.
  public var roundedIn: Rect {
    let x0 = minX.rounded(.up)
    let y0 = minY.rounded(.up)
    let x1 = maxX.rounded(.down)
    let y1 = maxY.rounded(.down)
    guard x1 > x0, y1 > y0 else { return .zero }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The bounding box of the four corners mapped through `t`, like `applying(_:)` but
  /// without its temporary arrays (the renderer culls every view with it, and must not
  /// allocate).
  public func boundingBox(applying t: AffineTransform) -> Rect {
    let p0 = Point(x: minX, y: minY).applying(t)
    let p1 = Point(x: maxX, y: minY).applying(t)
    let p2 = Point(x: minX, y: maxY).applying(t)
    let p3 = Point(x: maxX, y: maxY).applying(t)
    let x0 = min(p0.x, p1.x, p2.x, p3.x)
    let y0 = min(p0.y, p1.y, p2.y, p3.y)
    return Rect(
      x: x0, y: y0, width: max(p0.x, p1.x, p2.x, p3.x) - x0, height: max(p0.y, p1.y, p2.y, p3.y) - y0)
  }
}
