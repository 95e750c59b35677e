import CairoRenderer
import GestureKit
import WaylandBackend

/// The client-side title bar as the app draws it (where the desktop draws none: GNOME,
/// Weston): the window's title at the left, cut with an ellipsis before the buttons;
/// minimise, maximise (restore when maximised) and close at the right end, each lit under
/// the pointer and darker while pressed, close in red; glyphs stroked anti-aliased.
final class TitleBarView: View, CustomDrawing {
  /// The bar's colour.
  static let background = Color(hex: "#303643")!
  /// The line under the bar.
  static let separator = Color(hex: "#1c2029")!
  /// The title's and the glyphs' colour.
  static let foreground = Color(hex: "#e8eaed")!
  /// A button under the pointer.
  static let hoverFill = Color(hex: "#434b5a")!
  /// A button pressed.
  static let pressFill = Color(hex: "#565f70")!
  /// The close button under the pointer or pressed.
  static let closeFill = Color(hex: "#c94f5a")!

  /// What the bar shows.
  var bar: TitleBar {
    didSet { setNeedsDisplay() }
  }

  /// A view drawing `bar`, as wide as it and `TitleBar.height` high.
  init(bar: TitleBar) {
    self.bar = bar
    super.init(frame: Rect(x: 0, y: 0, width: Double(bar.width), height: Double(TitleBar.height)))
  }

  func draw(in context: DrawingContext) {
    let height = Double(TitleBar.height)
    context.setColor(Self.background)
    context.addRect(bounds)
    context.fill()
    context.setColor(Self.separator)
    context.addRect(Rect(x: 0, y: height - 1, width: bounds.width, height: 1))
    context.fill()
    context.setColor(Self.foreground)
    context.text(
      bar.title, at: Point(x: 12, y: height / 2 + 5), size: 13, bold: true,
      maxWidth: Double(bar.titleWidth) - 24)
    for button in bar.buttons {
      drawButton(button, in: context)
    }
  }

  /// One button: its highlight, then its glyph, 10 px, centred in its box.
  private func drawButton(_ button: TitleBar.Button, in context: DrawingContext) {
    let box = Rect(
      x: Double(bar.buttonX(button)) + 4, y: 4, width: Double(TitleBar.buttonWidth) - 8,
      height: Double(TitleBar.height) - 9)
    let lit = bar.hovered == button || bar.pressed == button
    if lit {
      let fill = button == .close ? Self.closeFill : (bar.pressed == button ? Self.pressFill : Self.hoverFill)
      context.setColor(fill)
      context.addRect(box)
      context.fill()
    }
    let center = box.center
    let half = 5.0
    context.setColor(Self.foreground)
    context.setLineWidth(1.5)
    switch button {
    case .minimize:
      context.move(to: Point(x: center.x - half, y: center.y + half - 1))
      context.line(to: Point(x: center.x + half, y: center.y + half - 1))
    case .maximize where bar.isMaximized:
      // Restore: two overlapping squares.
      context.addRect(
        Rect(x: center.x - half, y: center.y - half + 3, width: 2 * half - 3, height: 2 * half - 3))
      context.move(to: Point(x: center.x - half + 3, y: center.y - half + 3))
      context.line(to: Point(x: center.x - half + 3, y: center.y - half))
      context.line(to: Point(x: center.x + half, y: center.y - half))
      context.line(to: Point(x: center.x + half, y: center.y + half - 3))
      context.line(to: Point(x: center.x + half - 3, y: center.y + half - 3))
    case .maximize:
      context.addRect(Rect(x: center.x - half, y: center.y - half, width: 2 * half, height: 2 * half))
    case .close:
      context.move(to: Point(x: center.x - half, y: center.y - half))
      context.line(to: Point(x: center.x + half, y: center.y + half))
      context.move(to: Point(x: center.x + half, y: center.y - half))
      context.line(to: Point(x: center.x - half, y: center.y + half))
    }
    context.stroke()
  }
}
