/// Modifier keys held down, as tracked from key events by keysym name.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Creates modifiers from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// Shift_L or Shift_R.
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  /// Control_L or Control_R.
  public static let control = KeyModifiers(rawValue: 1 << 1)
  /// Alt_L or Alt_R (also Meta_L/Meta_R).
  public static let alt = KeyModifiers(rawValue: 1 << 2)
  /// Super_L or Super_R (the logo key).
  public static let logo = KeyModifiers(rawValue: 1 << 3)

  /// The modifier a keysym name stands for, if it is a modifier key.
  public static func modifier(forKeyNamed name: String) -> KeyModifiers? {
    switch name {
    case "Shift_L", "Shift_R": return .shift
    case "Control_L", "Control_R": return .control
    case "Alt_L", "Alt_R", "Meta_L", "Meta_R": return .alt
    case "Super_L", "Super_R": return .logo
    default: return nil
    }
  }
}

/// A key press or release with the modifiers held at that moment.
public struct KeyPress: Equatable, Sendable {
  /// The xkb keysym name, e.g. "Escape", "q", "Q", "Tab".
  public var name: String
  /// True on press, false on release.
  public var isPressed: Bool
  /// The modifiers held when the key changed (a modifier key's own change excluded).
  public var modifiers: KeyModifiers
  /// Seconds on the window's clock.
  public var time: Double

  /// Creates a key press.
  public init(name: String, isPressed: Bool, modifiers: KeyModifiers, time: Double) {
    self.name = name
    self.isPressed = isPressed
    self.modifiers = modifiers
    self.time = time
  }
}
