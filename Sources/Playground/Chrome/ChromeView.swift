import CairoRenderer
import GestureKit

/// The strip across the window's bottom: the scene's hint on a dark bar, the overlay button and
/// one tab per scene of the picker. Every view in it is identified `chrome...`, and
/// ``SceneSession`` keeps them out of the event log.
public final class ChromeView: View, CustomDrawing {
  /// The hint drawn at the left of the hint bar (the scene's `hint`), if any.
  public let hint: String?

  /// The strip's background.
  public static let background = Color(hex: "#14161b")!
  /// The hint's colour.
  public static let hintColor = Color(hex: "#c8ccd4")!
  /// A tab's fill.
  public static let tabFill = Color(hex: "#2c313a")!
  /// The selected tab's fill, and the overlay button's when the overlay is on.
  public static let selectedFill = Color(hex: "#61afef")!
  /// The fill of a tab or button that is not selected while the pointer or a pen is over it
  /// (``ChromeButton``).
  public static let hoverFill = Color(hex: "#3e4451")!
  /// The fill of a tab or button that is not selected while a press on it is over it.
  public static let pressedFill = Color(hex: "#4b5263")!
  /// What the right side of the hint bar says about the mouse: the Alt two-finger emulation
  /// (`SeatInputTranslator`), for trying pinch and rotation without a touch screen.
  public static let mouseHint = "Alt: two fingers, +Shift: parallel"

  /// The room of the scene's hint, tapped or hovered to show it whole where it is cut; nil
  /// for a scene with no hint.
  let hintArea: ChromeHintArea?
  /// Whether the hint as last drawn was cut (an ellipsis): too long for the bar at this width.
  public private(set) var hintIsCut = false
  /// Whether the overlay button shows the overlay on (lit).
  public internal(set) var overlayVisible: Bool
  /// Whether the timeline button shows the timeline on (lit).
  public internal(set) var timelineVisible: Bool
  /// What a tap on the overlay button does.
  let onOverlayButton: () -> Void
  /// What a tap on the timeline button does.
  let onTimelineButton: () -> Void

  /// A strip for a window of `windowSize`, showing `hint`, a tab per name of `tabNames`
  /// (`selected` highlighted), and the overlay button (lit when `overlayVisible`).
  /// `onTab` gets a tapped tab's index; `onOverlayButton` is called when the button is tapped.
  public init(
    windowSize: Size, hint: String?, tabNames: [String], selected: Int?, overlayVisible: Bool,
    timelineVisible: Bool = false, onTab: @escaping (Int) -> Void, onOverlayButton: @escaping () -> Void,
    onTimelineButton: @escaping () -> Void = {}
  ) {
    self.hint = hint
    self.overlayVisible = overlayVisible
    self.timelineVisible = timelineVisible
    self.onOverlayButton = onOverlayButton
    self.onTimelineButton = onTimelineButton
    let frame = ChromeLayout.stripFrame(windowSize: windowSize, tabCount: tabNames.count)
    hintArea = hint.map { _ in
      ChromeHintArea(
        frame: Rect(
          x: 0, y: 0, width: max(0, ChromeLayout.timelineButtonFrame(width: frame.width).minX - 4),
          height: ChromeLayout.hintBarHeight))
    }
    super.init(frame: frame)
    identifier = "chrome"
    style = ViewStyle(fill: Self.background)
    clipsToBounds = true
    let count = tabNames.count
    let rows = Double(ChromeLayout.tabRows(tabCount: count, width: frame.width)) * ChromeLayout.tabRowHeight
    let columns = min(count, ChromeLayout.tabColumns(tabCount: count, width: frame.width))
    let tabWidth = ChromeLayout.tabWidth(stripWidth: frame.width, tabCount: count)
    let trackWidth = max(frame.width, tabWidth * Double(columns))
    let scrolls = trackWidth > frame.width
    let viewport = View(frame: Rect(x: 0, y: ChromeLayout.hintBarHeight, width: frame.width, height: rows))
    viewport.identifier = "chrome.tabs"
    viewport.clipsToBounds = true
    let track = View(frame: Rect(x: 0, y: 0, width: trackWidth, height: rows))
    track.identifier = "chrome.tabs.track"
    viewport.addSubview(track)
    addSubview(viewport)
    for (index, name) in tabNames.enumerated() {
      let frame = ChromeLayout.tabFrame(index: index, of: tabNames.count, width: frame.width)
        .offsetBy(dx: 0, dy: -ChromeLayout.hintBarHeight)
      let tab = Self.button(
        "chrome.tab.\(name)",
        frame: Rect(x: frame.minX + 2, y: frame.minY + 2, width: frame.width - 4, height: frame.height - 4),
        isOn: index == selected, label: index < 10 ? "\((index + 1) % 10) \(name)" : name,
        pressDelay: scrolls ? ChromeButton.scrollingPressDelay : 0
      ) { onTab(index) }
      track.addSubview(tab)
    }
    if scrolls {
      Self.scrollSideways(
        track, in: viewport,
        showing: selected.map { ChromeLayout.tabFrame(index: $0, of: tabNames.count, width: frame.width) })
    }
    if let hintArea { addSubview(hintArea) }
    addSubview(toggleButton(overlay: true))
    addSubview(toggleButton(overlay: false))
  }

