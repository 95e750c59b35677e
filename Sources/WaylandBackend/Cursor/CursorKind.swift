/// The pointer shapes the window shows, chosen per pointer frame by
/// `WaylandApplication.cursorForPointer`.
public enum CursorKind: Int, CaseIterable, Sendable {
  /// The default arrow.
  case `default`
  /// An open hand: what is under the pointer can be dragged.
  case openHand
  /// A closed hand: the pointer is dragging something.
  case closedHand

  /// The cursor names to try in the theme, best first: the CSS / freedesktop names, then
  /// the older names that themes such as DMZ or Breeze still use. When none is found the
  /// default cursor is shown (and when that is missing too, the compositor's).
  var themeNames: [String] {
    switch self {
    case .default: return ["default", "left_ptr"]
    case .openHand: return ["grab", "openhand", "hand1"]
    case .closedHand: return ["grabbing", "closedhand", "dnd-move", "fleur"]
    }
  }
}
