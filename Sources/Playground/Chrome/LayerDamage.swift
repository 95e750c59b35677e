import GestureKit

/// What a window-sized drawing layer (the debug overlay, the two-finger marker) drew last, as
/// boxes, so that a change damages the boxes of what disappeared, moved or changed and of
/// what replaces it, instead of the whole window.
///
/// Each drawn element is an ``Item``: its box (window coordinates, covering every pixel it
/// may touch, anti-aliasing included) and a description of its content (its text, its
/// colour); an element found unchanged in both the old and the new list is not damaged.
struct LayerDamage {
  /// One drawn element.
  struct Item: Hashable {
    /// Every pixel the element may touch, in window coordinates.
    var box: Rect
    /// What distinguishes its look besides its box (text, state, colour).
    var content: String
  }

  /// What the layer drew last (as the last `update` was told).
  private(set) var items: [Item] = []

  /// Records, in `window`, the boxes of the items of `newItems` and of the last list that
  /// are not in both, and keeps `newItems`. Returns whether anything was damaged.
  @discardableResult
  mutating func update(to newItems: [Item], in window: Window) -> Bool {
    guard newItems != items else { return false }
    var damaged = false
    // Sets, so that a layer of many items (10,000 touches' rings) costs no more than its
    // items: a list search per item took 67 % of a replay of 3,000 touches.
    let old = Set(items)
    let new = Set(newItems)
    for item in items where !new.contains(item) {
      window.setNeedsDisplay(in: item.box)
      damaged = true
    }
    for item in newItems where !old.contains(item) {
      window.setNeedsDisplay(in: item.box)
      damaged = true
    }
    items = newItems
    return damaged
  }

  /// A box around a circle of `radius` at `center` stroked `lineWidth` wide, with a pixel
  /// of anti-aliasing.
  static func circleBox(center: Point, radius: Double, lineWidth: Double) -> Rect {
    let reach = radius + lineWidth / 2 + antialiasing
    return Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
  }

  /// The bounding box of `points`, grown by `margin` (half a line width, a join, an arrow's
  /// head) and a pixel of anti-aliasing.
  static func box(of points: [Point], margin: Double) -> Rect {
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    let reach = margin + antialiasing
    let minX = (xs.min() ?? 0) - reach
    let minY = (ys.min() ?? 0) - reach
    return Rect(
      x: minX, y: minY, width: (xs.max() ?? 0) + reach - minX, height: (ys.max() ?? 0) + reach - minY)
  }

  /// A box sure to hold one line of `text` drawn by `DrawingContext.text` at `point` in a
  /// font of `size`: glyphs are taken as `textWidthPerEm` em wide at most (wider than any
  /// Latin glyph of the usual sans-serif fonts), rising `textAscentPerEm` em above the
  /// baseline and falling `textDescentPerEm` em below it.
  static func textBox(_ text: String, at point: Point, size: Double, centered: Bool = false) -> Rect {
    let width = Double(text.count) * size * textWidthPerEm + 2 * antialiasing
    let height = size * (textAscentPerEm + textDescentPerEm) + 2 * antialiasing
    if centered {
      // Centred on its ink box: half of each way around the point, with the same slack.
      return Rect(x: point.x - width / 2, y: point.y - height / 2, width: width, height: height)
    }
    return Rect(
      x: point.x - size * textDescentPerEm - antialiasing, y: point.y - size * textAscentPerEm - antialiasing,
      width: width + size * textDescentPerEm, height: height)
  }

  /// Pixels added around every box for anti-aliasing and rounding.
  static let antialiasing = 2.0
  /// The widest glyph allowed for, in ems.
  static let textWidthPerEm = 1.1
  /// How far glyphs may rise above the baseline, in ems.
  static let textAscentPerEm = 1.2
  /// How far glyphs may fall below the baseline, in ems.
  static let textDescentPerEm = 0.5
}
