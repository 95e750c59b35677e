/// What the client-side title bar shows, for the drawing side to draw it
/// (`WindowDrawing.drawTitleBar(_:into:)`): the window's title, its buttons at the right end
/// and which of them the pointer or a finger is on.
///
/// Layout, in logical pixels of a bar `width` wide and ``height`` high: the ``buttons`` are
/// ``buttonWidth`` wide each, close at the right end, maximise (or restore) left of it,
/// minimise left of that, each of the last two only where the compositor supports it
/// (`xdg_toplevel.wm_capabilities`); the title is drawn in what is left, cut with an ellipsis.
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
  /// The buttons shown, left to right: a subsequence of minimise, maximise, close that ends
  /// with close.
  public var buttons: [Button]

  /// A bar `width` wide showing `title` and `buttons` (all three unless told).
  public init(
    title: String, width: Int, isMaximized: Bool = false, hovered: Button? = nil, pressed: Button? = nil,
    buttons: [Button] = Button.allCases
  ) {
    self.title = title
    self.width = width
    self.isMaximized = isMaximized
    self.hovered = hovered
    self.pressed = pressed
    self.buttons = buttons
  }

  /// The left edge of `button`'s box, in the bar's coordinates; `button` must be one of
  /// ``buttons``.
  public func buttonX(_ button: Button) -> Int {
    guard let index = buttons.firstIndex(of: button) else {
      preconditionFailure("the \(button) button is not on the title bar \(buttons)")
    }
    return width - (buttons.count - index) * Self.buttonWidth
  }

  /// The width left for the title, left of the buttons.
  public var titleWidth: Int { max(0, width - buttons.count * Self.buttonWidth) }
}
