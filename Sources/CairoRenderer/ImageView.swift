import GestureKit

/// A view that draws a bitmap stretched over its bounds (UIKit's
/// `UIImageView` with `scaleToFill`), under its label and above its fill.
open class ImageView: View {
  /// The bitmap to draw, or nil for none.
  public var image: Image? {
    didSet { setNeedsDisplay() }
  }
}
