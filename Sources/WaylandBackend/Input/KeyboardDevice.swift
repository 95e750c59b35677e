import CWaylandClient
import CXKBCommon
import Glibc

/// `wl_keyboard` (core protocol, seat version 1 or later): a keyboard of one seat, with the
/// compositor's keymap compiled by xkbcommon.
///
/// The keymap arrives as a file descriptor: it is mapped read-only and private, compiled,
/// unmapped, and the descriptor closed. Modifier state follows `modifiers` events through
/// `xkb_state`, so shortcuts work on any layout. A press of a key that makes no digit but
/// has one on its Shift level (the digit row of a French keyboard) also carries that digit
/// (``shiftedDigit(keymap:state:xkbCode:name:)``), so the digit keys work on every layout; a
/// press of a key that makes a letter of another script while another layout of the keymap
/// has a Latin letter on it carries that letter (``latinLetter(keymap:state:xkbCode:)``), so
/// Ctrl+Q, R, D and T work with a Russian or Greek layout active, as GTK's shortcuts do.
///
/// Keys held are remembered with the keysym name they were pressed as, so that the release
/// (and every repeat) carries that same name even if the modifiers changed meanwhile. A held
/// key repeats (``KeyRepeater``, at the `repeat_info` rate and delay) when the keymap lets it
/// and the sink wants it; a repeat is delivered as another press of the key. On keyboard
/// leave, and when the keyboard goes away, every held key is released logically (so Alt or
/// Ctrl never stick after a focus loss) and repeat stops; a new keymap stops repeat too. Keys
/// already down at enter are not acted on, as the protocol recommends.
final class KeyboardDevice {
  private let proxy: OpaquePointer
  private let version: UInt32
  private unowned let sink: InputSink
  private let context: OpaquePointer?
  private var keymap: OpaquePointer?
  private var state: OpaquePointer?
  private var focused = false
  /// The keys down on the focused surface: evdev code to the keysym name at the press.
  private var keysDown: [UInt32: String] = [:]
  private lazy var repeater = KeyRepeater(clock: sink.clock) { [unowned self] code, time in
    repeatKey(code, at: time)
  }

