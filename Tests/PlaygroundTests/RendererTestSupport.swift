import GestureKit

@testable import CairoRenderer

extension Image {
  /// How many pixels differ from `other` (of the same size) and where the first one is; nil
  /// when none does.
  func difference(from other: Image) -> (count: Int, x: Int, y: Int)? {
    let (mine, theirs) = (words, other.words)
    guard let first = mine.indices.first(where: { mine[$0] != theirs[$0] }) else { return nil }
    let count = zip(mine, theirs).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    return (count, first % buffer.width, first / buffer.width)
  }

  /// cairo's own full repaint of `window` over `background` at `scale`: the exact shortcuts
  /// (shapes' and labels' masks) off unless `fastPaths`, views at exact positions unless `snapsPositions` (the pixels
  /// every shortcut and every repair must give).
  static func cairoReference(
    of window: Window, background: Color, scale: Double, snapsPositions: Bool = true, fastPaths: Bool = false
  ) -> Image {
    let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
    let renderer = Renderer()
    renderer.fastFill.isEnabled = fastPaths
    renderer.labelMasks.isEnabled = fastPaths
    renderer.snapsPositions = snapsPositions
    renderer.render(window, background: background, into: image.buffer, scale: scale)
    return image
  }
}

extension Image {
  /// Where a repair of `damage` over a full repaint of `window` (in bands of `rows` rows, the
  /// exact shortcuts on or off as `fast` says) differs from cairo's own full repaint at
  /// `scale`; nil when it does not.
  static func repairDifference(
    background: Color, _ window: Window, scale: Double, damage: [Rect], fast: Bool, rows: Int = 8
  ) -> (count: Int, x: Int, y: Int)? {
    let renderer = Renderer.banded(rows: rows)
    renderer.fastFill.isEnabled = fast
    return repairDifference(background: background, window, scale: scale, damage: damage, renderer: renderer)
  }

  /// The same with `renderer` (left as the repair leaves it, for its `requiredColumns`).
  static func repairDifference(
    background: Color, _ window: Window, scale: Double, damage: [Rect], renderer: Renderer
  ) -> (count: Int, x: Int, y: Int)? {
    let reference = cairoReference(of: window, background: background, scale: scale)
    let image = Image(width: reference.width, height: reference.height)
    renderer.render(window, background: background, into: image.buffer, scale: scale)
    renderer.render(window, background: background, into: image.buffer, scale: scale, damage: damage)
    return image.difference(from: reference)
  }
}

extension Renderer {
  /// A renderer that repairs damage in bands of `rows` rows (no scratch budget beyond them),
  /// so that shapes are cut at their tops and bottoms too.
  static func banded(rows: Int = 8) -> Renderer {
    let renderer = Renderer()
    renderer.scratchBudget = 0
    renderer.minimumBandRows = rows
    return renderer
  }
}

extension Window {
  /// A 160x120 window holding one card like the app's purple one: a rounded rect at (10, 50)
  /// of 140x60 at alpha 0.9 (drawn through a group), with `label` at 10 pt when given.
  static func translucentCard(label: String? = nil) -> Window {
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    let card = View(frame: Rect(x: 10, y: 50, width: 140, height: 60))
    card.alpha = 0.9
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 8), fill: Color(red: 0.78, green: 0.47, blue: 0.87), label: label,
      fontSize: 10)
    window.rootView.addSubview(card)
    return window
  }

  /// A 120x80 window (the size `RandomLabels` makes) holding a container that clips to
  /// `container`, with a card of `style` at `card` in its coordinates.
  static func clippedCard(container: Rect, card: Rect, style: ViewStyle) -> Window {
    let window = Window(size: Size(width: 120, height: 80), clock: VirtualClock())
    let clipper = View(frame: container)
    clipper.clipsToBounds = true
    let view = View(frame: card)
    view.style = style
    clipper.addSubview(view)
    window.rootView.addSubview(clipper)
    return window
  }
}
