/// The part of a layer's buffer its viewport shows (`wp_viewport.set_source`, viewporter
/// version 1), in buffer pixels at a fraction of one: a picture shown a fraction of a pixel
/// from where whole logical pixels would put it, or at a size whole logical pixels cannot
/// give, resampled by the compositor (`LayerPlan.Shown`).
struct LayerSource: Equatable {
  /// The left edge, buffer pixels.
  var x: Double
  /// The top edge, buffer pixels.
  var y: Double
  /// The width, buffer pixels.
  var width: Double
  /// The height, buffer pixels.
  var height: Double

  /// The rectangle in `wl_fixed_t` (1/256 of a pixel), rounded down and cut so that it stays
  /// inside a buffer of `bufferWidth` x `bufferHeight` pixels (the compositor raises
  /// `out_of_buffer` past it); nil when nothing of it would be left.
  func fixed(bufferWidth: Int, bufferHeight: Int) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
    func units(_ value: Double) -> Int64? {
      guard value.isFinite, abs(value) < Double(Int32.max / 512) else { return nil }
      return Int64((value * 256).rounded(.down))
    }
    guard x.isFinite, y.isFinite, let left = units(max(0, x)), let top = units(max(0, y)),
      let wide = units(width),
      let high = units(height)
    else { return nil }
    let across = min(wide, Int64(bufferWidth) * 256 - left)
    let down = min(high, Int64(bufferHeight) * 256 - top)
    guard across > 0, down > 0 else { return nil }
    return (Int32(left), Int32(top), Int32(across), Int32(down))
  }
}
