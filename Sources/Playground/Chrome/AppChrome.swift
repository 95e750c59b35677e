import CairoRenderer
import GestureKit

/// Where the app's own controls go: a strip below the scene, so the scene keeps exactly the
/// coordinates of its file and the window is the scene's size plus the strip.
///
/// ```
/// y = 0          +-----------------------------------------------+
///                | the scene (its container, frame 0,0,size)     |
/// y = H          +-----------------------------------------------+
///                | hint of the scene    Alt: two... [Overlay D] |  hint bar, 28 px
/// y = H + 28     | tab 1 | tab 2 | ...                   | tab 8 |  tab rows, 30 px each:
///                | tab 9 | ...                                   |  8 tabs a row, at least 2 rows
///                +-----------------------------------------------+
/// ```
///
/// Tab `i` (0-based, the picker's order) is column `i % 8`, row `i / 8`; each tab is an
/// eighth of the scene's width.
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
  /// Width of the overlay button at the right end of the hint bar.
  public static let overlayButtonWidth = 116.0
  /// Width of the mouse hint left of the overlay button (``ChromeView/mouseHint``).
  public static let mouseHintWidth = 210.0

  /// Rows needed for `tabCount` tabs.
  public static func tabRows(tabCount: Int) -> Int {
    max(minimumTabRows, (tabCount + tabsPerRow - 1) / tabsPerRow)
  }

  /// Height of the whole strip.
  public static func height(tabCount: Int) -> Double {
    hintBarHeight + Double(tabRows(tabCount: tabCount)) * tabRowHeight
  }

  /// The window's size for a scene of `sceneSize`: the scene with the strip below it.
  public static func windowSize(sceneSize: Size, tabCount: Int) -> Size {
    Size(width: sceneSize.width, height: sceneSize.height + height(tabCount: tabCount))
  }

  /// The frame of tab `index` in the strip's coordinates (add the scene's height for window
  /// coordinates).
  public static func tabFrame(index: Int, width: Double) -> Rect {
    let tabWidth = width / Double(tabsPerRow)
    return Rect(
      x: Double(index % tabsPerRow) * tabWidth, y: hintBarHeight + Double(index / tabsPerRow) * tabRowHeight,
      width: tabWidth, height: tabRowHeight)
  }

  /// The frame of the overlay button in the strip's coordinates.
  public static func overlayButtonFrame(width: Double) -> Rect {
    Rect(x: width - overlayButtonWidth - 4, y: 3, width: overlayButtonWidth, height: hintBarHeight - 6)
  }
}

/// The strip below the scene: the scene's hint on a dark bar, the overlay button and one tab
/// per scene of the picker. Every view in it is identified `chrome...`, and
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

  /// A strip for a scene of `sceneSize`, showing `hint`, a tab per name of `tabNames`
  /// (`selected` highlighted), and the overlay button (lit when `overlayVisible`).
  /// `onTab` gets a tapped tab's index; `onOverlayButton` is called when the button is tapped.
  public init(
    sceneSize: Size, hint: String?, tabNames: [String], selected: Int?, overlayVisible: Bool,
    onTab: @escaping (Int) -> Void, onOverlayButton: @escaping () -> Void
  ) {
    self.hint = hint
    let height = ChromeLayout.height(tabCount: tabNames.count)
    super.init(frame: Rect(x: 0, y: sceneSize.height, width: sceneSize.width, height: height))
    identifier = "chrome"
    style = ViewStyle(fill: Self.background)
    clipsToBounds = true
    for (index, name) in tabNames.enumerated() {
      let frame = ChromeLayout.tabFrame(index: index, width: sceneSize.width)
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
      addSubview(tab)
    }
    let button = View(frame: ChromeLayout.overlayButtonFrame(width: sceneSize.width))
    button.identifier = "chrome.overlay"
    button.style = ViewStyle(
      shape: .roundRect(cornerRadius: 6), fill: overlayVisible ? Self.selectedFill : Self.tabFill,
      label: overlayVisible ? "Overlay on (D)" : "Overlay off (D)",
      labelColor: overlayVisible ? Self.background : Self.hintColor, fontSize: 12)
    let tap = TapGestureRecognizer { _ in onOverlayButton() }
    tap.name = "chrome.overlay"
    button.addGestureRecognizer(tap)
    addSubview(button)
  }

  /// Draws the hint, one line, at the left of the hint bar, and ``mouseHint`` at its right,
  /// left of the overlay button (the mouse hint and the button cover what runs under them;
  /// the mouse hint is left out when the bar is too narrow for it).
  public func draw(in context: DrawingContext) {
    let baseline = ChromeLayout.hintBarHeight / 2 + 5
    if let hint {
      context.setColor(Self.hintColor)
      context.text(hint, at: Point(x: 10, y: baseline), size: 13)
    }
    let right = ChromeLayout.overlayButtonFrame(width: bounds.width).minX - 4
    let left = right - ChromeLayout.mouseHintWidth
    guard left > bounds.width / 3 else { return }
    context.setColor(Self.background)
    context.addRect(
      Rect(x: left, y: 0, width: ChromeLayout.mouseHintWidth, height: ChromeLayout.hintBarHeight))
    context.fill()
    context.setColor(Self.hintColor)
    context.text(
      Self.mouseHint, at: Point(x: left + ChromeLayout.mouseHintWidth / 2, y: ChromeLayout.hintBarHeight / 2),
      size: 12, alignment: .center)
  }
}
