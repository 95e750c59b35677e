import Foundation
import Testing

extension EndToEnd.MutterEndToEndTests {
  /// The cursor along a mouse drag on mutter: named by shape where mutter offers
  /// `wp_cursor_shape_manager_v1` (Debian 13's mutter 48), so that the desktop's theme and
  /// size are shown, which GNOME does not tell clients through `XCURSOR_THEME` or
  /// `XCURSOR_SIZE`; drawn from the theme where it does not (Debian 12's mutter 43).
  @Test(
    "The cursor is an arrow, an open hand over a card, a closed hand while dragging: by shape where offered")
  func cursorAlongDrag() throws {
    let app = try RepositoryLayout.appExecutable()
    try MutterSession.with(width: 1024, height: 768) { session in
      let client = try session.launchClient(
        app, arguments: ["run", "--scene", "cards"], environment: ["WAYLAND_DEBUG": "client"],
        name: "gesture-playground")
      let shown = try session.capture { EndToEnd.SwayHeadlessTests.greenCard(in: $0) != nil }
      let card = try #require(EndToEnd.SwayHeadlessTests.greenCard(in: shown), "no green card")
      // The background 20 px above the green card (the red card ends left of its middle),
      // the card's middle, a drag to the right, and the release.
      let middle = (x: (card.minX + card.maxX) / 2, y: (card.minY + card.maxY) / 2)
      var commands = ["motion \(middle.x) \(card.minY - 20)", "wait 200", "motion \(middle.x) \(middle.y)"]
      commands += ["wait 200", "button 272 pressed", "wait 100"]
      commands += (1...6).flatMap { ["motion \(middle.x + 20 * $0) \(middle.y)", "wait 50"] }
      commands += ["button 272 released", "wait 300"]
      try session.drive(commands)
      try CursorAlongDrag.expect(of: client, compositor: "mutter", offersFrom: [48])
    }
  }
}
