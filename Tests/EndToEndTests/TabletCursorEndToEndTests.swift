import CairoRenderer
import Foundation
import Testing

extension EndToEnd.TabletEndToEndTests {
  /// A pen near the window gets a cursor of its own (`zwp_tablet_tool_v2.set_cursor`, on a
  /// surface that is not the mouse's), chosen as the mouse's is but for what a pen can
  /// drag: the arrow over the canvas and over the card only a finger drags, an open hand
  /// over the pen's card, a closed hand while its tip drags it, the open hand again once
  /// lifted. Its surface goes when the pen leaves. (Weston has no cursor-shape-v1: the
  /// theme's images; sway, KWin and mutter draw the shapes, and their tablets cannot be
  /// injected here.)
  @Test("A pen near the window has its own cursor: open hand on its card, closed while dragging it")
  func penCursor() throws {
    try Self.withPaint(environment: ["WAYLAND_DEBUG": "client"]) { session, client, _ in
      try session.injector.run([
        "tablet-in pen 500 300", "tablet-frame", "tablet-motion 225 555", "tablet-frame", "wait-repaint",
        "tablet-motion 95 555", "tablet-frame", "tablet-down", "tablet-pressure 0.5", "tablet-frame",
      ])
      for step in 1...5 {
        try session.injector.run(["tablet-motion \(95 + 20 * step) 555", "tablet-frame", "wait-repaint"])
      }
      try session.injector.run(["tablet-up", "tablet-frame", "wait-repaint"])
      var tool = try WaylandDebugRequests.wait(for: client) { requests in
        var tool = requests
        tool.cursorOf = "zwp_tablet_tool_v2"
        return EndToEnd.ScaleTests.handAgain(tool.cursorBuffers())
      }
      tool.cursorOf = "zwp_tablet_tool_v2"
      let buffers = tool.cursorBuffers()
      // The arrow, the open hand, the closed hand, the open hand: nothing else in between.
      #expect(
        buffers.count == 4 && EndToEnd.ScaleTests.handAgain(buffers),
        "the pen's cursor buffers in order: \(buffers)")
      #expect(tool.cursorSets >= 1 && tool.cursorCommitted, "the pen's cursor set \(tool.cursorSets) times")
      let mouse = WaylandDebugRequests(client.logURL)
      #expect(
        tool.cursorSurface != nil && tool.cursorSurface != mouse.cursorSurface,
        "the pen's cursor surface \(tool.cursorSurface ?? "none") is the mouse's")
      // The pen leaves: its cursor surface is destroyed.
      try session.injector.run(["tablet-out", "tablet-frame", "wait-repaint"])
      let surface = tool.cursorSurface ?? "none"
      let after = try WaylandDebugRequests.wait(for: client) { requests in
        requests.lines.contains { $0.contains("\(surface).destroy(") }
      }
      #expect(after.lines.contains { $0.contains("\(surface).destroy(") }, "\(surface) was not destroyed")
      #expect(client.isRunning, "the app is gone: \(client.status)")
    }
  }
}
