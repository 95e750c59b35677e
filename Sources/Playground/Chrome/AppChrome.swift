import CairoRenderer
import GestureKit

/// Where the scene and the app's own controls go in a window of any size: a strip across the
/// window's bottom, and the scene above it, whole, scaled uniformly to fit and centred
/// (docs/FORMATS.md, "The window").
///
/// ```
/// y = 0          +-----------------------------------------------+
///                |        the scene, scaled to fit, centred      |
/// y = H - S      +-----------------------------------------------+
///                | hint of the scene    Alt: two... [Overlay D] |  hint bar, 28 px
///                | tab 1 | tab 2 | ...                   | tab 8 |  tab rows, 30 px each:
///                | tab 9 | ...                                   |  8 tabs a row, 2 to 4 rows
/// y = H          +-----------------------------------------------+
/// ```
///
/// Tab `i` (0-based, the picker's order) is column `i % c`, row `i / c`, where `c` is
/// ``tabColumns(tabCount:)``: 8 for up to 32 scenes, then as many as 4 rows need. Each tab is
/// an eighth of the window's width, and at least ``minimumTabWidth``: where the rows are wider
/// than the window, they scroll sideways (drag them, or turn the wheel). The window first
/// asks for the scene's size plus the strip, where the scene is shown at scale 1
/// (``windowSize(sceneSize:tabCount:)``).
public enum ChromeLayout {
  /// Height of the hint bar, right below the scene.
  public static let hintBarHeight = 28.0
  /// Height of one row of tabs.
  public static let tabRowHeight = 30.0
  /// Tabs in one row.
  public static let tabsPerRow = 8
  /// Rows shown even when fewer tabs would fit (the window keeps its height as scenes are
  /// added, up to 16).
  public static let minimumTabRows = 2
  /// The most rows: past 32 scenes the rows grow longer than 8 tabs and scroll sideways, so
  /// that a data folder of many scenes never takes more than 148 px from the scene (with one
  /// row per 8 tabs, 40 scenes took 178 px, and 2,000 hid the scene under the tabs).
  public static let maximumTabRows = 4
  /// The narrowest a tab gets (its label stays readable).
  public static let minimumTabWidth = 96.0
  /// Width of the overlay button at the right end of the hint bar.
  public static let overlayButtonWidth = 116.0
  /// Width of the timeline button, left of the overlay button.
  public static let timelineButtonWidth = 116.0
  /// Width of the mouse hint left of the timeline button (``ChromeView/mouseHint``).
  public static let mouseHintWidth = 210.0

  /// Rows needed for `tabCount` tabs.
  public static func tabRows(tabCount: Int) -> Int {
    min(maximumTabRows, max(minimumTabRows, (max(0, tabCount) + tabsPerRow - 1) / tabsPerRow))
  }

  /// Tabs in a row for `tabCount` tabs: ``tabsPerRow``, or more when ``maximumTabRows`` rows
  /// of those would not hold them all.
  public static func tabColumns(tabCount: Int) -> Int {
    max(tabsPerRow, (max(0, tabCount) + maximumTabRows - 1) / maximumTabRows)
  }

  /// Height of the whole strip.
  public static func height(tabCount: Int) -> Double {
    hintBarHeight + Double(tabRows(tabCount: tabCount)) * tabRowHeight
  }

  /// The window's preferred size for a scene of `sceneSize`: the scene at scale 1 with the
  /// strip below it.
  public static func windowSize(sceneSize: Size, tabCount: Int) -> Size {
    Size(width: sceneSize.width, height: sceneSize.height + height(tabCount: tabCount))
  }

  /// The strip's frame in a window of `windowSize`: the window's width, at its bottom (at its
  /// top when the window is shorter than the strip).
  public static func stripFrame(windowSize: Size, tabCount: Int) -> Rect {
    let height = height(tabCount: tabCount)
    return Rect(x: 0, y: max(0, windowSize.height - height), width: windowSize.width, height: height)
  }

  /// Where the scene is shown in a window of `windowSize`: everything above the strip.
  public static func sceneArea(windowSize: Size, tabCount: Int) -> Rect {
    let strip = stripFrame(windowSize: windowSize, tabCount: tabCount)
    return Rect(x: 0, y: 0, width: windowSize.width, height: strip.minY)
  }

