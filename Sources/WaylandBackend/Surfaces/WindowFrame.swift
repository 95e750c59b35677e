/// The window states an `xdg_toplevel.configure` carries that matter for the frame.
struct WindowStates: OptionSet, Equatable {
  let rawValue: Int
  /// `maximized`: the window fills the work area; no resize edges.
  static let maximized = WindowStates(rawValue: 1 << 0)
  /// `fullscreen`: the window covers an output; no title bar at all.
  static let fullscreen = WindowStates(rawValue: 1 << 1)
  /// `tiled_*` (v2): a tiling layout owns the size; no resize edges.
  static let tiled = WindowStates(rawValue: 1 << 2)

  /// The states of a configure's `xdg_toplevel_state` values.
  init(xdgStates: [UInt32]) {
    var states: WindowStates = []
    for state in xdgStates {
      switch state {
      case 1: states.insert(.maximized)
      case 2: states.insert(.fullscreen)
      case 5, 6, 7, 8: states.insert(.tiled)
      default: break
      }
    }
    self = states
  }

  /// States from their raw bits.
  init(rawValue: Int) {
    self.rawValue = rawValue
  }
}

/// What the compositor supports of the window-management requests a client-side frame offers
/// (`xdg_toplevel.wm_capabilities`, xdg-shell 5): a frame shows no button, and sends no
/// request, for what is missing. Before version 5, and until the event comes, everything.
struct WindowCapabilities: OptionSet, Equatable {
  let rawValue: Int
  /// `window_menu`: `show_window_menu` (a right click on the title bar).
  static let windowMenu = WindowCapabilities(rawValue: 1 << 0)
  /// `maximize`: `set_maximized` and `unset_maximized` (the maximise button).
  static let maximize = WindowCapabilities(rawValue: 1 << 1)
  /// `fullscreen`: `set_fullscreen` and `unset_fullscreen` (F11, which the compositor ignores
  /// where it is missing).
  static let fullscreen = WindowCapabilities(rawValue: 1 << 2)
  /// `minimize`: `set_minimized` (the minimise button).
  static let minimize = WindowCapabilities(rawValue: 1 << 3)
  /// Everything: what a compositor without the event is assumed to support.
  static let all: WindowCapabilities = [.windowMenu, .maximize, .fullscreen, .minimize]

  /// The capabilities of an event's `xdg_toplevel_wm_capabilities` values; values this
  /// version does not know are left out, and an empty list means none.
  init(xdgCapabilities: [UInt32]) {
    var capabilities: WindowCapabilities = []
    for value in xdgCapabilities {
      switch value {
      case 1: capabilities.insert(.windowMenu)
      case 2: capabilities.insert(.maximize)
      case 3: capabilities.insert(.fullscreen)
      case 4: capabilities.insert(.minimize)
      default: break
      }
    }
    self = capabilities
  }

  /// Capabilities from their raw bits.
  init(rawValue: Int) {
    self.rawValue = rawValue
  }
}

/// A button of the client-side title bar.
enum FrameButton: Equatable, CaseIterable {
  /// Minimizes the window (`xdg_toplevel.set_minimized`).
  case minimize
  /// Maximizes or restores the window (`set_maximized` / `unset_maximized`).
  case maximize
  /// Closes the window, as the compositor's `close` would.
  case close
}

/// What a point on the frame surface does when pressed.
enum FrameZone: Equatable {
  /// Outside the frame's active parts (the content, or a transparent margin that is not
  /// an edge): nothing.
  case none
  /// The title bar: `xdg_toplevel.move`.
  case move
  /// A resize edge or corner: `xdg_toplevel.resize` with this `xdg_toplevel_resize_edge`.
  case resize(UInt32)
  /// A title bar button, acting when released over it.
  case button(FrameButton)
}

/// The geometry of the client-side frame, in logical pixels: a title bar above the content
/// (the window surface's top rows, shown by a subsurface over them) and an invisible resize
/// border around both (a subsurface below the window's). Pure logic, so that the hit zones
/// and size rules are unit tested.
///
/// Frame-surface coordinates have their origin at the top-left corner of the resize border;
/// the title bar starts at (`border`, `border`), the content at (`border`, `border +
/// titleBarHeight`). The window geometry (what the compositor calls the window) is the
/// title bar plus the content; the border lies outside it, as shadows do with GTK.
struct WindowFrame: Equatable {
  /// Height of the title bar.
  static let titleBarHeight = 32
  /// Width of the invisible resize border around the window.
  static let border = 8
  /// Width of each title bar button (they sit at the right end: minimize, maximize, close,
  /// those the compositor supports).
  static let buttonWidth = 40

