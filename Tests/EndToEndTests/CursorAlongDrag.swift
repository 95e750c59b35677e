import Foundation
import Testing

/// What a client's cursor must have been along a mouse drag that started on the background,
/// moved onto a card, dragged it and let go, from its `WAYLAND_DEBUG=client` log: the arrow,
/// an open hand, a closed hand and the open hand again. Where the compositor offers
/// `wp_cursor_shape_manager_v1` they are shapes (`default` 1, `grab` 16, `grabbing` 17) and
/// no cursor surface is set; elsewhere they are the theme's buffers on the cursor surface.
enum CursorAlongDrag {
  /// The shapes in order, the last four of them.
  static let shapes = [1, 16, 17, 16]

  /// Checks `client`'s cursors once they are all in its log (or after 5 s); `minimumVersion`
  /// is the release of `compositor` (its command) from which on it offers the shapes: from
  /// there the shapes must be what was checked.
  static func expect(
    of client: ChildProcess, compositor: String, offersFrom minimumVersion: [Int],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let offered = WaylandDebugRequests.advertised("wp_cursor_shape_manager_v1", in: client.logURL)
    if let version = toolVersion(compositor), !version.lexicographicallyPrecedes(minimumVersion) {
      #expect(
        offered, "\(compositor) \(version) did not offer wp_cursor_shape_manager_v1",
        sourceLocation: sourceLocation)
    }
    if offered {
      let requests = try WaylandDebugRequests.wait(for: client) { $0.cursorShapes().suffix(4) == shapes[...] }
      #expect(
        requests.cursorShapes().suffix(4) == shapes[...], "shapes set, in order: \(requests.cursorShapes())",
        sourceLocation: sourceLocation)
      #expect(
        requests.lines.contains { $0.contains(".get_pointer(new id wp_cursor_shape_device_v1@") },
        sourceLocation: sourceLocation)
      #expect(
        requests.cursorSets == 0, "wl_pointer.set_cursor sent \(requests.cursorSets) times as well",
        sourceLocation: sourceLocation)
    } else {
      let requests = try WaylandDebugRequests.wait(for: client) {
        EndToEnd.ScaleTests.handAgain($0.cursorBuffers())
      }
      #expect(
        EndToEnd.ScaleTests.handAgain(requests.cursorBuffers()),
        "cursor buffers in order: \(requests.cursorBuffers())", sourceLocation: sourceLocation)
      #expect(requests.cursorShapes().isEmpty, sourceLocation: sourceLocation)
    }
  }
}
