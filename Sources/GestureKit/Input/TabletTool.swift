/// What a `SeatInputTranslator` knows of one tablet tool near the surface: its kind, where it
/// is, its pen state, whether its tip is down (as sent to the window), and what its current
/// group of events (until `tablet.frame`) changed.
struct TabletTool {
  /// The backend's number for the tool.
  let id: Int
  /// The tool's type (an eraser's touches are erasers).
  var kind: TabletToolKind
  /// Where the tool is, surface-local; nil until its first motion.
  var location: Point?
  /// Its pressure, tilt and distance as last reported.
  var pen: PenState
  /// Whether its tip's touch is down in the window.
  var isDown = false
  /// Whether its first barrel button's touch (the secondary button) is down in the window.
  var isBarrelDown = false
  /// The group's tip down, tip up, motion, pen change and leaving.
  var pendingDown = false
  var pendingUp = false
  var moved = false
  var penChanged = false
  var leaving = false
  /// The group's last press (true) or release (false) of the first barrel button.
  var pendingBarrel: Bool?

  /// Tool `id` of `kind`, just come near.
  init(id: Int, kind: TabletToolKind) {
    self.id = id
    self.kind = kind
    pen = PenState(isEraser: kind == .eraser)
  }

  /// Forgets the group's changes once applied.
  mutating func clearPending() {
    pendingDown = false
    pendingUp = false
    moved = false
    penChanged = false
    leaving = false
    pendingBarrel = nil
  }
}
