import GestureKit

/// What size the window's content takes at each configure, and when the app asks for one:
/// xdg-shell's rules, with the sizes to come back to.
///
/// - A configure with a size (maximised, fullscreen, tiled, an interactive resize, or a
///   compositor that chooses) is obeyed, less the title bar when the frame is shown. A
///   size configured while floating (none of maximised, fullscreen, tiled) is the user's:
///   it becomes the size to come back to.
/// - A configure of 0x0 means "choose your own size": the floating size to come back to
///   (the one before maximising or going fullscreen), else the size the app prefers, made
///   to fit the bounds.
/// - The bounds are `xdg_toplevel.configure_bounds` (xdg-shell 4) when the compositor sends
///   them, otherwise the output's logical size less ``panelMargin`` (room for a desktop's
///   panels, which a client cannot see): a first window never runs off the screen.
/// - When the app asks for another size (a scene of another size), a floating window takes
///   it at once, fitted to the bounds; a maximised, fullscreen or tiled one keeps the
///   compositor's size and takes it on its next 0x0 configure.
struct WindowSizing {
  /// Logical pixels kept free around a window sized from an output without
  /// `configure_bounds`: GNOME's top bar is 32 px, KDE's panel 44, Weston's 32; wider and
  /// taller than any of them, with room for a border.
  static let panelMargin = (width: 32, height: 64)

  /// The most buffer pixels a side of the window's surface may have. cairo and pixman take
  /// at most 32,767 and a `wl_shm` pool less than 2 GiB; a compositor's configure of
  /// 40000x30000 (Weston's kiosk shell on an output that size) trapped the app. 16,384, as
  /// `--snapshot`'s limit, holds a 16K screen at scale 1, in a buffer of at most 1 GiB.
  static let maximumBufferSide = 16_384

  /// The largest content size whose buffers at `scale` have no side over
  /// ``maximumBufferSide``: the window's, with the title bar's rows above the content when
  /// `clientSideFrame`, and then the frame's too (``ClientDecoration``: the whole window and
  /// its resize border, at the scale rounded up).
  static func largestContent(scale: SurfaceScale, clientSideFrame: Bool) -> (width: Int, height: Int) {
    // The quotient, then down past the scale's own rounding (a step or two).
    var side = Int(Double(maximumBufferSide) / scale.factor) + 1
    while side > 1, scale.bufferSize(logicalWidth: side, logicalHeight: 1).width > maximumBufferSide {
      side -= 1
    }
    guard clientSideFrame else { return (side, side) }
    let frameSide = maximumBufferSide / scale.cursorScale - 2 * WindowFrame.border
    let width = min(side, frameSide)
    let height = min(side, frameSide) - WindowFrame.titleBarHeight
    return (max(1, width), max(1, height))
  }

  /// The content size the app prefers (the scene at scale 1 and the strip).
  private(set) var preferred: Size
  /// The floating content size to come back to, once the window has had one.
  private(set) var floating: Size?
  /// The largest window (geometry, title bar included) that fits, when known.
  var bounds: (width: Int, height: Int)?
  /// The smallest content the window takes by its own choice.
  let minimum: (width: Int, height: Int)

  /// Sizing for an app that prefers `preferred` content and needs at least `minimum`.
  init(preferred: Size, minimum: (width: Int, height: Int)) {
    self.preferred = preferred
    self.minimum = minimum
  }

  /// Whether `states` leave the size to the client (no maximised, fullscreen, tiled).
  static func isFloating(_ states: WindowStates) -> Bool {
    states.isDisjoint(with: [.maximized, .fullscreen, .tiled])
  }

  /// The content size for a configure of `configured` (nil: 0x0) with `states`, with the
  /// title bar shown or not.
  mutating func contentSize(
    configured: (width: Int, height: Int)?, states: WindowStates, frameShown: Bool
  ) -> Size {
    if let configured {
      let content = WindowFrame.contentSize(configured: configured, frameShown: frameShown)
      let size = Size(width: Double(content.width), height: Double(content.height))
      if Self.isFloating(states) { floating = size }
      return size
    }
    let size = fitted(floating ?? preferred, frameShown: frameShown)
    floating = size
    return size
  }

  /// The app prefers `size` from now on (forgetting the floating size); returns the content
  /// size to take at once when the window is floating in `states`, nil otherwise.
  mutating func prefer(_ size: Size, states: WindowStates, frameShown: Bool) -> Size? {
    preferred = size
    floating = nil
    guard Self.isFloating(states) else { return nil }
    let content = fitted(size, frameShown: frameShown)
    floating = content
    return content
  }

  /// `size` (content) shrunk to fit the bounds with the title bar, never below the minimum
  /// content size; whole logical pixels.
  func fitted(_ size: Size, frameShown: Bool) -> Size {
    var width = max(1, Int(size.width.rounded()))
    var height = max(1, Int(size.height.rounded()))
    if let bounds {
      let bar = frameShown ? WindowFrame.titleBarHeight : 0
      width = min(width, bounds.width)
      height = min(height, bounds.height - bar)
    }
    return Size(width: Double(max(width, minimum.width)), height: Double(max(height, minimum.height)))
  }
}
