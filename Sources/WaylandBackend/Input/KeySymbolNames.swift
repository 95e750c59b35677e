import CXKBCommon

/// The names of keys as xkbcommon spells them (`Escape`, `Tab`, `q`, `Alt_R`, `XF86AudioPlay`):
/// the names a live run's keyboard reports and a trace's `key` lines must use.
public enum KeySymbolNames {
  /// Whether xkbcommon knows `name` exactly (case matters: `q` and `Q` are different keys).
  public static func isKnown(_ name: String) -> Bool {
    xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS) != 0
  }

  /// The name of the key `name` spells in another case (`escape` → `Escape`), or nil when
  /// it spells none, or that one exactly.
  public static func caseCorrected(_ name: String) -> String? {
    let folded = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE)
    guard folded != 0, let spelled = self.name(of: folded), spelled != name else { return nil }
    return spelled
  }

  /// Every named keysym of the Latin-1, function-key and XF86 ranges (the names a keyboard
  /// reports; Unicode keysyms are named `U` and a hex code point, and spelled as such).
  public static let allNames: [String] = {
    var names: [String] = []
    for sym in UInt32(0x20)...0xFFFF {
      if let spelled = name(of: sym), !spelled.hasPrefix("0x") { names.append(spelled) }
    }
    for sym in UInt32(0x1008_FF00)...0x1008_FFFF {
      if let spelled = name(of: sym), !spelled.hasPrefix("0x") { names.append(spelled) }
    }
    return names
  }()

  /// xkbcommon's name of `sym`.
  private static func name(of sym: xkb_keysym_t) -> String? {
    var buffer = [CChar](repeating: 0, count: 64)
    guard xkb_keysym_get_name(sym, &buffer, buffer.count) > 0 else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
  }
}
