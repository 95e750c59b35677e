import CairoRenderer
import GestureKit
import TestSupport

/// Random windows for the renderer's randomized tests: 160x120, up to four cards of every
/// shape (some translucent, stroked, labelled on one or two lines, scaled or rotated, with a
/// child, or inside a clipping container that may itself be translucent), a few with custom
/// drawing.
enum RandomScenes {
  /// Custom drawing: a white disc at (10, 10).
  final class Sketch: View, CustomDrawing {
    func draw(in context: DrawingContext) {
      context.setColor(.white)
      context.addCircle(center: Point(x: 10, y: 10), radius: 6)
      context.fill()
    }
  }

  /// The cards' backdrop.
  static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  /// A random window (see the type's summary).
  static func window(_ random: inout SplitMix64) -> Window {
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    for _ in 0..<random.int(1...4) {
      let card = self.card(&random)
      if random.chance(0.2) {
        let container = View(
          frame: Rect(
            x: RandomLabels.position(&random, in: 100, size: 60),
            y: RandomLabels.position(&random, in: 70, size: 50),
            width: random.double(30...120), height: random.double(30...90)))
        container.clipsToBounds = true
        if random.chance(0.3) { container.alpha = 0.8 }
        window.rootView.addSubview(container)
        card.center = card.center - Point(x: container.frame.minX, y: container.frame.minY)
        container.addSubview(card)
      } else {
        window.rootView.addSubview(card)
      }
    }
    return window
  }

  /// One random card, in window coordinates.
  static func card(_ random: inout SplitMix64) -> View {
    let card: View = random.chance(0.1) ? Sketch(frame: .zero) : View(frame: .zero)
    card.frame = Rect(
      x: RandomLabels.position(&random, in: 120, size: 40),
      y: RandomLabels.position(&random, in: 80, size: 30),
      width: random.double(16...110), height: random.double(16...90))
    let shapes: [ViewShape] = [.rect, .roundRect(cornerRadius: random.double(0...30)), .circle]
    var text = String(
      (0..<random.int(1...8)).map { _ in
        RandomLabels.characters[random.index(RandomLabels.characters.count)]
      })
    if random.chance(0.2) { text += "\n" + text.prefix(4) }
    card.style = ViewStyle(
      shape: shapes[random.index(3)],
      fill: random.chance(0.85)
        ? Color(
          red: random.double(0...1), green: random.double(0...1), blue: random.double(0...1),
          alpha: random.chance(0.2) ? random.double(0.3...1) : 1) : nil,
      stroke: random.chance(0.4) ? RandomLabels.color(&random) : nil, strokeWidth: random.double(0.5...6),
      label: random.chance(0.6) ? text : nil, labelColor: RandomLabels.color(&random),
      fontSize: random.double(6...30))
    if random.chance(0.2) { card.alpha = random.double(0.4...0.95) }
    if random.chance(0.15) {
      card.transform =
        random.chance(0.7)
        ? AffineTransform(scaleX: random.double(0.5...2), y: random.double(0.5...2))
        : AffineTransform(rotationAngle: random.double(-0.5...0.5))
    }
    if random.chance(0.1) {
      let child = View(frame: Rect(x: 4, y: 4, width: random.double(5...30), height: random.double(5...30)))
      child.style = ViewStyle(fill: RandomLabels.color(&random))
      card.addSubview(child)
    }
    return card
  }

  /// Every view of `window` but its root, front to back within each parent.
  static func views(in window: Window) -> [View] {
    window.rootView.subviews.flatMap { [$0] + $0.subviews }
  }

  /// One gesture-like change of `view`: a drag by a fraction of a pixel or far, a pinch (a
  /// scale about its centre), a rotation, or both at once.
  static func gestureStep(of view: View, _ random: inout SplitMix64) {
    switch random.int(0...3) {
    case 0:
      let reach = random.chance(0.2) ? 30.0 : 4.0
      view.center = view.center + Point(x: random.double(-reach...reach), y: random.double(-reach...reach))
    case 1:
      view.transform = view.transform.concatenating(AffineTransform(scaleX: random.double(0.8...1.25), y: 1))
    case 2:
      view.transform = view.transform.concatenating(AffineTransform(rotationAngle: random.double(-0.4...0.4)))
    default:
      let factor = random.double(0.8...1.25)
      view.transform = view.transform.concatenating(AffineTransform(scaleX: factor, y: factor))
        .concatenating(AffineTransform(rotationAngle: random.double(-0.4...0.4)))
      view.center = view.center + Point(x: random.double(-6...6), y: random.double(-6...6))
    }
  }
}
