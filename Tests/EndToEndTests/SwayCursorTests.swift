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
}
