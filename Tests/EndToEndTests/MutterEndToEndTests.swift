import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The app on mutter (GNOME) headless: its own title bar, a window sized to the monitor
  /// (`configure_bounds`), and the keyboard kept after a click on the title bar.
  @Suite("mutter")
  struct MutterEndToEndTests {
    /// The app's title bar, its strip, and the selected tab's (and a lit button's) colour.
    static let titleBar = RGBA8(r: 0x30, g: 0x36, b: 0x43)
    static let strip = RGBA8(r: 0x14, g: 0x16, b: 0x1b)
    static let lit = RGBA8(r: 0x61, g: 0xaf, b: 0xef)

    /// How many pixels of `image` in rows `rows` are `color` (within 6 per channel).
    static func count(_ color: RGBA8, in image: Image, rows: Range<Int>) -> Int {
      rows.clamped(to: 0..<image.height).reduce(0) { total, y in
        total + (0..<image.width).filter { image.pixel(x: $0, y: y).isClose(to: color, tolerance: 6) }.count
      }
    }

    @Test(
      "A window taller than the monitor fits it whole; after a click on its title bar the keys still reach it"
    )
    func fitsAndKeepsTheKeyboard() throws {
      let app = try RepositoryLayout.appExecutable()
      try MutterSession.with(width: 1024, height: 600) { session in
        try session.launchClient(app, arguments: ["run", "--scene", "cards"], name: "gesture-playground")
        // The cards scene wants 960x728 and a title bar: more than the 600 px monitor.
        let shown = try session.capture {
          PixelBox.bounding(Self.titleBar, tolerance: 2, in: $0) != nil
            && PixelBox.bounding(Self.strip, tolerance: 2, in: $0) != nil
        }
        let bar = try #require(PixelBox.bounding(Self.titleBar, tolerance: 2, in: shown), "no title bar")
        let strip = try #require(PixelBox.bounding(Self.strip, tolerance: 2, in: shown), "no strip")
        #expect(bar.minY >= 0 && bar.maxY < strip.minY, "title bar \(bar), strip \(strip)")
        #expect(strip.maxY <= 599, "the strip runs off the monitor: \(strip)")
        // The selected tab is lit; the hint bar (the strip's first 28 rows) has nothing lit.
        let hintBar = strip.minY..<strip.minY + 26
        #expect(Self.count(Self.lit, in: shown, rows: strip.minY + 28..<strip.maxY) > 500, "no selected tab")
        #expect(Self.count(Self.lit, in: shown, rows: hintBar) == 0, "the overlay button is lit already")

        // A click on the title bar (a move that goes nowhere), then D: the overlay button lights.
        // The title bar's colour's box runs down to the strip's tabs, drawn in that colour too:
        // the bar is its top 32 rows (the middle of the box was in the scene).
        let press = (x: bar.minX + 100, y: bar.minY + 16)
        try session.drive([
          "motion \(press.x) \(press.y)", "wait 200", "button 272 pressed", "wait 100", "button 272 released",
          "wait 300", "key 32 pressed", "key 32 released", "wait 300",
        ])
        let after = try session.capture { Self.count(Self.lit, in: $0, rows: hintBar) > 200 }
        #expect(
          Self.count(Self.lit, in: after, rows: hintBar) > 200, "D did not reach the window after the click")
      }
    }

    @Test(
      "A double click on the title bar maximises the window, as on GTK's header bar; F11 then fills the monitor"
    )
    func doubleClickMaximises() throws {
      let app = try RepositoryLayout.appExecutable()
      try MutterSession.with(width: 1600, height: 1000) { session in
        try session.launchClient(app, arguments: ["run", "--scene", "cards"], name: "gesture-playground")
        let shown = try session.capture { PixelBox.bounding(Self.titleBar, tolerance: 2, in: $0) != nil }
        let bar = try #require(PixelBox.bounding(Self.titleBar, tolerance: 2, in: shown), "no title bar")
        // On a monitor this large mutter does not maximise the 960 px window as it maps it.
        #expect(bar.maxX - bar.minX < 1200, "the window is maximised already: \(bar)")
        // The first press starts a move that goes nowhere; the second, 150 ms later, maximises.
        // The press is in the bar's rows (the box of its colour runs down to the tabs).
        let press = (x: bar.minX + 100, y: bar.minY + 16)
        try session.drive([
          "motion \(press.x) \(press.y)", "wait 200", "button 272 pressed", "wait 50", "button 272 released",
          "wait 100", "button 272 pressed", "wait 50", "button 272 released", "wait 300",
        ])
        let spans: (Image) -> Bool = { image in
          PixelBox.bounding(Self.titleBar, tolerance: 2, in: image).map { $0.minX == 0 && $0.maxX == 1599 }
            == true
        }
        let after = try session.capture(spans)
        let box = PixelBox.bounding(Self.titleBar, tolerance: 2, in: after)
        #expect(spans(after), "the title bar does not span the monitor: \(String(describing: box))")
        // F11 from maximised: the window fills the monitor, its frame hidden. The 960x640 scene
        // is fitted at 1.425 above the 88 px strip, so the surround (its background #1e2127
        // halved) shows at both edges, and the scene runs up to the top row.
        try session.drive(["key 87 pressed", "key 87 released", "wait 300"])
        let surround = RGBA8(r: 0x0f, g: 0x10, b: 0x13)
        let background = RGBA8(r: 0x1e, g: 0x21, b: 0x27)
        let filled: (Image) -> Bool = { image in
          [(0, 0), (0, 500), (1599, 0), (1599, 500)].allSatisfy {
            image.pixel(x: $0.0, y: $0.1).isClose(to: surround, tolerance: 2)
          } && image.pixel(x: 800, y: 0).isClose(to: background, tolerance: 2)
        }
        #expect(filled(try session.capture(filled)), "the fullscreen window does not fill the monitor")
      }
    }

    @Test("A wheel click over the scroll-drag strip scrolls it by GTK's step, not mutter's 10 px")
    func wheelStep() throws {
      try scrollStrip(["scroll 0 1"])
    }

    @Test("Eight eighths of a click of a high-resolution wheel scroll the strip as far as one click")
    func highResolutionWheel() throws {
      // mutter sends each as axis_value120 15 with 1.25 px (and no whole click): counted against
      // libinput's 15 px a click, as before the 120ths were read, they moved the strip 65 px.
      try scrollStrip((0..<8).flatMap { _ in ["wheel 0 1.25", "wait 30"] })
    }

    /// Opens the `scroll-drag` scene on a 1600x1000 monitor, scrolls with `wheel` (driver
    /// commands) over the strip, and expects item-1 97 px to the left: one click of GTK's step.
    private func scrollStrip(_ wheel: [String]) throws {
      let app = try RepositoryLayout.appExecutable()
      // item-1 (#e06c75) is at x 20 to 139 of the 960 px scene, shown at 1:1 on this monitor.
      let item = RGBA8(r: 0xe0, g: 0x6c, b: 0x75)
      try MutterSession.with(width: 1600, height: 1000) { session in
        try session.launchClient(
          app, arguments: ["run", "--scene", "scroll-drag"], name: "gesture-playground")
        let shown = try session.capture {
          PixelBox.bounding(Self.titleBar, tolerance: 2, in: $0) != nil
            && PixelBox.bounding(item, tolerance: 2, in: $0) != nil
        }
        let bar = try #require(PixelBox.bounding(Self.titleBar, tolerance: 2, in: shown), "no title bar")
        let before = try #require(PixelBox.bounding(item, tolerance: 2, in: shown), "no item-1")
        #expect(before.maxX == bar.minX + 139, "item-1 \(before), the title bar \(bar)")
        // Down over the strip by one click: 960^(2/3) = 97.3 px, GTK's step for that width.
        try session.drive(
          ["motion \(bar.minX + 480) \(bar.minY + 32 + 100)", "wait 200"] + wheel + ["wait 300"])
        let right = before.maxX - 97
        let after = try session.capture {
          PixelBox.bounding(item, tolerance: 2, in: $0).map { abs($0.maxX - right) <= 1 } == true
        }
        let moved = PixelBox.bounding(item, tolerance: 2, in: after)
        #expect(
          moved.map { abs($0.maxX - right) <= 1 } == true,
          "item-1 ends at \(String(describing: moved)), not near x \(right)")
      }
    }
  }
}
