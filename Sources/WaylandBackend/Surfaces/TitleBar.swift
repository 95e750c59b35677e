/// What the client-side title bar shows, for the drawing side to draw it
/// (`WindowDrawing.drawTitleBar(_:into:)`): the window's title, its three buttons at the
/// right end and which of them the pointer or a finger is on.
///
/// Layout, in logical pixels of a bar `width` wide and ``height`` high: the buttons are
/// ``buttonWidth`` wide each, close at the right end, maximise (or restore) left of it,
/// minimise left of that; the title is drawn in what is left, cut with an ellipsis.
public struct TitleBar: Equatable, Sendable {
  /// A button of the bar.
  public enum Button: Equatable, Sendable, CaseIterable {
    /// Minimises the window.
    case minimize
    /// Maximises the window, or restores it when it is maximised.
    case maximize
    /// Closes the window.
    case close
  }

  /// The bar's height.
  public static let height = WindowFrame.titleBarHeight
  /// Each button's width.
  public static let buttonWidth = WindowFrame.buttonWidth

  /// The window's title.
  public var title: String
  /// The bar's width (the window's).
  public var width: Int
  /// Whether the window is maximised (the maximise button shows restore).
  public var isMaximized: Bool
  /// The button under the pointer, if any.
  public var hovered: Button?
  /// The button pressed (by the pointer or a finger) and not yet released, if any.
  public var pressed: Button?

  /// A bar `width` wide showing `title`.
  public init(
    title: String, width: Int, isMaximized: Bool = false, hovered: Button? = nil, pressed: Button? = nil
  ) {
    self.title = title
    self.width = width
    self.isMaximized = isMaximized
    self.hovered = hovered
    self.pressed = pressed
  }

  /// The left edge of `button`'s box, in the bar's coordinates.
  public func buttonX(_ button: Button) -> Int {
    switch button {
    case .close: return width - Self.buttonWidth
    case .maximize: return width - 2 * Self.buttonWidth
    case .minimize: return width - 3 * Self.buttonWidth
    }
  }

  /// The width left for the title, left of the buttons.
  public var titleWidth: Int { max(0, width - 3 * Self.buttonWidth) }
}
