import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The strip's hover on KWin at 150 %: a tab under the pointer is lit whole, and whole again
  /// in its own fill once the pointer leaves, with no stripe of either fill left where KWin's
  /// damage at a fractional scale would round a repaint short.
  @Suite("KWin: the strip's hover")
  struct KWinChromeHoverTests {
    static let tabFill = RGBA8(r: 0x2c, g: 0x31, b: 0x3a)
    static let hoverFill = RGBA8(r: 0x3e, g: 0x44, b: 0x51)
    static let selectedFill = RGBA8(r: 0x61, g: 0xaf, b: 0xef)

    /// How many pixels of `image` in `box`, less `inset` on each side, are `color` (within 3).
    static func count(_ color: RGBA8, in image: Image, box: PixelBox, inset: Int) -> Int {
      var total = 0
      for y in (box.minY + inset)...(box.maxY - inset) {
        for x in (box.minX + inset)...(box.maxX - inset)
        where image.pixel(x: x, y: y).isClose(to: color, tolerance: 3) {
          total += 1
        }
      }
      return total
    }

    @Test("At 150 %, the tab under the pointer lights whole, and goes back whole when it leaves")
    func hoverAtFractionalScale() throws {
      let scale = 1.5
      let app = try RepositoryLayout.appExecutable()
      try KWinSession.with(width: 1280, height: 800, scale: scale) { session in
        // multitouch draws nothing in the tabs' colours (cards' round card is the selected
        // tab's blue); its tab is the seventh of the first row, circles' the eighth.
        _ = try session.launchClient(
          app, arguments: ["run", "--scene", "multitouch"], name: "gesture-playground")
        let shown = try session.capture(until: .seconds(10)) {
          PixelBox.bounding(Self.selectedFill, tolerance: 3, in: $0) != nil
        }
        // The selected tab; the next is one tab's width and the 4 px gap (6 device pixels) to
        // its right, in the same row.
        let first = try #require(
          PixelBox.bounding(Self.selectedFill, tolerance: 3, in: shown), "no selected tab")
        let width = first.maxX - first.minX + 1
        let second = PixelBox(
          minX: first.maxX + 1 + 6, minY: first.minY, maxX: first.maxX + 6 + width, maxY: first.maxY)
        let row = PixelBox(minX: 0, minY: first.minY, maxX: shown.width - 1, maxY: first.maxY)
        // 3 device pixels in: the rounded corners' blend stays out of the count. A few pixels
        // of the labels' blend come out near the lit fill: the row's count at rest.
        #expect(Self.count(Self.tabFill, in: shown, box: second, inset: 3) > 0, "no tab at \(second)")
        let atRest = Self.count(Self.hoverFill, in: shown, box: row, inset: 0)
        // The pointer to the tab's left end (its label is in the middle), in logical pixels,
        // then into the scene. KWin drops the fake pointer when kwin-inject exits (the app
        // loses its pointer, and the hover ends), so the screenshots are taken while it waits.
        let x = Double(second.minX + 10) / scale
        let y = Double((second.minY + second.maxY) / 2) / scale
        let done = DispatchGroup()
        done.enter()
        // Only inject runs on the other thread, and the test waits for it before it ends.
        nonisolated(unsafe) let injecting = session
        DispatchQueue.global().async {
          defer { done.leave() }
          try? injecting.inject([
            "pointer-motion \(x) \(y)", "wait 2500", "pointer-motion \(x) \(y - 150)", "wait 4000",
          ])
        }
        defer { done.wait() }
        let lit = try session.capture {
          Self.count(Self.tabFill, in: $0, box: second, inset: 3) == 0
            && Self.count(Self.hoverFill, in: $0, box: second, inset: 3) > 0
        }
        #expect(
          Self.count(Self.tabFill, in: lit, box: second, inset: 3) == 0,
          "pixels of the unlit fill left in the lit tab \(second)")
        #expect(Self.count(Self.hoverFill, in: lit, box: second, inset: 3) > 0, "the tab did not light")
        let back = try session.capture(until: .seconds(6)) {
          Self.count(Self.hoverFill, in: $0, box: row, inset: 0) <= atRest
        }
        #expect(done.wait(timeout: .now()) == .timedOut, "the pointer went away before the check")
        #expect(
          Self.count(Self.hoverFill, in: back, box: row, inset: 0) <= atRest, "lit pixels left in the row")
        #expect(Self.count(Self.tabFill, in: back, box: second, inset: 3) > 0)
      }
    }
  }
}
