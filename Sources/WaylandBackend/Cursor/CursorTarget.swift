import CWaylandClient
import CWaylandProtocols

/// What a cursor is shown for: the pointer (`wl_pointer`, version 1 and later) or one tablet
/// tool (`zwp_tablet_tool_v2`, tablet-unstable-v2 version 1). Each sets its cursor with the
/// serial of its latest enter (`wl_pointer.enter`, `zwp_tablet_tool_v2.proximity_in`), and
/// each has a cursor surface of its own: the tablet protocol gives a surface the role of one
/// tool's cursor, never shared with another tool or the pointer.
enum CursorTarget: Equatable {
  case pointer(OpaquePointer)
  case tool(OpaquePointer)

  /// Shows `surface` as the cursor (`set_cursor`), its hotspot at (`hotspotX`, `hotspotY`)
  /// in the surface's logical coordinates.
  func setCursor(serial: UInt32, surface: OpaquePointer, hotspotX: Int32, hotspotY: Int32) {
    switch self {
    case .pointer(let pointer): wl_pointer_set_cursor(pointer, serial, surface, hotspotX, hotspotY)
    case .tool(let tool): zwp_tablet_tool_v2_set_cursor(tool, serial, surface, hotspotX, hotspotY)
    }
  }
}
