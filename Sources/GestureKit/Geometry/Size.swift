/// A width and a height in logical pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// A size of `width` by `height`.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The empty size, `0 x 0`.
  public static let zero = Size(width: 0, height: 0)

  /// `WxH`, for logs and test transcripts.
  public var description: String {
    "\(formatCoordinate(width))x\(formatCoordinate(height))"
  }
}
