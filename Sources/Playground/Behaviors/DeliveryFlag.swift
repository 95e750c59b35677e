import GestureKit

/// One of a recognizer's touch-delivery flags, as the `flag` behaviour names it.
public enum DeliveryFlag: String, CaseIterable, Equatable, Sendable {
  /// `cancelsTouchesInView`.
  case cancelsTouchesInView
  /// `delaysTouchesBegan`.
  case delaysTouchesBegan
  /// `delaysTouchesEnded`.
  case delaysTouchesEnded

  /// The flag's value on `recognizer`.
  func value(of recognizer: GestureRecognizer) -> Bool {
    switch self {
    case .cancelsTouchesInView: recognizer.cancelsTouchesInView
    case .delaysTouchesBegan: recognizer.delaysTouchesBegan
    case .delaysTouchesEnded: recognizer.delaysTouchesEnded
    }
  }

  /// Sets the flag on `recognizer`.
  func set(_ value: Bool, on recognizer: GestureRecognizer) {
    switch self {
    case .cancelsTouchesInView: recognizer.cancelsTouchesInView = value
    case .delaysTouchesBegan: recognizer.delaysTouchesBegan = value
    case .delaysTouchesEnded: recognizer.delaysTouchesEnded = value
    }
  }
}
