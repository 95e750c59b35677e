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
///                | tab 9 | ...                                   |  up to 8 tabs a row, 2 to 4 rows
/// y = H          +-----------------------------------------------+
/// ```
///
/// A row holds as many tabs as fit side by side at ``minimumTabWidth``, 8 at most
/// (``fittingColumns(width:)``), so a narrow window gets more rows, not tabs off its edge.
/// Tab `i` (0-based, the picker's order) is column `i % c`, row `i / c`, where `c` is
/// ``tabColumns(tabCount:width:)``. Where 4 rows of those cannot hold every tab (more than 32
/// scenes, or more than 12 in a window narrower than 384 px), the rows get longer and scroll
/// sideways (drag them, or turn the wheel), and the tabs are sized so that about half of one
/// shows at the right edge: a cue that the row goes on. The window first asks for the scene's size
/// plus the strip, where the scene is shown at scale 1 (``windowSize(sceneSize:tabCount:)``).
public enum ChromeLayout {
  /// Height of the hint bar, right below the scene.
  public static let hintBarHeight = 28.0
  /// Height of one row of tabs.
  public static let tabRowHeight = 30.0
  /// The most tabs in a row that does not scroll (a window 768 px wide or more).
  public static let tabsPerRow = 8
  /// Rows shown even when fewer tabs would fit (the window keeps its height as scenes are
  /// added, up to 16 in a window 768 px wide or more).
  public static let minimumTabRows = 2
  /// The most rows: past 32 scenes (fewer in a narrow window) the rows grow longer than the
  /// strip and scroll sideways, so that a data folder of many scenes never takes more than
  /// 148 px from the scene (with one row per 8 tabs, 40 scenes took 178 px, and 2,000 hid the
  /// scene under the tabs).
  public static let maximumTabRows = 4
  /// The narrowest a tab gets (its label stays readable).
  public static let minimumTabWidth = 96.0
  /// Width of the overlay button at the right end of the hint bar.
  public static let overlayButtonWidth = 116.0
  /// Width of the timeline button, left of the overlay button.
  public static let timelineButtonWidth = 116.0
  /// Width of each of the two buttons in a strip narrower than ``compactButtonsBelow``, where
  /// they are labelled by their names alone ("Timeline", "Overlay") and lit while on.
  public static let compactButtonWidth = 72.0
  /// Below this strip width the buttons are compact: at full width they would leave the
  /// scene's hint about a third of the bar or less (at 360 px, a phone's width, 98 px: the hint
  /// was cut after two words; compact, it has 186 px).
  public static let compactButtonsBelow = 400.0
  /// Width of the mouse hint left of the timeline button (``ChromeView/mouseHint``).
  public static let mouseHintWidth = 210.0
  /// The least height the scene keeps in the smallest window the app asks for.
  public static let minimumSceneHeight = 112.0
  /// The smallest window content the app asks the compositor for (`set_min_size`): two
  /// columns of tabs wide, and the tallest strip (``maximumTabRows`` rows) with
  /// ``minimumSceneHeight`` of scene above it: 240x260. (At 240x160, which the app asked for
  /// before, the strip of the bundled scenes left the scene 12 px.)
  public static let minimumWindowSize = Size(
    width: 240, height: hintBarHeight + Double(maximumTabRows) * tabRowHeight + minimumSceneHeight)

  /// Tabs side by side in a strip `width` wide without scrolling: as many as fit at
  /// ``minimumTabWidth``, at most ``tabsPerRow``, at least 1.
  public static func fittingColumns(width: Double) -> Int {
    wholeTabs(in: width, less: 0)
  }

  /// Tabs in a row for `tabCount` tabs in a strip `width` wide: ``fittingColumns(width:)``, or
  /// more when ``maximumTabRows`` rows of those would not hold them all.
  public static func tabColumns(tabCount: Int, width: Double) -> Int {
    max(fittingColumns(width: width), (max(0, tabCount) + maximumTabRows - 1) / maximumTabRows)
  }

  /// Rows for `tabCount` tabs in a strip `width` wide: from ``minimumTabRows`` to
  /// ``maximumTabRows``.
  public static func tabRows(tabCount: Int, width: Double) -> Int {
    let columns = tabColumns(tabCount: tabCount, width: width)
    return min(maximumTabRows, max(minimumTabRows, (max(0, tabCount) + columns - 1) / columns))
  }