  /// How a scene of `sceneSize` is shown in `area`: the uniform scale that fits it whole and
  /// the window point of its centre, which puts the scene's top-left corner on a whole
  /// logical pixel. A scale of 1 shows the scene in exactly its file's coordinates, offset by
  /// the whole-pixel top-left. Nil when the area or the scene is empty (nothing can show).
  public static func sceneFit(sceneSize: Size, in area: Rect) -> (scale: Double, center: Point)? {
    guard area.width > 0, area.height > 0, sceneSize.width > 0, sceneSize.height > 0 else { return nil }
    let scale = min(area.width / sceneSize.width, area.height / sceneSize.height)
    let shown = Size(width: sceneSize.width * scale, height: sceneSize.height * scale)
    // Rounded to the nearest: a margin of -1e-14 (rounding in the scale) is 0, not -1.
    let left = area.minX + ((area.width - shown.width) / 2).rounded()
    let top = area.minY + ((area.height - shown.height) / 2).rounded()
    return (scale, Point(x: left + shown.width / 2, y: top + shown.height / 2))
  }

  /// Each tab's width in a strip `width` wide.
  public static func tabWidth(stripWidth width: Double) -> Double {
    max(width / Double(tabsPerRow), minimumTabWidth)
  }

  /// The frame of tab `index` of `tabCount` in the strip's coordinates (before any sideways
  /// scrolling) for a strip `width` wide.
  public static func tabFrame(index: Int, of tabCount: Int, width: Double) -> Rect {
    let tabWidth = tabWidth(stripWidth: width)
    let columns = tabColumns(tabCount: tabCount)
    return Rect(
      x: Double(index % columns) * tabWidth, y: hintBarHeight + Double(index / columns) * tabRowHeight,
      width: tabWidth, height: tabRowHeight)
  }

  /// The frame of the overlay button in the strip's coordinates.
  public static func overlayButtonFrame(width: Double) -> Rect {
    Rect(x: width - overlayButtonWidth - 4, y: 3, width: overlayButtonWidth, height: hintBarHeight - 6)
  }

