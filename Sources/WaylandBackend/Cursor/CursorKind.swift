/// The pointer shapes the window shows: over the content, chosen per pointer frame by
/// `WaylandApplication.cursorForPointer`; over the client-side frame, the arrow on the title
/// bar and a resize arrow on each edge and corner.
public enum CursorKind: Int, CaseIterable, Sendable {
  /// The default arrow.
  case `default`
  /// An open hand: what is under the pointer can be dragged.
  case openHand
  /// A closed hand: the pointer is dragging something.
  case closedHand
  /// Resizing from the top edge.
  case resizeTop
  /// Resizing from the bottom edge.
  case resizeBottom
  /// Resizing from the left edge.
  case resizeLeft
  /// Resizing from the right edge.
  case resizeRight
  /// Resizing from the top-left corner.
  case resizeTopLeft
  /// Resizing from the top-right corner.
  case resizeTopRight
  /// Resizing from the bottom-left corner.
  case resizeBottomLeft
  /// Resizing from the bottom-right corner.
  case resizeBottomRight

  /// The cursor names to try in the theme, best first: the CSS / freedesktop names, then
  /// the older names that themes such as DMZ or Breeze still use. When none is found the
  /// default cursor is shown (and when that is missing too, the compositor's).
  var themeNames: [String] {
    switch self {
    case .default: return ["default", "left_ptr"]
    case .openHand: return ["grab", "openhand", "hand1"]
    case .closedHand: return ["grabbing", "closedhand", "dnd-move", "fleur"]
    case .resizeTop: return ["n-resize", "top_side"]
    case .resizeBottom: return ["s-resize", "bottom_side"]
    case .resizeLeft: return ["w-resize", "left_side"]
    case .resizeRight: return ["e-resize", "right_side"]
    case .resizeTopLeft: return ["nw-resize", "top_left_corner"]
    case .resizeTopRight: return ["ne-resize", "top_right_corner"]
    case .resizeBottomLeft: return ["sw-resize", "bottom_left_corner"]
    case .resizeBottomRight: return ["se-resize", "bottom_right_corner"]
    }
  }

  /// The cursor over a frame zone: a resize arrow on an edge or corner
  /// (`xdg_toplevel_resize_edge`), the arrow elsewhere.
  static func frame(_ zone: FrameZone) -> CursorKind {
    guard case .resize(let edges) = zone else { return .default }
    switch edges {
    case 1: return .resizeTop
    case 2: return .resizeBottom
    case 4: return .resizeLeft
    case 8: return .resizeRight
    case 5: return .resizeTopLeft
    case 9: return .resizeTopRight
    case 6: return .resizeBottomLeft
    case 10: return .resizeBottomRight
    default: return .default
    }
  }
}