  /// How wide the hint may be beside the mouse hint in a strip `stripWidth` wide: up to the
  /// mouse hint, or the timeline button where the bar has no room for the mouse hint, never
  /// under them.
  static func hintWidth(stripWidth: Double) -> Double {
    mouseHintLeft(stripWidth: stripWidth).map { $0 - 18 } ?? widestHintWidth(stripWidth: stripWidth)
  }

  /// How wide the hint may be in a strip `stripWidth` wide without the mouse hint: up to the
  /// timeline button.
  private static func widestHintWidth(stripWidth: Double) -> Double {
    ChromeLayout.timelineButtonFrame(width: stripWidth).minX - 4 - 18
  }

  /// How `hint` is laid out in a strip `stripWidth` wide (`measure` as for
  /// ``hintLines(_:width:measure:)``): beside the mouse hint when it fits there whole;
  /// otherwise up to the timeline button, the mouse hint left out. The scene's instructions
  /// come first: at 800 px, a portrait tablet's width, the `gestures` scene's hint was cut
  /// ("each card answers one recog...") beside the mouse hint.
  static func hintLayout(_ hint: String, stripWidth: Double, measure: (String, Double) -> Double) -> (
    width: Double, size: Double, lines: [String], showsMouseHint: Bool
  ) {
    let width = hintWidth(stripWidth: stripWidth)
    let (size, lines) = hintLines(hint, width: width, measure: measure)
    guard mouseHintLeft(stripWidth: stripWidth) != nil else { return (width, size, lines, false) }
    if lines.allSatisfy({ measure($0, size) <= width }) { return (width, size, lines, true) }
    let wider = widestHintWidth(stripWidth: stripWidth)
    let (widerSize, widerLines) = hintLines(hint, width: wider, measure: measure)
    return (wider, widerSize, widerLines, false)
  }

  /// Where the mouse hint starts, left of the timeline button; nil when the bar is too narrow
  /// for it (it would take more than two thirds of the bar).
  private static func mouseHintLeft(stripWidth: Double) -> Double? {
    let left = ChromeLayout.timelineButtonFrame(width: stripWidth).minX - 4 - ChromeLayout.mouseHintWidth
    return left > stripWidth / 3 ? left : nil
  }

  /// The hint as the bar shows it in `width` (`measure` gives a text's width at a size): one
  /// line of 13 px when it fits; otherwise two lines of 11 px broken between words (or
  /// Chinese and Japanese characters: ``LineBreaks``), so that a
  /// scene's whole hint shows at the window's usual width, not only its start. The break is
  /// the one that leaves the two lines most even, as a two-line label reads best; when no
  /// break makes both fit, the first line is as long as it can be and the second is cut with
  /// an ellipsis. One line of 11 px when that is enough, or when no word fits.
  ///
  /// Only the first ``hintCharacterLimit`` characters are laid out (more than two lines hold in
  /// any window), and only the breaks whose first line fits are tried, so that a scene file's
  /// hint of megabytes costs no more than a long sentence.
  static func hintLines(_ hint: String, width: Double, measure: (String, Double) -> Double) -> (
    size: Double, lines: [String]
  ) {
    let hint = String(hint.prefix(hintCharacterLimit))
    if measure(hint, 13) <= width { return (13, [hint]) }
    if measure(hint, 11) <= width { return (11, [hint]) }
    func lines(breakingAt place: LineBreaks.Break) -> [String] {
      [String(hint[..<place.end]), String(hint[place.start...])]
    }
    var even: (place: LineBreaks.Break, widest: Double)?
    var longest: LineBreaks.Break?
    for place in LineBreaks.breaks(in: hint) {
      let widths = lines(breakingAt: place).map { measure($0, 11) }
      // A longer first line never gets narrower (the toy text API does not kern).
      guard widths[0] <= width else { break }
      longest = place
      let widest = max(widths[0], widths[1])
      if widths[1] <= width, widest < even?.widest ?? .infinity { even = (place, widest) }
    }
    guard let place = even?.place ?? longest else { return (11, [hint]) }
    return (11, lines(breakingAt: place))
  }