  /// The frame of the timeline button, left of the overlay button, in the strip's coordinates.
  public static func timelineButtonFrame(width: Double) -> Rect {
    let overlay = overlayButtonFrame(width: width)
    return Rect(
      x: overlay.minX - timelineButtonWidth - 4, y: overlay.minY, width: timelineButtonWidth,
      height: overlay.height)
  }
}

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
  /// What the right side of the hint bar says about the mouse: the Alt two-finger emulation
  /// (`SeatInputTranslator`), for trying pinch and rotation without a touch screen.
  public static let mouseHint = "Alt: two fingers, +Shift: parallel"

  /// A strip for a window of `windowSize`, showing `hint`, a tab per name of `tabNames`
  /// (`selected` highlighted), and the overlay button (lit when `overlayVisible`).
  /// `onTab` gets a tapped tab's index; `onOverlayButton` is called when the button is tapped.
  public init(
    windowSize: Size, hint: String?, tabNames: [String], selected: Int?, overlayVisible: Bool,
    timelineVisible: Bool = false, onTab: @escaping (Int) -> Void, onOverlayButton: @escaping () -> Void,
    onTimelineButton: @escaping () -> Void = {}
  ) {
    self.hint = hint
    let frame = ChromeLayout.stripFrame(windowSize: windowSize, tabCount: tabNames.count)
    super.init(frame: frame)
    identifier = "chrome"
    style = ViewStyle(fill: Self.background)
    clipsToBounds = true
    let rows = Double(ChromeLayout.tabRows(tabCount: tabNames.count)) * ChromeLayout.tabRowHeight
    let columns = min(tabNames.count, ChromeLayout.tabColumns(tabCount: tabNames.count))
    let trackWidth = max(frame.width, ChromeLayout.tabWidth(stripWidth: frame.width) * Double(columns))
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
      let tab = View(
        frame: Rect(x: frame.minX + 2, y: frame.minY + 2, width: frame.width - 4, height: frame.height - 4))
      tab.identifier = "chrome.tab.\(name)"
      let isSelected = index == selected
      tab.style = ViewStyle(
        shape: .roundRect(cornerRadius: 6), fill: isSelected ? Self.selectedFill : Self.tabFill,
        label: index < 10 ? "\((index + 1) % 10) \(name)" : name,
        labelColor: isSelected ? Self.background : Self.hintColor, fontSize: 12)
      let tap = TapGestureRecognizer { _ in onTab(index) }
      tap.name = "chrome.tab.\(name)"
      tab.addGestureRecognizer(tap)
      track.addSubview(tab)
    }
    if trackWidth > frame.width {
      Self.scrollSideways(
        track, in: viewport,
        showing: selected.map { ChromeLayout.tabFrame(index: $0, of: tabNames.count, width: frame.width) })
    }
    addSubview(
      Self.button(
        "chrome.overlay", frame: ChromeLayout.overlayButtonFrame(width: frame.width), isOn: overlayVisible,
        label: overlayVisible ? "Overlay on (D)" : "Overlay off (D)", action: onOverlayButton))
    addSubview(
      Self.button(
        "chrome.timeline", frame: ChromeLayout.timelineButtonFrame(width: frame.width), isOn: timelineVisible,
        label: timelineVisible ? "Timeline on (T)" : "Timeline (T)", action: onTimelineButton))
  }

  /// A button of the hint bar, lit while `isOn`, calling `action` when tapped.
  private static func button(
    _ identifier: String, frame: Rect, isOn: Bool, label: String, action: @escaping () -> Void
  ) -> View {
    let button = View(frame: frame)
    button.identifier = identifier
    button.style = ViewStyle(
      shape: .roundRect(cornerRadius: 6), fill: isOn ? selectedFill : tabFill, label: label,
      labelColor: isOn ? background : hintColor, fontSize: 12)
    let tap = TapGestureRecognizer { _ in action() }
    tap.name = identifier
    button.addGestureRecognizer(tap)
    return button
  }

  /// How wide the hint may be in a strip `stripWidth` wide: up to the mouse hint, or the
  /// timeline button where the mouse hint is left out (``draw(in:)``), never under them.
  static func hintWidth(stripWidth: Double) -> Double {
    (mouseHintLeft(stripWidth: stripWidth) ?? ChromeLayout.timelineButtonFrame(width: stripWidth).minX - 4)
      - 18
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
  /// wheel or touchpad) moves it, never past either end; it starts with `shown` (the
  /// selected tab, track coordinates) in view.
  private static func scrollSideways(_ track: View, in viewport: View, showing shown: Rect?) {
    // The pan's action reaches the viewport through the recognizer and the track weakly:
    // the viewport owns the pan, so a strong capture would keep the strip alive for ever.
    func place(_ track: View, at left: Double, in viewport: View) {
      let x = min(0, max(viewport.bounds.width - track.bounds.width, left))
      track.center = Point(x: x + track.bounds.width / 2, y: track.center.y)
    }
    if let shown, shown.maxX > viewport.bounds.width {
      place(track, at: viewport.bounds.width - shown.maxX, in: viewport)
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
    viewport.addGestureRecognizer(pan)
  }

  /// Draws the hint at the left of the hint bar (``hintLines(_:width:measure:)``), cut with an
  /// ellipsis where it would still run into ``mouseHint`` at its right, left of the overlay
  /// button (the mouse hint is left out when the bar is too narrow for it).
  public func draw(in context: DrawingContext) {
    if let hint {
      let width = Self.hintWidth(stripWidth: bounds.width)
      let (size, lines) = Self.hintLines(hint, width: width) { context.textWidth($0, size: $1) }
      let baselines = lines.count == 1 ? [ChromeLayout.hintBarHeight / 2 + size * 0.38] : [12.0, 24.0]
      context.setColor(Self.hintColor)
      for (line, baseline) in zip(lines, baselines) {
        context.text(line, at: Point(x: 10, y: baseline), size: size, maxWidth: width)
      }
    }
    guard let left = Self.mouseHintLeft(stripWidth: bounds.width) else { return }
    context.setColor(Self.hintColor)
    context.text(
      Self.mouseHint, at: Point(x: left + ChromeLayout.mouseHintWidth / 2, y: ChromeLayout.hintBarHeight / 2),
      size: 12, alignment: .center)
  }
}
