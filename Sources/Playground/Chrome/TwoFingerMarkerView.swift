import GestureKit

/// The always-visible marker of the Alt two-finger emulation (``SeatInputTranslator``'s
/// `emulatedFingers`): while Alt is held, a translucent grey disc under the pointer and one at
/// the second point, as the iOS Simulator shows them; when the mirror mode is on, a small
/// cross marks the centre they are mirrored through. The discs are filled more strongly while
/// the two fingers are down (a left drag). It covers the whole window, is never hit, and shows
/// nothing while Alt is up.
///
/// The discs and the cross are subviews, moved and restyled by ``refresh()`` (from the
/// translator's `onEmulatedFingersChange`): views like any other, so the window's layers
/// carry them. While the fingers pinch a card, the card, both discs and the cross are each on
/// a layer of their own, the marker's stacked above the card's, and no frame redraws the
/// window.
public final class TwoFingerMarkerView: View {
  /// The translator whose emulation is shown (the live app's, or a replay's).
  public weak var translator: SeatInputTranslator? {
    didSet { refresh() }
  }

  /// Radius of a disc to the middle of its outline, in logical pixels.
  public static let radius = 14.0
  /// Width of the discs' outline and of the cross's bars, in logical pixels.
  public static let lineWidth = 2.0
  /// Half the length of a bar of the mirror centre's cross, in logical pixels.
  public static let crossArm = 6.0
  /// The discs' outline and the cross.
  public static let outline = Color(red: 1, green: 1, blue: 1, alpha: 0.9)
  /// The discs' fill while the fingers hover.
  public static let hoverFill = Color(red: 0.55, green: 0.55, blue: 0.55, alpha: 0.35)
  /// The discs' fill while the fingers are down.
  public static let downFill = Color(red: 0.55, green: 0.55, blue: 0.55, alpha: 0.7)

  /// The disc under the pointer.
  public let pointerDisc = TwoFingerMarkerView.disc("chrome.two-finger-marker.pointer")
  /// The disc at the second point.
  public let secondDisc = TwoFingerMarkerView.disc("chrome.two-finger-marker.second")
  /// The mirror centre's cross.
  private let cross = MirrorCentreView(arm: crossArm, lineWidth: lineWidth, color: outline)

  /// A marker covering `size`.
  public init(size: Size) {
    super.init(frame: Rect(origin: .zero, size: size))
    identifier = "chrome.two-finger-marker"
    isUserInteractionEnabled = false
    for part in [cross, pointerDisc, secondDisc] { addSubview(part) }
  }

  /// Shows the emulation as it is now (call it when it changed): places, fills, shows or
  /// hides the discs and the cross. A part that did not change is not touched, so it notes
  /// no change in the window.
  public func refresh() {
    let fingers = translator?.emulatedFingers
    let fill = translator?.isSecondFingerDown == true ? Self.downFill : Self.hoverFill
    Self.show(pointerDisc, at: fingers?.pointer)
    Self.show(secondDisc, at: fingers?.second)
    for disc in [pointerDisc, secondDisc] where disc.style.fill != fill { disc.style.fill = fill }
    let centre =
      fingers != nil && translator?.twoFingerEmulation.mode == .mirrored
      ? translator?.twoFingerEmulation.center : nil
    // The cross stands still while the discs move; placed again all the same, it is noted as
    // moved with them and goes on a layer with them, so a photo pinched under it can too.
    Self.show(cross, at: centre, always: true)
  }

  /// Shows `part` centred at `point` (in the marker's coordinates, the window's), or hides it
  /// when there is none; `always`: places it even where it is.
  private static func show(_ part: View, at point: Point?, always: Bool = false) {
    if let point, always || part.center != point { part.center = point }
    let hidden = point == nil
    if part.isHidden != hidden { part.isHidden = hidden }
  }

  /// A hidden disc: a circle whose outline is centred on `radius`.
  private static func disc(_ identifier: String) -> View {
    let diameter = 2 * radius + lineWidth
    let disc = View(frame: Rect(x: 0, y: 0, width: diameter, height: diameter))
    disc.identifier = identifier
    disc.style = ViewStyle(shape: .circle, fill: hoverFill, stroke: outline, strokeWidth: lineWidth)
    disc.isHidden = true
    return disc
  }
}
