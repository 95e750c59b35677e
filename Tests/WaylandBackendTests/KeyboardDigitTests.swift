import CXKBCommon
import Testing

@testable import WaylandBackend

/// The digit keys on layouts that put the digits on the Shift level: what ``KeyboardDevice``
/// reads of a key, with keymaps xkbcommon compiles from the system's layouts (xkb-data, which
/// libxkbcommon depends on).
@Suite("Keyboard: the digit a key makes with Shift")
struct KeyboardDigitTests {
  /// What a press of evdev key `code` is, with no modifier held, in `layout`: its keysym name
  /// and the digit it makes with Shift, as the device reads them.
  private func press(_ code: UInt32, layout: String) throws -> (name: String, shifted: String?) {
    let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
    defer { xkb_context_unref(context) }
    let compiled = layout.withCString { layoutName in
      var names = xkb_rule_names()
      names.layout = layoutName
      return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }
    let keymap = try #require(compiled, "xkbcommon cannot compile the layout \(layout)")
    defer { xkb_keymap_unref(keymap) }
    let state = try #require(xkb_state_new(keymap))
    defer { xkb_state_unref(state) }
    let xkbCode = code + 8
    let name = KeyboardDevice.name(state: state, xkbCode: xkbCode)
    return (name, KeyboardDevice.shiftedDigit(keymap: keymap, state: state, xkbCode: xkbCode, name: name))
  }

  // evdev codes: KEY_1 is 2, KEY_2 is 3, KEY_0 is 11, KEY_Q is 16.

  @Test("French and Belgian AZERTY: the digit row's keys carry their digit")
  func azerty() throws {
    for layout in ["fr", "be"] {
      #expect(try press(2, layout: layout) == ("ampersand", "1"), "\(layout)")
      #expect(try press(3, layout: layout) == ("eacute", "2"), "\(layout)")
      #expect(try press(11, layout: layout) == ("agrave", "0"), "\(layout)")
      #expect(try press(16, layout: layout) == ("a", nil), "\(layout)")
    }
  }

  @Test("where the digits need no Shift (US, German), nothing more is carried")
  func digitsUnshifted() throws {
    for layout in ["us", "de"] {
      #expect(try press(2, layout: layout) == ("1", nil), "\(layout)")
      #expect(try press(11, layout: layout) == ("0", nil), "\(layout)")
      #expect(try press(16, layout: layout) == ("q", nil), "\(layout)")
    }
  }
}
