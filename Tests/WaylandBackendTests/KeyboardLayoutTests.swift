import CXKBCommon
import Glibc
import Testing

@testable import WaylandBackend

/// What ``KeyboardDevice`` reads of a key besides its keysym, for the app's keys to work on
/// every layout: the digit on its Shift level (French AZERTY) and its letter in a Latin layout
/// of the keymap (a Russian layout active next to a US one). Keymaps are compiled by
/// xkbcommon from the system's layouts (xkb-data, which libxkbcommon depends on).
@Suite("Keyboard: a key's digit and Latin letter on other levels and layouts")
struct KeyboardLayoutTests {
  /// What a press of evdev key `code` is, with no modifier held, in the keymap of `layouts`
  /// (xkb's comma-separated list) with layout `active` on: its keysym name, the digit it makes
  /// with Shift and its Latin letter, as the device reads them.
  private func press(_ code: UInt32, layouts: String, active: UInt32 = 0) throws -> [String?] {
    let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
    defer { xkb_context_unref(context) }
    let compiled = layouts.withCString { layoutNames in
      var names = xkb_rule_names()
      names.layout = layoutNames
      return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }
    let keymap = try #require(compiled, "xkbcommon cannot compile the layouts \(layouts)")
    defer { xkb_keymap_unref(keymap) }
    let state = try #require(xkb_state_new(keymap))
    defer { xkb_state_unref(state) }
    xkb_state_update_mask(state, 0, 0, 0, 0, 0, active)
    let xkbCode = code + 8
    let name = KeyboardDevice.name(state: state, xkbCode: xkbCode)
    return [
      name, KeyboardDevice.shiftedDigit(keymap: keymap, state: state, xkbCode: xkbCode, name: name),
      KeyboardDevice.latinLetter(keymap: keymap, state: state, xkbCode: xkbCode),
    ]
  }

  // evdev codes: KEY_1 is 2, KEY_2 is 3, KEY_0 is 11, KEY_Q is 16, KEY_T is 20.

  @Test("French and Belgian AZERTY: the digit row's keys carry their digit")
  func azerty() throws {
    for layout in ["fr", "be"] {
      #expect(try press(2, layouts: layout) == ["ampersand", "1", nil], "\(layout)")
      #expect(try press(3, layouts: layout) == ["eacute", "2", nil], "\(layout)")
      #expect(try press(11, layouts: layout) == ["agrave", "0", nil], "\(layout)")
      #expect(try press(16, layouts: layout) == ["a", nil, nil], "\(layout)")
    }
  }

  @Test("where the digits need no Shift (US, German), nothing more is carried")
  func digitsUnshifted() throws {
    for layout in ["us", "de"] {
      #expect(try press(2, layouts: layout) == ["1", nil, nil], "\(layout)")
      #expect(try press(11, layouts: layout) == ["0", nil, nil], "\(layout)")
      #expect(try press(16, layouts: layout) == ["q", nil, nil], "\(layout)")
    }
  }

  @Test("US and Russian: with Russian active, a letter key carries its US letter; with US active, nothing")
  func latinLetter() throws {
    #expect(try press(16, layouts: "us,ru", active: 1) == ["Cyrillic_shorti", nil, "q"])
    #expect(try press(20, layouts: "us,ru", active: 1) == ["Cyrillic_ie", nil, "t"])
    #expect(try press(16, layouts: "us,ru", active: 0) == ["q", nil, nil])
    // The digit row makes digits in both: nothing more.
    #expect(try press(2, layouts: "us,ru", active: 1) == ["1", nil, nil])
    // Russian alone has no Latin letter to offer.
    #expect(try press(16, layouts: "ru") == ["Cyrillic_shorti", nil, nil])
  }

  @Test("a keymap is read up to the file's end, whatever size the compositor claims")
  func keymapSizeClaimed() throws {
    let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
    defer { xkb_context_unref(context) }
    var names = xkb_rule_names()
    let us = try #require(
      "us".withCString { layout in
        names.layout = layout
        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
      })
    defer { xkb_keymap_unref(us) }
    let textPointer = try #require(xkb_keymap_get_as_string(us, XKB_KEYMAP_FORMAT_TEXT_V1))
    let text = String(cString: textPointer)
    free(textPointer)

    var template = Array("/tmp/gp-keymap-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    try #require(fd >= 0)
    defer {
      close(fd)
      unlink(template)
    }
    // The text and its NUL, as a compositor writes it; claimed 1 MiB bigger than it is.
    let bytes = Array(text.utf8) + [0]
    #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
    for claimed in [UInt32(bytes.count), UInt32(bytes.count + (1 << 20))] {
      let compiled = try #require(
        KeyboardDevice.compileKeymap(fd: fd, size: claimed, context: context), "claimed \(claimed)")
      #expect(xkb_keymap_num_layouts(compiled) == 1)
      xkb_keymap_unref(compiled)
    }
    // An empty file claimed to hold 4 KiB: nothing to compile, and no fault.
    #expect(ftruncate(fd, 0) == 0)
    #expect(KeyboardDevice.compileKeymap(fd: fd, size: 4096, context: context) == nil)
  }
}