  /// Gets the seat's keyboard object and starts listening.
  init(seat: OpaquePointer, version: UInt32, sink: InputSink) {
    self.proxy = wl_seat_get_keyboard(seat)
    self.version = version
    self.sink = sink
    self.context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
    wl_keyboard_add_listener(proxy, keyboardListener, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    if let state { xkb_state_unref(state) }
    if let keymap { xkb_keymap_unref(keymap) }
    if let context { xkb_context_unref(context) }
    if version >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
  }

  fileprivate func keymap(format: UInt32, fd: Int32, size: UInt32) {
    defer { close(fd) }
    repeater.stop()
    guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let context,
      let compiled = Self.compileKeymap(fd: fd, size: size, context: context)
    else { return }
    if let state { xkb_state_unref(state) }
    if let keymap { xkb_keymap_unref(keymap) }
    keymap = compiled
    state = xkb_state_new(compiled)
  }

  /// The keymap in the descriptor `fd` of a `keymap` event, compiled in `context`: its first
  /// `size` bytes mapped read-only and private, up to the first NUL, but never past the file's
  /// end (a mapping longer than the file faults when read, so a compositor that claims too
  /// large a size would stop the app); nil when there is no keymap text to compile.
  static func compileKeymap(fd: Int32, size: UInt32, context: OpaquePointer) -> OpaquePointer? {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    let length = min(Int(size), Int(info.st_size))
    guard length > 1, let text = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), text != MAP_FAILED else {
      return nil
    }
    defer { munmap(text, length) }
    let bytes = text.assumingMemoryBound(to: CChar.self)
    return xkb_keymap_new_from_buffer(
      context, bytes, strnlen(bytes, length), XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
  }

  fileprivate func enter(surface: OpaquePointer?) {
    focused = Self.focuses(enteredSurface: surface)
  }

  /// Whether `wl_keyboard.enter` on `surface` gives the window the keyboard: on any surface
  /// at all. The compositor sends it only for this client's surfaces, and every one of them
  /// belongs to the one window: its own, the client-side frame's (mutter gives the focus to
  /// the subsurface clicked, the title bar) or a layer's. A null surface (one destroyed
  /// meanwhile) gives nothing.
  static func focuses(enteredSurface surface: OpaquePointer?) -> Bool {
    surface != nil
  }

  fileprivate func leave() {
    releaseAll()
    focused = false
  }

  /// The keyboard is going away while the app goes on: held keys are released logically
  /// and repeat stops.
  func invalidate() {
    releaseAll()
  }

  fileprivate func key(time: UInt32, code: UInt32, pressed: Bool) {
    guard focused, let state, let keymap else { return }
    // evdev codes are offset by 8 in xkb keymaps; a code past the last keycode (a compositor's
    // nonsense) is no key: ignored, not an overflow.
    let (xkbCode, overflow) = code.addingReportingOverflow(8)
    guard !overflow else { return }
    let time = sink.eventTime(milliseconds: time)
    guard pressed else {
      let name = keysDown.removeValue(forKey: code) ?? Self.name(state: state, xkbCode: xkbCode)
      repeater.release(code)
      sink.handle(.key(name: name, pressed: false), at: time)
      return
    }
    let name = Self.name(state: state, xkbCode: xkbCode)
    let shifted = Self.shiftedDigit(keymap: keymap, state: state, xkbCode: xkbCode, name: name)
    let latin = Self.latinLetter(keymap: keymap, state: state, xkbCode: xkbCode)
    keysDown[code] = name
    // A key the keymap lets repeat takes the repeat over (or just ends the previous key's,
    // when the sink does not want it repeated); a modifier leaves the repeat going.
    if xkb_keymap_key_repeats(keymap, xkbCode) != 0 {
      if sink.keyRepeats(name) { repeater.press(code, at: time) } else { repeater.stop() }
    }
    sink.handle(.key(name: name, pressed: true, shifted: shifted, latin: latin), at: time)
  }

  fileprivate func repeatInfo(rate: Int32, delay: Int32) {
    repeater.settings = KeyRepeater.Settings(rate: rate, delay: delay)
  }

  /// A repeat of a held key: another press with the name of the first.
  private func repeatKey(_ code: UInt32, at time: Double) {
    guard focused, let name = keysDown[code] else { return repeater.stop() }
    sink.handle(.key(name: name, pressed: true), at: time)
  }

  /// Stops repeat and releases every held key, in code order, at the latest event time.
  private func releaseAll() {
    repeater.stop()
    guard !keysDown.isEmpty else { return }
    let held = keysDown.sorted { $0.key < $1.key }
    keysDown.removeAll()
    let time = sink.latestEventTime
    for (_, name) in held { sink.handle(.key(name: name, pressed: false), at: time) }
  }

  /// The keysym name of a key in the current state, e.g. "Tab", "q", "Q".
  static func name(state: OpaquePointer, xkbCode: UInt32) -> String {
    let sym = xkb_state_key_get_one_sym(state, xkbCode)
    var nameBuffer = [CChar](repeating: 0, count: 64)
    xkb_keysym_get_name(sym, &nameBuffer, nameBuffer.count)
    return string(nameBuffer)
  }

  /// The digit the key makes at its Shift level in the current layout, when `name` (what it
  /// makes now) is not a digit: "1" for the `ampersand` key of a French (AZERTY) keyboard,
  /// whose digit row has the digits on that level; nil otherwise, so that only such keys
  /// carry it (``SeatEvent/key(name:pressed:shifted:latin:)``).
  static func shiftedDigit(keymap: OpaquePointer, state: OpaquePointer, xkbCode: UInt32, name: String)
    -> String?
  {
    guard !(name.count == 1 && ("0"..."9").contains(name)) else { return nil }
    let layout = xkb_state_key_get_layout(state, xkbCode)
    guard layout != XKB_LAYOUT_INVALID else { return nil }
    var symbols: UnsafePointer<xkb_keysym_t>?
    guard xkb_keymap_key_get_syms_by_level(keymap, xkbCode, layout, 1, &symbols) == 1,
      let symbol = symbols?.pointee, (UInt32(XKB_KEY_0)...UInt32(XKB_KEY_9)).contains(symbol)
    else { return nil }
    return String(symbol - UInt32(XKB_KEY_0))
  }

  /// The Latin letter the key makes, unshifted, in the first other layout of the keymap that
  /// has one on it, when what it makes now is not ASCII: "q" for the key that makes
  /// `Cyrillic_shorti` while the Russian layout of a US and Russian keymap is active; nil
  /// otherwise (also with no Latin layout at all), so that only such keys carry it.
  static func latinLetter(keymap: OpaquePointer, state: OpaquePointer, xkbCode: UInt32) -> String? {
    guard xkb_keysym_to_utf32(xkb_state_key_get_one_sym(state, xkbCode)) > 0x7f else { return nil }
    let current = xkb_state_key_get_layout(state, xkbCode)
    for layout in 0..<xkb_keymap_num_layouts_for_key(keymap, xkbCode) where layout != current {
      var symbols: UnsafePointer<xkb_keysym_t>?
      guard xkb_keymap_key_get_syms_by_level(keymap, xkbCode, layout, 0, &symbols) == 1,
        let symbol = symbols?.pointee, (UInt32(XKB_KEY_a)...UInt32(XKB_KEY_z)).contains(symbol)
      else { continue }
      return String(UnicodeScalar(UInt8(symbol)))
    }
    return nil
  }

  fileprivate func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
    guard let state else { return }
    xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
  }

  /// The text before the first NUL of a C buffer.
  private static func string(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

}

private func device(_ data: UnsafeMutableRawPointer?) -> KeyboardDevice {
  Unmanaged<KeyboardDevice>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let keyboardListener: UnsafeMutablePointer<wl_keyboard_listener> = {
  var listener = wl_keyboard_listener()
  // keymap: the compositor's keymap, as a file descriptor to map.
  listener.keymap = { data, _, format, fd, size in device(data).keymap(format: format, fd: fd, size: size) }
  // enter: keyboard focus arrived on a surface.
  listener.enter = { data, _, _, surface, _ in device(data).enter(surface: surface) }
  // leave: keyboard focus left the surface.
  listener.leave = { data, _, _, _ in device(data).leave() }
  // key: a key was pressed or released (evdev code).
  listener.key = { data, _, _, time, key, state in
    device(data).key(time: time, code: key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
  }
  // modifiers: the modifier and group state changed.
  listener.modifiers = { data, _, _, depressed, latched, locked, group in
    device(data).modifiers(depressed: depressed, latched: latched, locked: locked, group: group)
  }
  // repeat_info (v4): key repeat rate (per second, 0 = none) and delay (milliseconds).
  listener.repeat_info = { data, _, rate, delay in device(data).repeatInfo(rate: rate, delay: delay) }
  return makeListener(listener)
}()
