import Testing

@testable import WaylandBackend

/// Titles as `xdg_toplevel.set_title` carries them: a Wayland message holds at most 4096
/// bytes, so a longer title would cost the connection.
@Suite("Toplevel titles")
struct ToplevelTitleTests {
  @Test("a short title is sent as it is")
  func short() {
    #expect(Toplevel.protocolTitle("Gesture Playground: Cards") == "Gesture Playground: Cards")
  }

  @Test("a long title is cut at a character boundary with an ellipsis, within the limit")
  func long() {
    for unit in ["a", "é", "日本", "👍🏽"] {
      let title = String(repeating: unit, count: 5000)
      let sent = Toplevel.protocolTitle(title)
      #expect(sent.utf8.count <= Toplevel.maximumTitleBytes, "\(unit)")
      #expect(sent.utf8.count > Toplevel.maximumTitleBytes - 12, "\(unit)")
      #expect(sent.hasSuffix("\u{2026}") && title.hasPrefix(sent.dropLast()), "\(unit)")
    }
  }

  @Test("a NUL would end the C string early: it becomes a space")
  func nul() {
    #expect(Toplevel.protocolTitle("a\0b") == "a b")
  }
}
