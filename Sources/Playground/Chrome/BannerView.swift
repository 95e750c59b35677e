import CairoRenderer
import GestureKit

/// A red bar across the top of the window with one line of white text: the error of a scene
/// file that failed to load while it is watched (`run --watch`), shown until the next good
/// save. Hidden while there is no message; never hit.
public final class BannerView: View, CustomDrawing {
  /// The bar's height in logical pixels.
  public static let height = 28.0
  /// The bar's fill.
  public static let fill = Color(red: 0.72, green: 0.11, blue: 0.11)

  /// The text shown, or nil to hide the bar.
  public var message: String? {
    didSet {
      guard message != oldValue else { return }
      isHidden = message == nil
      setNeedsDisplay()
    }
  }

  /// A hidden banner.
  public init() {
    super.init(frame: Rect(x: 0, y: 0, width: 1, height: Self.height))
    identifier = "chrome.banner"
    isUserInteractionEnabled = false
    isHidden = true
  }

  /// Lays the bar across the top of a window of `width`.
  func layOut(width: Double) {
    frame = Rect(x: 0, y: 0, width: width, height: Self.height)
  }

  /// The bar and its text, cut with an ellipsis to the bar's width.
  public func draw(in context: DrawingContext) {
    guard let message else { return }
    context.setColor(Self.fill)
    context.addRect(bounds)
    context.fill()
    context.setColor(.white)
    context.text(message, at: Point(x: 10, y: 19), size: 13, maxWidth: bounds.width - 20)
  }
}
