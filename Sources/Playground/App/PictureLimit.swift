/// The largest picture the program writes (a `--snapshot`; a `--timeline` is laid out to fit):
/// the limits of the images it reads, so that one picture takes at most 160 MB to draw, and
/// well inside cairo's 32767 pixels a side.
enum PictureLimit {
  /// The longest side, in pixels.
  static let maximumSide = 16_384
  /// The most pixels.
  static let maximumPixels = 40_000_000

  /// Why a `width` x `height` picture is not drawn, in words, or nil when it fits.
  static func refusal(width: Int, height: Int) -> String? {
    guard width > maximumSide || height > maximumSide || width * height > maximumPixels else { return nil }
    return "the picture would be \(width)x\(height) pixels, over the limit of \(maximumSide) pixels a side "
      + "and \(maximumPixels / 1_000_000) megapixels"
  }
}
