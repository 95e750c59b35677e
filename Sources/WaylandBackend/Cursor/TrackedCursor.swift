import GestureKit

/// The pointer or one tablet tool as `CursorController` follows it: where it is, the serial
/// its cursor is set with, and what it shows.
struct TrackedCursor {
  /// The `wl_pointer` or `zwp_tablet_tool_v2` the cursor is set on.
  let target: CursorTarget
  /// The tool's number in the app's seat events; nil for the pointer.
  let tool: Int?
  /// The serial of its latest enter or `proximity_in`.
  var serial: UInt32
  /// Where it is, in window coordinates.
  var location = Point.zero
  /// Whether a tool has had a motion since it came near (a pointer is placed by its enter).
  var placed: Bool
  /// The kind shown; nil until set after the enter.
  var shown: CursorKind?
  /// Whether it moved or pressed something since the kind was last chosen.
  var needsUpdate = true
  /// Whether the pointer or tool is on the client-side frame, which shows its own cursors:
  /// the app's hit test at the last place in the window does not apply.
  var onFrame = false
  /// A tool's cursor surface for the theme, made on first use (the pointer's is the
  /// controller's).
  var surface: OpaquePointer?

  /// A cursor to set for `target` (tool `tool`, or the pointer when nil), entered with `serial`.
  init(target: CursorTarget, tool: Int?, serial: UInt32) {
    self.target = target
    self.tool = tool
    self.serial = serial
    placed = tool == nil
  }
}
