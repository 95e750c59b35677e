import CairoRenderer
import GestureKit
import Glibc

/// The view built for each entry of a scene file: an image-capable view that
/// knows its hit-test mode and whether it comes to the front on touch down.
open class SceneView: ImageView {
  /// Which points count as inside (`hitTest` in the scene file).
  public var hitTestMode: HitTestMode = .bounds

  /// Brings this view to the front of its siblings when a touch goes down on it
  /// or on one of its subviews (the `bringToFront` and `drag` behaviours).
  public var bringsToFrontOnTouchDown = false

  /// The style the view had before its highlight was turned on; nil while not highlighted.
  private var unhighlightedStyle: ViewStyle?

  /// True while the view shows its highlight (the `toggle` behaviour).
  public var isHighlighted: Bool { unhighlightedStyle != nil }

  /// Objects the view keeps alive for its recognizers (their delegates, which
  /// recognizers hold weakly).
  var retainedDelegates: [AnyObject] = []

  /// What the view's own touch handlers do besides bringing it to the front (the view's
  /// `touchHandler` key, a behaviour such as ``VerdictBehavior``), called in order after the
  /// view's own work.
  var touchHandlers: [SceneTouchHandler] = []

  /// The frame the scene file gives the view (``restore()`` puts it back).
  var initialFrame = Rect.zero
  /// The view's index among its siblings in the scene file (``restore()`` puts it back).
  var initialIndex = 0

  /// The view's counter (the `count` behaviour); setting it redraws the label from
  /// ``labelTemplate``.
  public var count = 0 {
    didSet { updateCountLabel() }
  }
  /// The label as the scene file wrote it, with `{count}` where the counter goes; nil when
  /// the view has no counter.
  var labelTemplate: String?

  /// Inside the bounds, then refined by ``hitTestMode``: the ellipse of a circle,
  /// the rounded corners of a roundrect, or the image's opaque pixels.
  open override func point(inside point: Point) -> Bool {
    guard super.point(inside: point) else { return false }
    let b = bounds
    switch hitTestMode {
    case .bounds:
      return true
    case .shape:
      return style.shape.contains(point, in: b)
    case .alpha:
      guard let image, b.width > 0, b.height > 0 else { return false }
      let x = min(image.width - 1, max(0, Int((point.x - b.minX) / b.width * Double(image.width))))
      let y = min(image.height - 1, max(0, Int((point.y - b.minY) / b.height * Double(image.height))))
      return image.pixel(x: x, y: y).a >= 26  // at least 10 % opaque
    }
  }

  /// Brings this view, and every ancestor scene view that asks for it, to the
  /// front of its siblings. UIKit's cookbook does the same in `touchesBegan`:
  /// the began phase reaches the view before a pan can begin (it needs 10 px of
  /// movement), so `cancelsTouchesInView` does not get in the way. A drag
  /// behaviour also brings its view forward when the pan begins, which covers
  /// `delaysTouchesBegan`.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    super.touchesBegan(touches, with: event)
    var current: View? = self
    while let view = current {
      if let sceneView = view as? SceneView, sceneView.bringsToFrontOnTouchDown {
        sceneView.bringToFront()
      }
      current = view.superview
    }
    for handler in touchHandlers { handler.touchesBegan(touches, in: self, with: event) }
  }

  /// Passes the moves to the ``touchHandlers``.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    super.touchesMoved(touches, with: event)
    for handler in touchHandlers { handler.touchesMoved(touches, in: self, with: event) }
  }

  /// Passes the ended touches to the ``touchHandlers``.
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    super.touchesEnded(touches, with: event)
    for handler in touchHandlers { handler.touchesEnded(touches, in: self, with: event) }
  }

  /// Passes the cancelled touches to the ``touchHandlers``.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    super.touchesCancelled(touches, with: event)
    for handler in touchHandlers { handler.touchesCancelled(touches, in: self, with: event) }
  }

  /// Moves the view to the top of its superview's subviews (no-op when already there).
  func bringToFront() {
    guard let superview, superview.subviews.last !== self else { return }
    superview.bringSubviewToFront(self)
  }

  /// Flips the highlight (the `toggle` behaviour). Turning it on lightens the fill (halfway
  /// to white; a view without fill gets a translucent white one) and draws a 4 px
  /// `highlightStroke` outline; turning it off restores the style the view had.
  public func toggleHighlight() {
    if let original = unhighlightedStyle {
      unhighlightedStyle = nil
      style = original
      return
    }
    unhighlightedStyle = style
    var highlighted = style
    if let fill = style.fill {
      highlighted.fill = Color(
        red: (fill.red + 1) / 2, green: (fill.green + 1) / 2, blue: (fill.blue + 1) / 2, alpha: fill.alpha)
    } else {
      highlighted.fill = Color(red: 1, green: 1, blue: 1, alpha: 0.3)
    }
    highlighted.stroke = Self.highlightStroke
    highlighted.strokeWidth = max(style.strokeWidth, 4)
    if let fill = highlighted.fill, fill.alpha >= 1 { highlighted.labelColor = Self.readableLabel(on: fill) }
    style = highlighted
  }

  /// The label colour that reads best on `fill`: white or ``darkLabel``, whichever has the
  /// higher contrast ratio with it (WCAG 2's relative luminance). A lightened fill under a
  /// white label read 2.6:1 (the delivery lab's flags); this keeps every highlight at 4.5:1
  /// or more.
  public static func readableLabel(on fill: Color) -> Color {
    contrastRatio(fill, .white) >= contrastRatio(fill, darkLabel) ? .white : darkLabel
  }

  /// The dark label colour of highlights on light fills.
  public static let darkLabel = Color(hex: "#111318")!

  /// WCAG 2's relative luminance of an sRGB colour (0 black ... 1 white).
  static func relativeLuminance(_ color: Color) -> Double {
    func linear(_ channel: Double) -> Double {
      channel <= 0.04045 ? channel / 12.92 : Glibc.pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
  }

  /// WCAG 2's contrast ratio of two colours (1 ... 21), whichever is lighter.
  static func contrastRatio(_ a: Color, _ b: Color) -> Double {
    let la = relativeLuminance(a)
    let lb = relativeLuminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// The outline colour of a highlighted view (a warm yellow, `#ffd866`).
  public static let highlightStroke = Color(hex: "#ffd866")!
}
