import GestureKit
import Testing

@testable import Playground

/// The strip's tabs and buttons light under the pointer or a pen, and show a press on them,
/// as GTK's buttons do.
@Suite("Chrome: hover and press")
struct ChromeButtonTests {
  /// A replay of `cards` with every bundled scene in the picker, logging into `lines`.
  private final class Harness {
    var lines: [String] = []
    private(set) var replay: Replay!

    init() throws {
      let catalog = SceneCatalog.bundled()
      replay = Replay(
        scene: try catalog.entries[0].load(), log: EventLog { [unowned self] in lines.append($0) },
        catalog: catalog)
      replay.window.size = Size(width: 960, height: 800)
    }

    /// Plays `events` at `t`.
    func play(_ t: Double, _ events: SeatEvent...) {
      replay.play(Trace(seatEvents: events.map { (t, $0) }, source: "hover"))
    }

    /// The tabs, then the overlay and timeline buttons, of the current strip.
    var buttons: [View] {
      let chrome = replay.session.chrome
      let tabs = chrome.subviews.first { $0.identifier == "chrome.tabs" }?.subviews.first?.subviews ?? []
      return tabs
        + chrome.subviews.filter { $0.identifier == "chrome.overlay" || $0.identifier == "chrome.timeline" }
    }

    /// The identifiers of the tabs and buttons drawn with the hover fill.
    var lit: [String?] { buttons.filter { $0.style.fill == ChromeView.hoverFill }.map(\.identifier) }
    /// The identifiers of the tabs and buttons drawn pressed.
    var pressed: [String?] { buttons.filter { $0.style.fill == ChromeView.pressedFill }.map(\.identifier) }

    /// The centre of the view identified `identifier`, in window coordinates.
    func centre(_ identifier: String) throws -> Point {
      let view = try #require(buttons.first { $0.identifier == identifier })
      return view.convert(Point(x: view.bounds.width / 2, y: view.bounds.height / 2), to: nil)
    }
  }

  @Test("the tab or button under the pointer or a pen lights; the selected one keeps its fill")
  func hoverLights() throws {
    let h = try Harness()
    #expect(h.lit == [])
    h.play(0, .pointerEnter(location: try h.centre("chrome.tab.direct")), .pointerFrame)
    #expect(h.lit == ["chrome.tab.direct"])
    h.play(0.1, .pointerMotion(location: try h.centre("chrome.tab.photos")), .pointerFrame)
    #expect(h.lit == ["chrome.tab.photos"])
    // The selected tab (cards) does not change its fill.
    h.play(0.2, .pointerMotion(location: try h.centre("chrome.tab.cards")), .pointerFrame)
    #expect(h.lit == [])
    let cards = try #require(h.buttons.first { $0.identifier == "chrome.tab.cards" })
    #expect(cards.style.fill == ChromeView.selectedFill)
    h.play(0.3, .pointerMotion(location: try h.centre("chrome.overlay")), .pointerFrame)
    #expect(h.lit == ["chrome.overlay"])
    h.play(0.4, .pointerLeave, .pointerFrame)
    #expect(h.lit == [])
    // A pen near the timeline button lights it; away, it goes back.
    h.play(
      1, .tabletProximityIn(tool: 1, kind: .pen),
      .tabletMotion(tool: 1, location: try h.centre("chrome.timeline")),
      .tabletDistance(tool: 1, distance: 0.4), .tabletFrame(tool: 1))
    #expect(h.lit == ["chrome.timeline"])
    h.play(1.1, .tabletProximityOut(tool: 1), .tabletFrame(tool: 1))
    #expect(h.lit == [])
    // None of it is in the event log: the strip is left out of it.
    #expect(!h.lines.contains { $0.contains("chrome") }, "\(h.lines)")
  }

