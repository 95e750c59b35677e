import Foundation
import Testing

extension EndToEnd.SwayHeadlessTests {
  /// The cursor along a mouse drag on sway: named by shape where sway offers
  /// `wp_cursor_shape_manager_v1` (wlroots 0.17, sway 1.9 and later: Debian 13's 1.10), so
  /// that sway draws its own theme at its own size; drawn from the theme where it does not
  /// (Debian 12's 1.7).
  @Test(
    "the cursor is an arrow, an open hand over a card, a closed hand while dragging: by shape where offered")
  func cursorAlongDrag() throws {
    try Self.withCardsAndPointer { _, app, card, pointer in
      // The background 20 scene points above the green card (the red card ends left of its
      // middle), then the card's middle, a drag to the right, and the release.
      let scale = Double(card.maxX - card.minX + 1) / Double(Self.cardSize.width)
      let middle = (x: (card.minX + card.maxX) / 2, y: (card.minY + card.maxY) / 2)
      try pointer.move(toX: middle.x, y: card.minY - Int((20 * scale).rounded()))
      try pointer.roundtrip()
      try pointer.drag(from: middle, to: (middle.x + Int((120 * scale).rounded()), middle.y))
      try CursorAlongDrag.expect(of: app, compositor: "sway", offersFrom: [1, 9])
      #expect(app.isRunning, "the app ended: \(app.logTail(maxLines: 20))")
    }
  }

  /// The mouse unplugged in the middle of a drag: the seat loses its pointer, the app lets
  /// its `wl_pointer` (and the shape device made for it) go, and a mouse plugged in again
  /// gets its cursor as before, through a new shape device where sway offers them.
  @Test("a mouse unplugged mid-drag and another plugged in: the app lives on and sets the new one's cursor")
  func cursorAfterUnplug() throws {
    try Self.withCardsAndPointer { sway, app, card, pointer in
      let middle = (x: (card.minX + card.maxX) / 2, y: (card.minY + card.maxY) / 2)
      try pointer.move(toX: middle.x, y: middle.y)
      try pointer.roundtrip()
      try pointer.button(pressed: true)
      try pointer.move(toX: middle.x + 30, y: middle.y)
      try pointer.roundtrip()
      pointer.close()
      try sway.waitForLog(of: app, timeout: .seconds(3)) {
        $0.contains("wl_pointer@") && $0.contains(".release()")
      }

      let second = try VirtualPointer(
        socketPath: sway.socketPath, width: SwaySession.outputWidth, height: SwaySession.outputHeight)
      defer { second.close() }
      try sway.waitForLog(of: app, timeout: .seconds(3)) { text in
        text.components(separatedBy: ".get_pointer(new id wl_pointer@").count == 3
      }
      // Onto the background above the card, then onto the card: the arrow, then the open hand.
      try second.move(toX: middle.x, y: card.minY - 10)
      try second.roundtrip()
      try second.move(toX: middle.x + 30, y: middle.y)
      try second.roundtrip()
      let offered = WaylandDebugRequests.advertised("wp_cursor_shape_manager_v1", in: app.logURL)
      if offered {
        let requests = try WaylandDebugRequests.wait(for: app) { $0.cursorShapes().suffix(2) == [1, 16] }
        #expect(
          requests.cursorShapes().suffix(2) == [1, 16], "shapes set, in order: \(requests.cursorShapes())")
        let devices = requests.lines.filter { $0.contains(".get_pointer(new id wp_cursor_shape_device_v1@") }
        let destroyed = requests.lines.contains {
          $0.contains("wp_cursor_shape_device_v1@") && $0.contains(".destroy()")
        }
        #expect(
          devices.count == 2 && destroyed, "shape devices made: \(devices.count), one destroyed: \(destroyed)"
        )
      } else {
        let requests = try WaylandDebugRequests.wait(for: app) { $0.cursorSets >= 2 }
        #expect(requests.cursorSets >= 2, "cursor set \(requests.cursorSets) times")
      }
      #expect(app.isRunning, "the app ended: \(app.logTail(maxLines: 20))")
    }
  }
}
