/// A key press or release, translated through the compositor's keymap by xkbcommon.
public struct KeyEvent: Sendable, Equatable {
  /// Modifier keys held when the key changed.
  public struct Modifiers: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates modifiers from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Control.
    public static let control = Modifiers(rawValue: 1 << 1)
    /// Alt (xkb's Mod1).
    public static let alt = Modifiers(rawValue: 1 << 2)
    /// The logo ("super") key (xkb's Mod4).
    public static let logo = Modifiers(rawValue: 1 << 3)
  }

  /// The xkb keysym name, e.g. "Escape", "q", "Q", "Tab", "Alt_L".
  public var name: String
  /// The text the key types with the current modifiers ("" for none).
  public var text: String
  /// The Linux evdev key code.
  public var code: UInt32
  /// True on press, false on release.
  public var isPressed: Bool
  /// Modifiers in effect.
  public var modifiers: Modifiers
  /// Seconds on the app clock.
  public var time: Double

  /// Creates a key event.
  public init(
    name: String, text: String, code: UInt32, isPressed: Bool, modifiers: Modifiers, time: Double
  ) {
    self.name = name
    self.text = text
    self.code = code
    self.isPressed = isPressed
    self.modifiers = modifiers
    self.time = time
  }
}
