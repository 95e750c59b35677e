extension View {
  /// Maps this view's coordinates to its superview's: the bounds centre goes to `center`,
  /// with `transform` applied about it.
  public var transformToSuperview: AffineTransform {
    AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
      .concatenating(transform)
      .concatenating(AffineTransform(translationX: center.x, y: center.y))
  }

  /// Maps this view's coordinates to window coordinates (those of the root view's
  /// superview space, equal to the root view's own for a window's root).
  public var transformToWindow: AffineTransform {
    var result = transformToSuperview
    var view = superview
    while let ancestor = view {
      result = result.concatenating(ancestor.transformToSuperview)
      view = ancestor.superview
    }
    return result
  }

  /// Maps this view's coordinates to `view`'s (window coordinates for nil). Views in
  /// different trees are related through window coordinates. When `view` has a
  /// non-invertible transform (a zero scale), the result stays in window coordinates.
  func transform(to view: View?) -> AffineTransform {
    let toWindow = transformToWindow
    guard let view, let fromWindow = view.transformToWindow.inverted() else { return toWindow }
    return toWindow.concatenating(fromWindow)
  }

  /// `point`, given in this view's coordinates, in `view`'s coordinates (window coordinates
  /// for nil), through every transform on the way.
  public func convert(_ point: Point, to view: View?) -> Point {
    point.applying(transform(to: view))
  }

  /// `point`, given in `view`'s coordinates (window coordinates for nil), in this view's
  /// coordinates.
  public func convert(_ point: Point, from view: View?) -> Point {
    if let view { return view.convert(point, to: self) }
    guard let fromWindow = transformToWindow.inverted() else { return point }
    return point.applying(fromWindow)
  }

  /// The bounding box of `rect`, given in this view's coordinates, in `view`'s coordinates
  /// (window coordinates for nil).
  public func convert(_ rect: Rect, to view: View?) -> Rect {
    rect.applying(transform(to: view))
  }

  /// The bounding box of `rect`, given in `view`'s coordinates (window coordinates for nil),
  /// in this view's coordinates.
  public func convert(_ rect: Rect, from view: View?) -> Rect {
    if let view { return view.convert(rect, to: self) }
    guard let fromWindow = transformToWindow.inverted() else { return rect }
    return rect.applying(fromWindow)
  }

  /// A displacement or velocity given in this view's coordinates, in `view`'s (window
  /// coordinates for nil): only the linear part of the transforms applies.
  public func convertVector(_ vector: Point, to view: View?) -> Point {
    vector.applyingToVector(transform(to: view))
  }

  /// A displacement or velocity given in `view`'s coordinates (window coordinates for nil),
  /// in this view's coordinates.
  public func convertVector(_ vector: Point, from view: View?) -> Point {
    if let view { return view.convertVector(vector, to: self) }
    guard let fromWindow = transformToWindow.inverted() else { return vector }
    return vector.applyingToVector(fromWindow)
  }
}
