import CairoRenderer
import GestureKit

/// The cross of the Alt two-finger emulation's mirror centre (``TwoFingerMarkerView``): two
/// bars of the marker's outline colour, `2 * arm` long and `lineWidth` wide, crossing at the
/// view's centre. Never hit.
final class MirrorCentreView: View, CustomDrawing {
  /// A hidden cross of arms `arm` and bars `lineWidth` wide, in `color`.
  init(arm: Double, lineWidth: Double, color: Color) {
    super.init(frame: Rect(x: 0, y: 0, width: 2 * arm, height: 2 * arm))
    identifier = "chrome.two-finger-marker.centre"
    isUserInteractionEnabled = false
    isHidden = true
    self.color = color
    self.lineWidth = lineWidth
  }

  private var color = Color.white
  private var lineWidth = 2.0

  /// Fills the two bars (the vertical one in two pieces, so that no pixel is covered twice
  /// whatever the fill rule).
  func draw(in context: DrawingContext) {
    let half = lineWidth / 2
    let arm = bounds.height / 2 - half
    context.setColor(color)
    context.addRect(Rect(x: 0, y: bounds.midY - half, width: bounds.width, height: lineWidth))
    context.addRect(Rect(x: bounds.midX - half, y: 0, width: lineWidth, height: arm))
    context.addRect(Rect(x: bounds.midX - half, y: bounds.midY + half, width: lineWidth, height: arm))
    context.fill()
  }
}