  /// Width of the content (and of the title bar).
  var contentWidth: Int
  /// Height of the content.
  var contentHeight: Int
  /// The toplevel's states: maximized and tiled windows have no resize edges.
  var states: WindowStates
  /// What the compositor supports: the minimise and maximise buttons only where it does.
  var capabilities: WindowCapabilities = .all

  /// The title bar's buttons, left to right: minimise and maximise where the compositor
  /// supports them, then close.
  var buttons: [FrameButton] {
    var buttons: [FrameButton] = []
    if capabilities.contains(.minimize) { buttons.append(.minimize) }
    if capabilities.contains(.maximize) { buttons.append(.maximize) }
    buttons.append(.close)
    return buttons
  }

  /// Size of the frame surface.
  var surfaceSize: (width: Int, height: Int) {
    (contentWidth + 2 * Self.border, contentHeight + Self.titleBarHeight + 2 * Self.border)
  }

  /// Whether a client-side frame is shown: client-side decorations and not fullscreen.
  static func isShown(clientSide: Bool, states: WindowStates) -> Bool {
    clientSide && !states.contains(.fullscreen)
  }

  /// The content size for a configured window size (the window geometry, which includes
  /// the title bar when the frame is shown), never below 1x1.
  static func contentSize(configured: (width: Int, height: Int), frameShown: Bool) -> (
    width: Int, height: Int
  ) {
    let bar = frameShown ? titleBarHeight : 0
    return (max(1, configured.width), max(1, configured.height - bar))
  }

  /// The minimum window size to advertise (`xdg_toplevel.set_min_size`) for `content`, the
  /// smallest content, title bar included when the frame is shown.
  static func minimumWindowSize(content: (width: Int, height: Int), frameShown: Bool) -> (
    width: Int, height: Int
  ) {
    (content.width, content.height + (frameShown ? titleBarHeight : 0))
  }

  /// The left edge (frame-surface x) of `button`'s hit box; `button` must be one of
  /// ``buttons``.
  func buttonX(_ button: FrameButton) -> Int {
    let shown = buttons
    guard let index = shown.firstIndex(of: button) else {
      preconditionFailure("the \(button) button is not on the title bar (capabilities \(capabilities))")
    }
    return Self.border + contentWidth - (shown.count - index) * Self.buttonWidth
  }

  /// What pressing at (x, y) in frame-surface coordinates does.
  func zone(x: Double, y: Double) -> FrameZone {
    let border = Double(Self.border)
    let width = Double(surfaceSize.width)
    let height = Double(surfaceSize.height)
    guard x >= 0, y >= 0, x < width, y < height else { return .none }
    let resizable = states.isDisjoint(with: [.maximized, .tiled, .fullscreen])
    if resizable {
      // Corners are a little larger than the border so that they are easy to grab.
      let corner = border + 8
      let left = x < border
      let right = x >= width - border
      let top = y < border
      let bottom = y >= height - border
      let nearLeft = x < corner
      let nearRight = x >= width - corner
      let nearTop = y < corner
      let nearBottom = y >= height - corner
      if (top && nearLeft) || (left && nearTop) { return .resize(5) }  // top_left
      if (top && nearRight) || (right && nearTop) { return .resize(9) }  // top_right
      if (bottom && nearLeft) || (left && nearBottom) { return .resize(6) }  // bottom_left
      if (bottom && nearRight) || (right && nearBottom) { return .resize(10) }  // bottom_right
      if top { return .resize(1) }
      if bottom { return .resize(2) }
      if left { return .resize(4) }
      if right { return .resize(8) }
    }
    let barTop = border
    let barBottom = border + Double(Self.titleBarHeight)
    guard y >= barTop, y < barBottom, x >= border, x < width - border else { return .none }
    for button in buttons {
      let left = Double(buttonX(button))
      if x >= left, x < left + Double(Self.buttonWidth) { return .button(button) }
    }
    return .move
  }
}
