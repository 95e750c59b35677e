import GestureKit

/// What a key does in the playground, live or replayed: the same keys act the same way in
/// both, so a recorded session replays to the same event log.
///
/// | key | command |
/// | --- | --- |
/// | Esc | ``cancelTouches`` |
/// | R (Shift allowed, no other modifier) | ``rebuildScene`` |
/// | Ctrl+Q (Shift allowed) | ``quit`` |
/// | Tab | ``nextScene`` |
/// | Shift+Tab (xkb's `ISO_Left_Tab`, or `Tab` with Shift) | ``previousScene`` |
/// | 1 ... 9, 0 (no modifier) | ``selectScene(_:)`` 0 ... 9: the first ten tabs of the picker (``digit(of:)``) |
/// | D (Shift allowed, no other modifier) | ``toggleOverlay`` |
/// | T (Shift allowed, no other modifier) | ``toggleTimeline`` |
/// | F11 (no modifier) | ``toggleFullscreen`` |
/// | Down, Up (no modifier) | ``nextMenuItem``, ``previousMenuItem`` |
/// | Return, keypad Enter (no modifier) | ``chooseMenuItem`` |
///
/// Only presses count; releases and every other key do nothing. A held key repeats (at the
/// desktop's rate) only for the commands where that means something: Tab and Shift+Tab, which
/// step through the scenes while held, and Down and Up, which step through an open menu. A
/// repeated press of any other key does nothing, so Esc, R, D, T, the digits, Return and
/// Ctrl+Q act once per press (``repeats(keyNamed:)``).
public enum KeyCommand: Equatable, Sendable {
  /// Cancels every touch in progress, as a system cancel (`wl_touch.cancel`) would: views
  /// get `touchesCancelled`, recognizers in progress are cancelled, the others fail. An open
  /// menu (the `menu` behaviour's) closes.
  case cancelTouches
  /// Cancels every touch, then builds the scene afresh from its description.
  case rebuildScene
  /// Ends the session: a live run quits, a replay skips the rest of its trace.
  case quit
  /// Shows the scene of the picker's next tab (after the last comes the first).
  case nextScene
  /// Shows the scene of the picker's previous tab (before the first comes the last).
  case previousScene
  /// Shows the scene of the picker's tab at this index (0 for key 1, ..., 9 for key 0); an
  /// index past the last tab does nothing.
  case selectScene(Int)
  /// Shows or hides the debug overlay (``DebugOverlayView``).
  case toggleOverlay
  /// Shows or hides the live timeline of the last seconds (``TimelinePanelView``).
  case toggleTimeline
  /// Asks the desktop to make the window fullscreen, or to leave fullscreen. Live only: a
  /// replay does nothing (the trace holds the F11 key, not the compositor's answer, and the
  /// scene stays at the window's top-left whatever its size, so the log is the same).
  case toggleFullscreen
  /// Lights the next item of the open menu (the `menu` behaviour's), after the last the
  /// first; with none lit, the first. Does nothing when no menu is open.
  case nextMenuItem
  /// Lights the previous item of the open menu, before the first the last; with none lit,
  /// the last. Does nothing when no menu is open.
  case previousMenuItem
  /// Chooses the lit item of the open menu, as a tap on it does. Does nothing when no menu is
  /// open or no item is lit.
  case chooseMenuItem

  /// Whether a held key of this keysym name should repeat: Tab (also as `ISO_Left_Tab`), Down
  /// and Up.
  public static func repeats(keyNamed name: String) -> Bool {
    name == "Tab" || name == "ISO_Left_Tab" || name == "Down" || name == "Up"
  }

  /// The command `key` stands for, or nil (also for a repeat of a key that does not repeat).
  public init?(_ key: KeyPress) {
    guard key.isPressed, !key.isRepeat || Self.repeats(keyNamed: key.name) else { return nil }
    let letter = (key.latinName ?? key.name).lowercased()
    let onlyShift = key.modifiers.subtracting(.shift).isEmpty
    if key.name == "Escape" {
      self = .cancelTouches
    } else if letter == "q", key.modifiers.contains(.control) {
      self = .quit
    } else if letter == "r", onlyShift {
      self = .rebuildScene
    } else if letter == "d", onlyShift {
      self = .toggleOverlay
    } else if letter == "t", onlyShift {
      self = .toggleTimeline
    } else if key.name == "F11", key.modifiers.isEmpty {
      self = .toggleFullscreen
    } else if key.name == "Tab", onlyShift {
      self = key.modifiers.contains(.shift) ? .previousScene : .nextScene
    } else if key.name == "ISO_Left_Tab", onlyShift {
      self = .previousScene
    } else if key.modifiers.isEmpty, key.name == "Down" || key.name == "Up" {
      self = key.name == "Down" ? .nextMenuItem : .previousMenuItem
    } else if key.modifiers.isEmpty, key.name == "Return" || key.name == "KP_Enter" {
      self = .chooseMenuItem
    } else if key.modifiers.isEmpty, let digit = Self.digit(of: key) {
      self = .selectScene(digit == 0 ? 9 : digit - 1)
    } else {
      return nil
    }
  }

  /// The digit `key` stands for: its own keysym's ("1"), the keypad's ("KP_1", with Num Lock
  /// on), or, on a layout with the digits on the Shift level (French AZERTY, whose digit row
  /// makes "ampersand", "eacute"... and the digits with Shift), the one it makes with Shift,
  /// so that the key with "1" on it is 1 on every layout.
  static func digit(of key: KeyPress) -> Int? {
    func digit(_ name: Substring) -> Int? { name.count == 1 ? Int(name) : nil }
    let own = key.name.hasPrefix("KP_") ? key.name.dropFirst(3) : Substring(key.name)
    return digit(own) ?? key.shiftedName.flatMap { digit(Substring($0)) }
  }
}
