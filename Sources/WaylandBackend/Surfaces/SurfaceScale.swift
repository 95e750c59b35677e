/// How the window's content goes from logical pixels (what input, layout and the
/// compositor's window geometry use) to buffer pixels (what is drawn): a factor, and the
/// protocol that tells the compositor about it.
///
/// - Integer (`wl_surface.set_buffer_scale`): the buffer is the logical size times the
///   highest scale among the outputs the surface is on.
/// - Fractional (`wp_fractional_scale_v1` with `wp_viewporter`): the buffer is the logical
///   size times the compositor's preferred scale (in 120ths), rounded half away from zero as
///   the protocol says for toplevels; the buffer scale stays 1 and a `wp_viewport` maps the
///   buffer onto the logical size.
///
/// Pure values, so the choice is testable without a compositor.
struct SurfaceScale: Equatable, CustomStringConvertible {
  /// The largest scale used; beyond it a compositor's request is taken as garbage.
  static let maximumFactor = 8
  /// The denominator of `wp_fractional_scale_v1.preferred_scale`.
  static let fractionalDenominator = 120

  /// The scale in 120ths (240 is 2x, 180 is 1.5x).
  let numerator120: Int
  /// True when a `wp_viewport` maps the buffer to the logical size (buffer scale 1); false
  /// when `wl_surface.set_buffer_scale` does.
  let usesViewport: Bool

  /// Integer scaling by `factor` (clamped to 1 ... `maximumFactor`).
  static func integer(_ factor: Int) -> SurfaceScale {
    SurfaceScale(
      numerator120: min(max(factor, 1), maximumFactor) * fractionalDenominator, usesViewport: false)
  }

  /// Fractional scaling by `numerator120` / 120 through a viewport (clamped to 1/120 ...
  /// `maximumFactor`).
  static func fractional(numerator120: Int) -> SurfaceScale {
    SurfaceScale(
      numerator120: min(max(numerator120, 1), maximumFactor * fractionalDenominator), usesViewport: true)
  }

  /// The scale of the surface (`wl_surface.enter` and `leave`), for integer scaling: the
  /// highest scale among the outputs the surface is on, so it is crisp on the sharpest of
  /// them (the compositor scales it down on the others); before the surface has entered any
  /// output, the highest among all outputs (so a single HiDPI monitor gets a crisp first
  /// frame); 1 without outputs.
  static func integerScale(enteredOutputScales: [Int], allOutputScales: [Int]) -> Int {
    let scales = enteredOutputScales.isEmpty ? allOutputScales : enteredOutputScales
    return min(max(scales.max() ?? 1, 1), maximumFactor)
  }

  /// The scaling to use: fractional through a viewport when the compositor offers both
  /// `wp_fractional_scale_manager_v1` and `wp_viewporter`, with its preferred scale once it
  /// sent one (until then the integer scale, through the viewport too, so the method never
  /// switches); integer through the buffer scale otherwise.
  static func select(
    integerScale: Int, preferredFractionalScale: Int?, fractionalAvailable: Bool
  ) -> SurfaceScale {
    guard fractionalAvailable else { return .integer(integerScale) }
    if let preferred = preferredFractionalScale, preferred > 0 {
      return .fractional(numerator120: preferred)
    }
    return .fractional(numerator120: integer(integerScale).numerator120)
  }

  /// Buffer pixels per logical pixel (what the renderer scales cairo by).
  var factor: Double { Double(numerator120) / Double(Self.fractionalDenominator) }

  /// The argument of `wl_surface.set_buffer_scale`: 1 with a viewport, else the factor.
  var bufferScale: Int { usesViewport ? 1 : numerator120 / Self.fractionalDenominator }

  /// The integer scale for the cursor, which is a surface of its own with a buffer scale:
  /// the factor rounded up.
  var cursorScale: Int {
    (numerator120 + Self.fractionalDenominator - 1) / Self.fractionalDenominator
  }

  /// The buffer size for a logical size: times the factor, rounded half away from zero
  /// (exact for integer factors), at least 1x1.
  func bufferSize(logicalWidth: Int, logicalHeight: Int) -> (width: Int, height: Int) {
    (scaled(logicalWidth), scaled(logicalHeight))
  }

  /// `1x`, `2x`, `1.5x (viewport)`.
  var description: String {
    let whole = numerator120 / Self.fractionalDenominator
    let rest = numerator120 % Self.fractionalDenominator
    let number = rest == 0 ? "\(whole)" : "\(factor)"
    return usesViewport ? "\(number)x (viewport)" : "\(number)x"
  }

  private func scaled(_ logical: Int) -> Int {
    let denominator = Self.fractionalDenominator
    return max(1, (max(logical, 0) * numerator120 + denominator / 2) / denominator)
  }
}
