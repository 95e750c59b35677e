import Glibc

/// How far one step (detent) of a mouse wheel scrolls the playground's scroll views: the
/// `scrollStrip` behaviour's strip and the window's scene strip, through their pans'
/// `wheelStepDistance`.
///
/// GTK's rule: a wheel step scrolls a scrolled window or a range by its page's size (the
/// visible length along the scroll) to the power 2/3 (`cbrt(page * page)`), 82 px for a 740
/// px page, 54 px for a 400 px one. The compositor's own distance, 10 or 15 px a step, would
/// take 50 steps to cross a strip that GTK crosses in 9.
enum WheelStep {
  /// The power of the page's size that one step scrolls.
  static let pagePower = 2.0 / 3.0

  /// The distance one step scrolls a view whose page is `page` long; nil for a page that is
  /// not finite and positive (the compositor's distance is used).
  static func distance(page: Double) -> Double? {
    guard page.isFinite, page > 0 else { return nil }
    return pow(page, pagePower)
  }
}
