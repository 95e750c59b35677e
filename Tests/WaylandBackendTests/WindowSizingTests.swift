import GestureKit
import Testing

@testable import WaylandBackend

/// `WindowSizing`: the compositor's sizes obeyed, 0x0 answered with the size to come back to
/// or the app's own, made to fit the bounds.
@Suite("Window sizing")
struct WindowSizingTests {
  private let preferred = Size(width: 960, height: 728)
  private let bar = Double(WindowFrame.titleBarHeight)

  @Test("the first 0x0 configure takes the preferred size, made to fit the bounds with the title bar")
  func firstConfigure() {
    var sizing = WindowSizing(preferred: preferred, minimum: (240, 160))
    #expect(sizing.contentSize(configured: nil, states: [], frameShown: true) == preferred)
    var bounded = WindowSizing(preferred: preferred, minimum: (240, 160))
    bounded.bounds = (992, 704)
    #expect(
      bounded.contentSize(configured: nil, states: [], frameShown: true)
        == Size(width: 960, height: 704 - bar))
    var serverSide = WindowSizing(preferred: preferred, minimum: (240, 160))
    serverSide.bounds = (992, 704)
    #expect(
      serverSide.contentSize(configured: nil, states: [], frameShown: false) == Size(width: 960, height: 704))
  }

  @Test("restoring after maximise or fullscreen returns to the size before, not the maximised one")
  func restore() {
    var sizing = WindowSizing(preferred: preferred, minimum: (240, 160))
    _ = sizing.contentSize(configured: nil, states: [], frameShown: true)
    // The user resizes the floating window, then maximises it.
    #expect(
      sizing.contentSize(configured: (800, 632), states: [], frameShown: true)
        == Size(width: 800, height: 600))
    #expect(
      sizing.contentSize(configured: (1920, 1048), states: .maximized, frameShown: true)
        == Size(width: 1920, height: 1048 - bar))
    #expect(
      sizing.contentSize(configured: (1920, 1080), states: .fullscreen, frameShown: false)
        == Size(width: 1920, height: 1080))
    // Restored: the compositor leaves the size to the app.
    #expect(
      sizing.contentSize(configured: nil, states: [], frameShown: true) == Size(width: 800, height: 600))
  }

  @Test("a new preferred size is taken at once when floating, and on the next 0x0 when maximised")
  func prefer() {
    var sizing = WindowSizing(preferred: preferred, minimum: (240, 160))
    sizing.bounds = (1000, 700)
    _ = sizing.contentSize(configured: nil, states: [], frameShown: true)
    #expect(
      sizing.prefer(Size(width: 1200, height: 500), states: [], frameShown: true)
        == Size(width: 1000, height: 500))
    _ = sizing.contentSize(configured: (1000, 700), states: .maximized, frameShown: true)
    #expect(sizing.prefer(Size(width: 400, height: 300), states: .maximized, frameShown: true) == nil)
    #expect(
      sizing.contentSize(configured: nil, states: [], frameShown: true) == Size(width: 400, height: 300))
  }

  @Test("never below the app's minimum content size by its own choice, even in tiny bounds")
  func minimum() {
    var sizing = WindowSizing(preferred: Size(width: 50, height: 20), minimum: (240, 260))
    sizing.bounds = (100, 100)
    #expect(
      sizing.contentSize(configured: nil, states: [], frameShown: true) == Size(width: 240, height: 260))
    // A compositor's smaller size is obeyed (Weston 10 resizes below the minimum).
    #expect(
      sizing.contentSize(configured: (178, 88), states: [], frameShown: true) == Size(width: 178, height: 56))
    #expect(WindowSizing.isFloating([]) && !WindowSizing.isFloating(.tiled))
  }

  @Test("the app's minimum in whole logical pixels, at least 1x1 and at most a buffer's side")
  func wholeMinimum() {
    #expect(WaylandApplication.wholeMinimum(Size(width: 240, height: 259.2)) == (240, 260))
    #expect(WaylandApplication.wholeMinimum(Size(width: 0, height: -5)) == (1, 1))
    #expect(WaylandApplication.wholeMinimum(Size(width: .nan, height: .infinity)) == (1, 16_384))
    #expect(WaylandApplication.wholeMinimum(Size(width: 1e12, height: 3)) == (16_384, 3))
  }

  @Test("the largest content buffers hold: 16384 pixels a side at any scale, the client-side frame's too")
  func largestContent() {
    #expect(WindowSizing.largestContent(scale: .integer(1), clientSideFrame: false) == (16_384, 16_384))
    // The frame's surface is the window and an 8 px border around it; the title bar is 32 px.
    #expect(WindowSizing.largestContent(scale: .integer(2), clientSideFrame: true) == (8_176, 8_144))
    for numerator in [121, 150, 180, 210, 300, 719, 960] {
      let scale = SurfaceScale.fractional(numerator120: numerator)
      let largest = WindowSizing.largestContent(scale: scale, clientSideFrame: false)
      let buffer = scale.bufferSize(logicalWidth: largest.width, logicalHeight: largest.height)
      let larger = scale.bufferSize(logicalWidth: largest.width + 1, logicalHeight: largest.height + 1)
      #expect(buffer.width <= 16_384 && buffer.height <= 16_384, "\(scale): \(buffer)")
      #expect(larger.width > 16_384 && larger.height > 16_384, "\(scale): one more is \(larger)")
      // With the frame: its surface at the scale rounded up (1.25 draws it at 2).
      let framed = WindowSizing.largestContent(scale: scale, clientSideFrame: true)
      let frame = WindowFrame(contentWidth: framed.width, contentHeight: framed.height, states: [])
      let window = scale.bufferSize(logicalWidth: framed.width, logicalHeight: framed.height + 32)
      #expect(window.width <= 16_384 && window.height <= 16_384, "\(scale): \(window)")
      #expect(
        frame.surfaceSize.width * scale.cursorScale <= 16_384
          && frame.surfaceSize.height * scale.cursorScale <= 16_384, "\(scale): \(frame.surfaceSize)")
    }
  }
}
