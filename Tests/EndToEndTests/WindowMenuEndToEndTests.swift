import Foundation
import Testing

extension EndToEnd.DecorationTests {
  /// `xdg_toplevel.wm_capabilities` (xdg-shell 5): Weston 14's desktop-shell sends it with
  /// maximise, fullscreen and minimise and no window menu (a 12-byte array, and the bar keeps
  /// its three buttons there); Weston 10 binds xdg-shell 3, has no such event, and everything
  /// is assumed.
  @Test("A right click on the title bar asks for the window menu only where the compositor has one")
  func windowMenuWhereOffered() throws {
    try withApp { session, client, content in
      _ = try session.capture { Self.titleBarShown(above: content, in: $0) }
      // A right click on the title bar, then a left press there: once the press's move is
      // asked for, the right click has been handled.
      let bar = ScreenPoint(Double(content.x + 300), Double(content.y - 16))
      try session.injector.run([
        "pointer-motion \(bar)", "pointer-frame", "pointer-button right pressed", "pointer-frame",
        "pointer-button right released", "pointer-frame", "pointer-button left pressed", "pointer-frame",
      ])
      _ = try Self.waitForRequest(".move(", in: client)
      try session.injector.run(["pointer-button left released", "pointer-frame"])
      let log = (try? WaylandDebugLog.text(of: client.logURL)) ?? ""
      let events = log.split(separator: "\n").filter { !$0.contains(" -> ") }
      let told = events.contains { $0.contains("xdg_toplevel@") && $0.contains(".wm_capabilities(") }
      let asked = Self.requests(in: client).contains { $0.contains(".show_window_menu(") }
      if told {
        #expect(!asked, "show_window_menu sent to a compositor that offers no window menu")
      } else {
        #expect(asked, "no show_window_menu for the right click")
      }
      if let major = WestonSession.majorVersion, major >= 14 {
        #expect(told, "Weston \(major) sent no wm_capabilities")
      }
    }
  }
}
