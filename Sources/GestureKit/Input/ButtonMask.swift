/// The buttons of a pointer (UIKit's `UIEvent.ButtonMask`): which button pressed a pointer's
/// touch (``Touch/buttonMask``), and which a tap needs
/// (``TapGestureRecognizer/buttonMaskRequired``).
///
/// The primary button is the one the compositor reports as `BTN_LEFT` (a left-handed mouse
/// is swapped by the compositor before that), the secondary `BTN_RIGHT`.
public struct ButtonMask: OptionSet, Hashable, Sendable {
  /// Bit `n - 1` for one-based button `n`.
  public let rawValue: Int

  /// A mask of the buttons whose bits are set in `rawValue`.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The primary button (left, for a right-handed mouse).
  public static let primary = ButtonMask(rawValue: 1 << 0)
  /// The secondary button (right, for a right-handed mouse): the one for context menus.
  public static let secondary = ButtonMask(rawValue: 1 << 1)

  /// The mask of one Linux input button code: `BTN_LEFT` is ``primary``, `BTN_RIGHT`
  /// ``secondary``; nil for any other button (the middle one, side buttons).
  public init?(linuxButton code: UInt32) {
    switch code {
    case SeatEvent.leftButton: self = .primary
    case SeatEvent.rightButton: self = .secondary
    default: return nil
    }
  }
}
