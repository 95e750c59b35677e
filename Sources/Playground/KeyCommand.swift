import GestureKit

/// What a key does in the playground, live or replayed: the same keys act the same way in
/// both, so a recorded session replays to the same event log.
///
/// | key | command |
/// | --- | --- |
/// | Esc | ``cancelTouches`` |
/// | R (Shift allowed, no other modifier) | ``rebuildScene`` |
/// | Ctrl+Q (Shift allowed) | ``quit`` |
///
/// Only presses count; releases and every other key do nothing.
public enum KeyCommand: Equatable, Sendable {
  /// Cancels every touch in progress, as a system cancel (`wl_touch.cancel`) would: views
  /// get `touchesCancelled`, recognizers in progress are cancelled, the others fail.
  case cancelTouches
  /// Cancels every touch, then builds the scene afresh from its description.
  case rebuildScene
  /// Ends the session: a live run quits, a replay skips the rest of its trace.
  case quit

  /// The command `key` stands for, or nil.
  public init?(_ key: KeyPress) {
    guard key.isPressed else { return nil }
    let letter = key.name.lowercased()
    if key.name == "Escape" {
      self = .cancelTouches
    } else if letter == "q", key.modifiers.contains(.control) {
      self = .quit
    } else if letter == "r", key.modifiers.subtracting(.shift).isEmpty {
      self = .rebuildScene
    } else {
      return nil
    }
  }
}