  @Test("a press on a card lights nothing it is dragged across, until released; one on a tab keeps it lit")
  func pressElsewhere() throws {
    let h = try Harness()
    let card = try #require(h.replay.session.installed.views["red"])
    let start = card.convert(Point(x: card.bounds.width / 2, y: card.bounds.height / 2), to: nil)
    let tab = try h.centre("chrome.tab.paint")
    h.play(0, .pointerEnter(location: start), .pointerFrame)
    h.play(0.1, .pointerButton(button: SeatEvent.leftButton, pressed: true), .pointerFrame)
    for (index, fraction) in [0.25, 0.5, 0.75, 1].enumerated() {
      let location = Point(
        x: start.x + (tab.x - start.x) * fraction, y: start.y + (tab.y - start.y) * fraction)
      h.play(0.2 + Double(index) * 0.02, .pointerMotion(location: location), .pointerFrame)
    }
    #expect(h.lit == [], "the drag lit a tab")
    // Released over the tab, the pointer lights it at once, as GTK's crossing at the end of
    // its grab does, not at its next motion.
    h.play(0.4, .pointerButton(button: SeatEvent.leftButton, pressed: false), .pointerFrame)
    #expect(h.lit == ["chrome.tab.paint"], "the release did not light the tab under the pointer")
    h.play(0.5, .pointerMotion(location: Point(x: tab.x + 1, y: tab.y)), .pointerFrame)
    #expect(h.lit == ["chrome.tab.paint"])
    // Pressed on the lit tab, it shows the press; off it with the button held, it goes back
    // and the tab it passes does not light; back on it, pressed again.
    h.play(0.6, .pointerButton(button: SeatEvent.leftButton, pressed: true), .pointerFrame)
    h.play(0.62, .pointerMotion(location: Point(x: tab.x + 3, y: tab.y)), .pointerFrame)
    #expect(h.pressed == ["chrome.tab.paint"] && h.lit == [])
    h.play(0.64, .pointerMotion(location: try h.centre("chrome.tab.edge")), .pointerFrame)
    #expect(h.pressed == [] && h.lit == [])
    h.play(0.66, .pointerMotion(location: tab), .pointerFrame)
    #expect(h.pressed == ["chrome.tab.paint"])
  }

  @Test("a finger on a tab shows it pressed until it lifts or slides off; a tap still switches")
  func fingerPress() throws {
    let h = try Harness()
    let tab = try h.centre("chrome.tab.taps")
    h.play(0, .touchDown(id: 1, location: tab), .touchFrame)
    #expect(h.pressed == ["chrome.tab.taps"] && h.lit == [])
    // A second finger on another tab is that tab's own press.
    h.play(0.02, .touchDown(id: 2, location: try h.centre("chrome.tab.swipe")), .touchFrame)
    #expect(h.pressed == ["chrome.tab.taps", "chrome.tab.swipe"])
    // It slides off before it lifts: no tap, no switch.
    h.play(0.03, .touchMotion(id: 2, location: Point(x: tab.x, y: 100)), .touchFrame)
    h.play(0.04, .touchUp(id: 2), .touchFrame)
    #expect(h.pressed == ["chrome.tab.taps"])
    h.play(0.06, .touchMotion(id: 1, location: Point(x: tab.x, y: tab.y - 40)), .touchFrame)
    #expect(h.pressed == [], "slid off the tab")
    h.play(0.08, .touchMotion(id: 1, location: tab), .touchFrame)
    #expect(h.pressed == ["chrome.tab.taps"])
    // Lifted over it, however far it went meanwhile, it switches (GTK's clicked).
    h.play(0.5, .touchUp(id: 1), .touchFrame)
    #expect(h.replay.session.scene.name == "taps")
    #expect(h.pressed == [])
    // A quick tap switches to the tab, whose new strip shows it selected.
    let paint = try h.centre("chrome.tab.paint")
    h.play(1, .touchDown(id: 3, location: paint), .touchFrame)
    h.play(1.05, .touchUp(id: 3), .touchFrame)
    #expect(h.replay.session.scene.name == "paint")
    #expect(h.pressed == [] && h.lit == [])
  }

