import GestureKit

/// A rectangle of whole buffer pixels (columns `x0..<x1`, rows `y0..<y1`), for the damage a
/// commit reports.
struct BufferRect: Equatable {
  var x0: Int
  var y0: Int
  var x1: Int
  var y1: Int

  /// Whether it holds no pixel.
  var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

  /// The buffer pixels holding `rect` (window coordinates) at `scale`, within a buffer of
  /// `width` x `height`: `rect` rounded out to multiples of ``exactStep(for:)`` logical pixels,
  /// scaled (to whole buffer pixels). Its edges are then whole pixels both in logical and in
  /// buffer coordinates, so a compositor converting the damage between the two, whichever way
  /// it rounds, cannot leave out a pixel that changed. (Rounded to whole logical pixels only,
  /// an edge at 1.25 falls between buffer pixels, and a compositor that rounds the damage
  /// inward both ways, as KWin does, loses the row or column it cuts.)
  init(outside rect: Rect, scale: Double, width: Int, height: Int) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite, !rect.isEmpty
    else {
      self.init(x0: 0, y0: 0, x1: 0, y1: 0)
      return
    }
    let step = Self.exactStep(for: scale)
    let limit = (x: Double(width), y: Double(height))
    func clamped(_ value: Double, _ high: Double) -> Int { Int(min(high, max(0, value))) }
    func down(_ value: Double) -> Double { ((value / step).rounded(.down) * step * scale).rounded(.down) }
    func up(_ value: Double) -> Double { ((value / step).rounded(.up) * step * scale).rounded(.up) }
    self.init(
      x0: clamped(down(rect.minX), limit.x), y0: clamped(down(rect.minY), limit.y),
      x1: clamped(up(rect.maxX), limit.x), y1: clamped(up(rect.maxY), limit.y))
  }

  /// The fewest whole logical pixels that are also whole buffer pixels at `scale`: 1 at a
  /// whole scale, 4 at 1.25 (5 buffer pixels), 2 at 1.5, 4 at 1.75, 3 at 4/3. Scales are taken
  /// in 120ths, as `wp_fractional_scale_v1` gives them; a scale that is no 120th, or absurd,
  /// gives 1 (edges on whole logical pixels, then rounded out to buffer pixels).
  static func exactStep(for scale: Double) -> Double {
    let units = scale * 120
    guard units.isFinite, units >= 1, units <= 120_000, abs(units - units.rounded()) < 1e-6 else { return 1 }
    var (a, b) = (Int(units.rounded()), 120)
    while b != 0 { (a, b) = (b, a % b) }
    return Double(120 / a)
  }

  init(x0: Int, y0: Int, x1: Int, y1: Int) {
    (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
  }
}
