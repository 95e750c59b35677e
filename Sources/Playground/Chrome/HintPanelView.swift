import CairoRenderer
import GestureKit

/// The scene's whole hint, over the bottom of the scene, for a hint the strip's bar cuts with
/// an ellipsis (a narrow window, a phone's width): shown while the pointer or a pen rests on
/// the cut hint (after ``hoverDelay``, until it leaves), as GTK shows an ellipsized label's
/// tooltip, or by a tap or click on it, until the next press anywhere else, Esc, another
/// scene, or another tap on it (a touch screen has no hover). Never hit: the press that
/// closes it also does what it does.
///
/// ```
/// hidden ──(a tap on the cut hint)──> tapped ──(a tap on it, a press elsewhere, Esc)──> hidden
/// hidden ──(the pointer rests on the cut hint)──> hovered ──(it leaves)──> hidden
/// hovered ──(a tap on the hint)──> hidden
/// ```
public final class HintPanelView: View, CustomDrawing {
  /// How the panel came to show, while it shows.
  public enum Reason: Equatable, Sendable {
    /// A tap or a click on the cut hint: it stays until a press elsewhere.
    case tap
    /// The pointer or a pen resting on the cut hint: it goes when the pointer leaves.
    case hover
  }

  /// How long the pointer rests on a cut hint before the panel shows, in seconds: GTK's
  /// tooltips wait 500 ms (`HOVER_TIMEOUT` in gtktooltip.c).
  public static let hoverDelay = 0.5
  /// The text's size: the hint bar's one-line size.
  public static let fontSize = 13.0
  /// From one line's baseline to the next.
  static let lineHeight = 17.0
  /// Between the box's edges and the text.
  static let padding = 10.0
  /// The most lines shown (the last cut with an ellipsis): the bundled hints need 3 at a
  /// phone's 360 px; 8 hold about 400 characters there.
  static let maximumLines = 8

  /// The text shown, while the panel shows.
  public private(set) var text: String?
  /// Why the panel shows; nil while it is hidden.
  public private(set) var reason: Reason?

  /// A hidden panel.
  public init() {
    super.init(frame: Rect(x: 0, y: 0, width: 400, height: 100))
    identifier = "chrome.hint-panel"
    isUserInteractionEnabled = false
    isHidden = true
    // In a window too small for one line, the box is cut at the panel's edge.
    clipsToBounds = true
  }

  /// Shows `text` (at most ``ChromeView/hintCharacterLimit`` characters of it), for `reason`.
  func show(_ text: String, for reason: Reason) {
    self.text = String(text.prefix(ChromeView.hintCharacterLimit))
    self.reason = reason
    isHidden = false
    setNeedsDisplay()
  }

  /// Hides the panel.
  func hide() {
    guard reason != nil else { return }
    text = nil
    reason = nil
    isHidden = true
  }

  /// Lays the panel over the bottom of `area` (the scene's part of the window), as tall as
  /// ``maximumLines`` need and at most half of it; the box drawn is as tall as the text's lines.
  func layOut(in area: Rect) {
    let height = min(area.height / 2, Self.lineHeight * Double(Self.maximumLines) + 2 * Self.padding)
    frame = Rect(x: area.minX, y: area.maxY - max(0, height), width: area.width, height: max(0, height))
  }

  /// The text wrapped to the panel's width in a box at its bottom, on the strip's background
  /// with a hairline edge; a right-to-left text at the right, as the bar aligns it.
  public func draw(in context: DrawingContext) {
    guard let text else { return }
    let width = bounds.width - 2 * Self.padding
    let room = Int(((bounds.height - 2 * Self.padding) / Self.lineHeight).rounded(.down))
    let lines = LineBreaks.wrap(text, width: width, maximumLines: max(1, min(Self.maximumLines, room))) {
      context.textWidth($0, size: Self.fontSize)
    }
    let boxHeight = Double(lines.count) * Self.lineHeight + 2 * Self.padding
    let box = Rect(x: 0, y: bounds.height - boxHeight, width: bounds.width, height: boxHeight)
    context.setColor(ChromeView.background)
    context.addRect(box)
    context.fill()
    context.setColor(ChromeView.hoverFill)
    context.addRect(Rect(x: 0, y: box.minY, width: box.width, height: 1))
    context.fill()
    context.setColor(ChromeView.hintColor)
    let rightToLeft = DrawingContext.isRightToLeft(text)
    for (index, line) in lines.enumerated() {
      let baseline = box.minY + Self.padding + Double(index) * Self.lineHeight + Self.fontSize
      let x =
        rightToLeft
        ? Self.padding + max(0, width - context.textWidth(line, size: Self.fontSize)) : Self.padding
      context.text(line, at: Point(x: x, y: baseline), size: Self.fontSize, maxWidth: width)
    }
  }
}
