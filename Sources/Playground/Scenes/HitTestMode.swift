/// Which points of a scene view count as inside it for hit testing (the
/// `hitTest` key); every mode first requires the point to be in the bounds.
public enum HitTestMode: String, Equatable, Sendable {
  /// The whole bounds rect (UIKit's default).
  case bounds
  /// The drawn outline: the ellipse of a circle, the rounded corners of a roundrect.
  case shape
  /// The image's pixels that are at least 10 % opaque.
  case alpha
}
