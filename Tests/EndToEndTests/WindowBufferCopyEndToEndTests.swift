import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// A window buffer that would be drawn in full takes a copy of the newest one instead
  /// (`WaylandApplication.repairFromNewest`), and only what changed since is drawn into it.
  @Suite("Window buffers: a copy of the newest, repaired")
  struct WindowBufferCopyEndToEndTests {
    /// Showing the debug overlay (D) redraws the whole window into one buffer, while the other
    /// still holds the scene without it. A finger then put on the blue card changes only what
    /// is around that card (the touch's ring, the card's outline): the frame goes into the
    /// other buffer, which gets the overlay by the copy. Without the copy, the overlay's labels
    /// on the red card and its other marks would be missing from that frame.
    @Test("After a full redraw, the next frame shows all of it, though it draws only around a touch")
    func frameAfterAFullRedraw() throws {
      try CardScene.withApp { session in
        let before = try session.capture()
        try session.injector.run(["key 32 pressed", "key 32 released"])
        let shown = try session.capture { !ScreenshotDifference(before, $0).isEmpty }
        try session.injector.run(["touch-down 0 \(CardScene.blueCenter)", "touch-frame"])
        let touched = try session.capture { !ScreenshotDifference(shown, $0).isEmpty }
        // The touch's id and type are written right of its ring, past the card's edge.
        let label = PixelBox(minX: 360, minY: 200, maxX: 600, maxY: 320)
        let around = ScreenshotDifference(shown, touched, excluding: [CardScene.blueStart, label], margin: 8)
        #expect(around.isEmpty, "away from the touch, the frame differs from the overlay's: \(around)")
        try session.injector.run(["touch-up 0", "touch-frame"])
      }
    }
  }
}