  /// The most characters of a hint that the bar lays out: two lines of text across a window
  /// 4,000 px wide hold about 1,300.
  static let hintCharacterLimit = 2_000

  /// Lets `track`, wider than `viewport`, scroll sideways inside it: a pan (finger, mouse,
  /// wheel or touchpad; a wheel by ``WheelStep`` a step) moves it, never past either end; it
  /// starts with `shown` (the selected tab, track coordinates) in view: where it was not,
  /// centred (as far as the ends allow), so that the tabs either side of it show too.
  private static func scrollSideways(_ track: View, in viewport: View, showing shown: Rect?) {
    // The pan's action reaches the viewport through the recognizer and the track weakly:
    // the viewport owns the pan, so a strong capture would keep the strip alive for ever.
    func place(_ track: View, at left: Double, in viewport: View) {
      let x = min(0, max(viewport.bounds.width - track.bounds.width, left))
      track.center = Point(x: x + track.bounds.width / 2, y: track.center.y)
    }
    if let shown, shown.maxX > viewport.bounds.width {
      place(track, at: ((viewport.bounds.width - shown.width) / 2).rounded() - shown.minX, in: viewport)
    }
    var start = 0.0
    let pan = PanGestureRecognizer { [weak track] recognizer in
      guard let pan = recognizer as? PanGestureRecognizer, let viewport = pan.view, let track else { return }
      if pan.state == .began { start = track.frame.minX }
      let moved = pan.translation(in: viewport)
      // A vertical wheel scrolls too: the strip has only one way to go.
      place(track, at: start + moved.x + moved.y, in: viewport)
    }
    pan.name = "chrome.tabs.scroll"
    pan.scrollTypes = [.discrete, .continuous]
    pan.wheelStepDistance = WheelStep.distance(page: viewport.bounds.width)
    viewport.addGestureRecognizer(pan)
  }

  /// Draws the hint at the left of the hint bar (``hintLayout(_:stripWidth:measure:)``; a
  /// right-to-left one at the right of its room), cut with an ellipsis where it would still
  /// run past its room, and ``mouseHint`` at its right, left of the overlay button (left out
  /// when the bar is too narrow for it, or the hint needs its room).
  public func draw(in context: DrawingContext) {
    var showsMouseHint = true
    if let hint {
      let (width, size, lines, mouseHintShown) = Self.hintLayout(hint, stripWidth: bounds.width) {
        context.textWidth($0, size: $1)
      }
      showsMouseHint = mouseHintShown
      hintIsCut =
        !hint.dropFirst(Self.hintCharacterLimit).isEmpty
        || !lines.allSatisfy { context.textWidth($0, size: size) <= width }
      let baselines = lines.count == 1 ? [ChromeLayout.hintBarHeight / 2 + size * 0.38] : [12.0, 24.0]
      context.setColor(Self.hintColor)
      // A right-to-left hint (its first strong letter's direction) sits at the right of its
      // room, as GTK aligns a label's right-to-left paragraph.
      let rightToLeft = DrawingContext.isRightToLeft(lines.joined(separator: " "))
      for (line, baseline) in zip(lines, baselines) {
        let x = rightToLeft ? 10 + max(0, width - context.textWidth(line, size: size)) : 10
        context.text(line, at: Point(x: x, y: baseline), size: size, maxWidth: width)
      }
    }
    guard showsMouseHint, let left = Self.mouseHintLeft(stripWidth: bounds.width) else { return }
    context.setColor(Self.hintColor)
    context.text(
      Self.mouseHint, at: Point(x: left + ChromeLayout.mouseHintWidth / 2, y: ChromeLayout.hintBarHeight / 2),
      size: 12, alignment: .center)
  }
}
