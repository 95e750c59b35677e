import CairoRenderer
import GestureKit

extension Image {
  /// Channel levels a repair or a layer may differ by from a full repaint: cairo anti-aliases
  /// a shape crossing a clip's edge, or composites a layer's pixels, with its own roundings.
  public static let tolerance = 2

  /// How many pixels differ from `other` (of the same size) by more than `tolerance` levels
  /// in a channel, where the first one is, and the largest difference in a channel; nil when
  /// none does.
  public func difference(from other: Image, tolerance: Int = Image.tolerance) -> (
    count: Int, x: Int, y: Int, levels: Int
  )? {
    let (mine, theirs) = (words, other.words)
    var count = 0
    var first: Int?
    var levels = 0
    for index in mine.indices where mine[index] != theirs[index] {
      let (a, b) = (mine[index], theirs[index])
      var most = 0
      for shift: UInt32 in [0, 8, 16, 24] {
        let one = Int((a >> shift) & 0xff)
        let two = Int((b >> shift) & 0xff)
        most = max(most, abs(one - two))
      }
      guard most > tolerance else { continue }
      count += 1
      levels = max(levels, most)
      if first == nil { first = index }
    }
    guard let first else { return nil }
    return (count, first % buffer.width, first / buffer.width, levels)
  }

  /// Whether two premultiplied ARGB words are within `tolerance` levels in every channel.
  public static func isClose(_ a: UInt32, _ b: UInt32, tolerance: Int = Image.tolerance) -> Bool {
    for shift: UInt32 in [0, 8, 16, 24] {
      let one = Int((a >> shift) & 0xff)
      let two = Int((b >> shift) & 0xff)
      if abs(one - two) > tolerance { return false }
    }
    return true
  }

  /// cairo's full repaint of `window` over `background` at `scale`, by a fresh renderer: the
  /// picture every repair and every layer is compared with.
  public static func cairoReference(of window: Window, background: Color, scale: Double) -> Image {
    let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
    Renderer().render(window, background: background, into: image.buffer, scale: scale)
    return image
  }

  /// Where a repair of `damage` over a full repaint of `window` differs from cairo's full
  /// repaint at `scale` by more than the tolerance; nil when it does not.
  public static func repairDifference(
    background: Color, _ window: Window, scale: Double, damage: [Rect]
  ) -> (count: Int, x: Int, y: Int, levels: Int)? {
    let reference = cairoReference(of: window, background: background, scale: scale)
    let image = Image(width: reference.width, height: reference.height)
    let renderer = Renderer()
    renderer.render(window, background: background, into: image.buffer, scale: scale)
    renderer.render(window, background: background, into: image.buffer, scale: scale, damage: damage)
    return image.difference(from: reference)
  }
}