  /// Whether the rows of `tabCount` tabs are longer than a strip `width` wide shows, and
  /// scroll sideways.
  public static func tabsScroll(tabCount: Int, width: Double) -> Bool {
    tabColumns(tabCount: tabCount, width: width) > fittingColumns(width: width)
  }

  /// Height of the whole strip `width` wide with `tabCount` tabs.
  public static func height(tabCount: Int, width: Double) -> Double {
    hintBarHeight + Double(tabRows(tabCount: tabCount, width: width)) * tabRowHeight
  }

  /// The window's preferred size for a scene of `sceneSize`: the scene at scale 1 with the
  /// strip below it.
  public static func windowSize(sceneSize: Size, tabCount: Int) -> Size {
    Size(
      width: sceneSize.width, height: sceneSize.height + height(tabCount: tabCount, width: sceneSize.width))
  }

  /// The strip's frame in a window of `windowSize`: the window's width, at its bottom (at its
  /// top when the window is shorter than the strip).
  public static func stripFrame(windowSize: Size, tabCount: Int) -> Rect {
    let height = height(tabCount: tabCount, width: windowSize.width)
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

  /// Each tab's width in a strip `width` wide holding `tabCount` tabs: the strip's width
  /// shared by the ``fittingColumns(width:)`` (at least ``minimumTabWidth``). Where the rows
  /// scroll, the strip shows as many whole tabs as leave room for about half of the next, at
  /// least one and at most ``tabsPerRow``, each a whole number of pixels wide.
  public static func tabWidth(stripWidth width: Double, tabCount: Int) -> Double {
    guard tabsScroll(tabCount: tabCount, width: width) else {
      return max(width / Double(fittingColumns(width: width)), minimumTabWidth)
    }
    // Whole pixels: at scale 1 the tabs' edges are crisp, and a scrolled track's end lands on
    // the strip's exactly.
    return max((width / (Double(wholeTabs(in: width, less: 0.5)) + 0.5)).rounded(.down), minimumTabWidth)
  }

  /// The frame of tab `index` of `tabCount` in the strip's coordinates (before any sideways
  /// scrolling) for a strip `width` wide.
  public static func tabFrame(index: Int, of tabCount: Int, width: Double) -> Rect {
    let tabWidth = tabWidth(stripWidth: width, tabCount: tabCount)
    let columns = tabColumns(tabCount: tabCount, width: width)
    return Rect(
      x: Double(index % columns) * tabWidth, y: hintBarHeight + Double(index / columns) * tabRowHeight,
      width: tabWidth, height: tabRowHeight)
  }

  /// How many tabs of ``minimumTabWidth`` fit in `width` with `less` of one to spare, from 1
  /// to ``tabsPerRow`` (also for a width that is not finite).
  private static func wholeTabs(in width: Double, less: Double) -> Int {
    guard width.isFinite else { return width > 0 ? tabsPerRow : 1 }
    return Int(min(Double(tabsPerRow), max(1, (width / minimumTabWidth - less).rounded(.down))))
  }

  /// The frame of the overlay button in the strip's coordinates.
  public static func overlayButtonFrame(width: Double) -> Rect {
    let buttonWidth = buttonsAreCompact(width: width) ? compactButtonWidth : overlayButtonWidth
    return Rect(x: width - buttonWidth - 4, y: 3, width: buttonWidth, height: hintBarHeight - 6)
  }

  /// Whether the buttons of a strip `width` wide are compact (``compactButtonsBelow``).
  public static func buttonsAreCompact(width: Double) -> Bool {
    width < compactButtonsBelow
  }

  /// The frame of the timeline button, left of the overlay button, in the strip's coordinates.
  public static func timelineButtonFrame(width: Double) -> Rect {
    let overlay = overlayButtonFrame(width: width)
    let buttonWidth = buttonsAreCompact(width: width) ? compactButtonWidth : timelineButtonWidth
    return Rect(
      x: overlay.minX - buttonWidth - 4, y: overlay.minY, width: buttonWidth, height: overlay.height)
  }
}
