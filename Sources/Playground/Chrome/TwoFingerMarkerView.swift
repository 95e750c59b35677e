import CairoRenderer
import GestureKit

/// The always-visible marker of the Alt two-finger emulation (``SeatInputTranslator``'s
/// `emulatedFingers`): while Alt is held, a translucent grey disc under the pointer and one at
/// the second point, joined by a thin line, as the iOS Simulator shows them; when the
/// mirror mode is on, a small cross marks the centre they are mirrored through. The discs
/// are filled more strongly while the two fingers are down (a left drag). It covers the
/// whole window, is never hit, and draws nothing while Alt is up.
///
/// A change of the emulation (``refresh()``, from the translator's `onEmulatedFingersChange`)
/// damages only the boxes of the discs, the line and the cross as they were and as they are.
public final class TwoFingerMarkerView: View, CustomDrawing {
  /// The translator whose emulation is shown (the live app's, or a replay's).
  public weak var translator: SeatInputTranslator?
  /// What was drawn last, for targeted damage.
  private var drawn = LayerDamage()

  /// Radius of a disc, in logical pixels.
  public static let radius = 14.0
  /// The discs' outline.
  public static let outline = Color(red: 1, green: 1, blue: 1, alpha: 0.9)
  /// The discs' fill while the fingers hover, and while they are down.
  public static let hoverFill = Color(red: 0.55, green: 0.55, blue: 0.55, alpha: 0.35)
  /// The discs' fill while the fingers are down.
  public static let downFill = Color(red: 0.55, green: 0.55, blue: 0.55, alpha: 0.7)

  /// A marker layer covering `size`.
  public init(size: Size) {
    super.init(frame: Rect(origin: .zero, size: size))
    identifier = "chrome.two-finger-marker"
    isUserInteractionEnabled = false
  }

  /// Records the damage of what the marker showed and of what it shows now (call it when the
  /// emulation changed).
  public func refresh() {
    guard let window else { return }
    drawn.update(to: items(), in: window)
  }

  /// The elements the marker draws now, with their boxes (window coordinates).
  private func items() -> [LayerDamage.Item] {
    guard let translator, let fingers = translator.emulatedFingers else { return [] }
    let emulation = translator.twoFingerEmulation
    let fill = translator.isSecondFingerDown ? "down" : "hover"
    var items = [
      LayerDamage.Item(
        box: LayerDamage.box(of: [fingers.pointer, fingers.second], margin: 0.5), content: "line")
    ]
    if emulation.mode == .mirrored {
      items.append(
        LayerDamage.Item(box: LayerDamage.box(of: [emulation.center], margin: 7), content: "centre"))
    }
    for point in [fingers.pointer, fingers.second] {
      items.append(
        LayerDamage.Item(
          box: LayerDamage.circleBox(center: point, radius: Self.radius, lineWidth: 2), content: fill))
    }
    return items
  }

  /// Whether nothing the marker draws now meets `rect` (its coordinates are the window's):
  /// a card dragged below it can then be on a layer of its own.
  public func paintsNothing(in rect: Rect) -> Bool {
    items().allSatisfy { !$0.box.intersects(rect) }
  }

  /// Draws the two discs, the line between them and the mirror centre, in window
  /// coordinates; nothing while the emulation is off. Should the emulation have changed
  /// without a ``refresh()``, the change is damaged for the next frame.
  public func draw(in context: DrawingContext) {
    if let window, drawn.items != items() { drawn.update(to: items(), in: window) }
    guard let translator, let fingers = translator.emulatedFingers else { return }
    let emulation = translator.twoFingerEmulation
    context.setColor(Self.outline)
    context.setLineWidth(1)
    context.move(to: fingers.pointer)
    context.line(to: fingers.second)
    context.stroke()
    if emulation.mode == .mirrored {
      let c = emulation.center
      context.setLineWidth(2)
      context.move(to: Point(x: c.x - 6, y: c.y))
      context.line(to: Point(x: c.x + 6, y: c.y))
      context.move(to: Point(x: c.x, y: c.y - 6))
      context.line(to: Point(x: c.x, y: c.y + 6))
      context.stroke()
    }
    let fill = translator.isSecondFingerDown ? Self.downFill : Self.hoverFill
    for point in [fingers.pointer, fingers.second] {
      context.setColor(fill)
      context.addCircle(center: point, radius: Self.radius)
      context.fill()
      context.setColor(Self.outline)
      context.setLineWidth(2)
      context.addCircle(center: point, radius: Self.radius)
      context.stroke()
    }
  }
}