  @Test("a click released off the tab it pressed does nothing; released on it after a detour, it switches")
  func mouseRelease() throws {
    let h = try Harness()
    let tab = try h.centre("chrome.tab.menus")
    func press(_ t: Double, _ pressed: Bool) {
      h.play(t, .pointerButton(button: SeatEvent.leftButton, pressed: pressed), .pointerFrame)
    }
    h.play(0, .pointerEnter(location: tab), .pointerFrame)
    press(0.1, true)
    h.play(0.2, .pointerMotion(location: try h.centre("chrome.tab.edge")), .pointerFrame)
    press(0.3, false)
    #expect(h.replay.session.scene.name == "cards" && h.pressed == [])
    h.play(0.4, .pointerMotion(location: tab), .pointerFrame)
    press(0.5, true)
    h.play(0.6, .pointerMotion(location: Point(x: tab.x, y: 200)), .pointerFrame)
    h.play(0.7, .pointerMotion(location: Point(x: tab.x + 2, y: tab.y)), .pointerFrame)
    press(0.8, false)
    #expect(h.replay.session.scene.name == "menus")
  }

  @Test("in a strip too narrow for its tabs, a finger swiping them flashes no tab and a held one shows")
  func scrollCancelsPress() throws {
    let h = try Harness()
    h.replay.window.size = Size(width: 300, height: 500)
    var tab = try h.centre("chrome.tab.direct")
    h.play(0, .touchDown(id: 1, location: tab), .touchFrame)
    // The strip waits (UIKit's delaysContentTouches) before it shows the finger's press: the
    // swipe that follows scrolls it and no frame shows the tab pressed.
    for step in 1...6 {
      #expect(h.pressed == [], "the tab flashed pressed \(step) frames into a swipe")
      h.play(
        Double(step) * 0.016, .touchMotion(id: 1, location: Point(x: tab.x - Double(step) * 8, y: tab.y)),
        .touchFrame)
    }
    h.play(0.2, .touchMotion(id: 1, location: Point(x: tab.x - 50, y: tab.y)), .touchFrame)
    #expect(h.pressed == [], "the strip scrolls: the tab is not pressed")
    h.play(0.22, .touchUp(id: 1), .touchFrame)
    #expect(h.replay.session.scene.name == "cards")
    // Held still, the press shows once the delay is over; lifted, the tab switches.
    tab = try h.centre("chrome.tab.photos")
    h.play(1, .touchDown(id: 2, location: tab), .touchFrame)
    h.play(1 + ChromeButton.scrollingPressDelay - 0.01, .touchMotion(id: 2, location: tab), .touchFrame)
    #expect(h.pressed == [])
    h.play(1 + ChromeButton.scrollingPressDelay + 0.01, .touchMotion(id: 2, location: tab), .touchFrame)
    #expect(h.pressed == ["chrome.tab.photos"])
    h.play(1.3, .touchUp(id: 2), .touchFrame)
    #expect(h.replay.session.scene.name == "photos")
    // A quick tap switches without waiting; the mouse shows its press at once, as GTK's does.
    h.play(2, .touchDown(id: 3, location: try h.centre("chrome.tab.direct")), .touchFrame)
    h.play(2.05, .touchUp(id: 3), .touchFrame)
    #expect(h.replay.session.scene.name == "direct")
    // (A tab wholly in the strip's view: the ones either side of the selected tab are cut.)
    let shown = try #require(
      h.buttons.first { button in
        let frame = button.convert(button.bounds, to: nil)
        return button is ChromeButton && frame.minX >= 0 && frame.maxX <= 300
      })
    h.play(3, .pointerEnter(location: try h.centre(try #require(shown.identifier))), .pointerFrame)
    h.play(3.1, .pointerButton(button: SeatEvent.leftButton, pressed: true), .pointerFrame)
    #expect(h.pressed == [shown.identifier])
  }

  @Test(
    "a press held on a tab outlives the overlay's and the timeline's keys and switches when it lifts; a new size drops it"
  )
  func pressAcrossStripChanges() throws {
    let h = try Harness()
    h.play(0, .touchDown(id: 1, location: try h.centre("chrome.tab.paint")), .touchFrame)
    #expect(h.pressed == ["chrome.tab.paint"])
    h.play(0.1, .key(name: "d", pressed: true), .key(name: "d", pressed: false))
    h.play(0.15, .key(name: "t", pressed: true), .key(name: "t", pressed: false))
    #expect(h.replay.session.isOverlayVisible && h.replay.session.chrome.timelineVisible)
    #expect(h.pressed == ["chrome.tab.paint"], "the tab lost its press when a button was turned on")
    h.play(0.2, .touchUp(id: 1), .touchFrame)
    #expect(h.replay.session.scene.name == "paint")
    // A new size rebuilds the strip: a tab taken away under the finger does nothing.
    h.play(1, .touchDown(id: 2, location: try h.centre("chrome.tab.taps")), .touchFrame)
    h.replay.window.size = Size(width: 900, height: 800)
    #expect(h.pressed == [])
    h.play(1.2, .touchUp(id: 2), .touchFrame)
    #expect(h.replay.session.scene.name == "paint", "the tab taken away under the finger switched")
    // A press made on the new strip still switches.
    h.play(2, .touchDown(id: 3, location: try h.centre("chrome.tab.taps")), .touchFrame)
    h.play(2.1, .touchUp(id: 3), .touchFrame)
    #expect(h.replay.session.scene.name == "taps")
  }

  @Test("turning the overlay or the timeline on or off leaves the tabs where they were scrolled to")
  func togglesKeepScroll() throws {
    let h = try Harness()
    h.replay.window.size = Size(width: 300, height: 500)
    func track() throws -> View {
      let tabs = try #require(h.replay.session.chrome.subviews.first { $0.identifier == "chrome.tabs" })
      return try #require(tabs.subviews.first)
    }
    let before = try track()
    h.play(0, .pointerEnter(location: try h.centre("chrome.tab.direct")), .pointerFrame)
    h.play(0.1, .pointerAxis(axis: .vertical, value: 45, source: .wheel, discrete: 3), .pointerFrame)
    let scrolled = before.frame.minX
    #expect(scrolled < 0, "the tabs did not scroll")
    h.play(0.2, .key(name: "d", pressed: true), .key(name: "d", pressed: false))
    h.play(0.3, .key(name: "t", pressed: true), .key(name: "t", pressed: false))
    #expect(h.replay.session.isOverlayVisible && h.replay.session.chrome.timelineVisible)
    #expect(try track() === before && before.frame.minX == scrolled)
    h.play(0.4, .key(name: "d", pressed: true), .key(name: "d", pressed: false))
    #expect(!h.replay.session.isOverlayVisible && !h.replay.session.chrome.overlayVisible)
    #expect(try track() === before && before.frame.minX == scrolled)
  }

  @Test("a button that turns off under a still pointer lights at once, as GTK hovers a widget shown under it")
  func rebuiltUnderStillPointer() throws {
    let h = try Harness()
    let button = try h.centre("chrome.overlay")
    h.play(0, .pointerEnter(location: button), .pointerFrame)
    #expect(h.lit == ["chrome.overlay"])
    func click(_ t: Double) {
      h.play(t, .pointerButton(button: SeatEvent.leftButton, pressed: true), .pointerFrame)
      h.play(t + 0.05, .pointerButton(button: SeatEvent.leftButton, pressed: false), .pointerFrame)
    }
    click(1)
    #expect(h.replay.session.isOverlayVisible)
    #expect(h.lit == [], "the selected button keeps the selected fill")
    click(2)
    #expect(!h.replay.session.isOverlayVisible)
    #expect(h.lit == ["chrome.overlay"])
    // Moving off it still puts it back.
    h.play(3, .pointerMotion(location: Point(x: button.x, y: 100)), .pointerFrame)
    #expect(h.lit == [])
  }

  @Test("wheel clicks that scroll the tabs under a still pointer light the tab now under it")
  func wheelMovesTabs() throws {
    let h = try Harness()
    h.replay.window.size = Size(width: 300, height: 500)
    let point = try h.centre("chrome.tab.direct")
    h.play(0, .pointerEnter(location: point), .pointerFrame)
    #expect(h.lit == ["chrome.tab.direct"])
    h.play(
      0.1, .pointerAxis(axis: .vertical, value: 45, source: .wheel, discrete: 3),
      .pointerFrame)
    let under = try #require(h.replay.window.hitTest(point)?.identifier)
    #expect(under != "chrome.tab.direct", "the tabs did not scroll")
    #expect(h.lit == [under])
  }
}
