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
    var sizing = WindowSizing(preferred: preferred)
    #expect(sizing.contentSize(configured: nil, states: [], frameShown: true) == preferred)
    var bounded = WindowSizing(preferred: preferred)
    bounded.bounds = (992, 704)
    #expect(
      bounded.contentSize(configured: nil, states: [], frameShown: true)
        == Size(width: 960, height: 704 - bar))
    var serverSide = WindowSizing(preferred: preferred)
    serverSide.bounds = (992, 704)
    #expect(
      serverSide.contentSize(configured: nil, states: [], frameShown: false) == Size(width: 960, height: 704))
  }

  @Test("restoring after maximise or fullscreen returns to the size before, not the maximised one")
  func restore() {
    var sizing = WindowSizing(preferred: preferred)
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
    var sizing = WindowSizing(preferred: preferred)
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

  @Test("never below the minimum content size, even in tiny bounds")
  func minimum() {
    var sizing = WindowSizing(preferred: Size(width: 50, height: 20))
    sizing.bounds = (100, 100)
    let minimum = WindowFrame.minimumContentSize
    #expect(
      sizing.contentSize(configured: nil, states: [], frameShown: true)
        == Size(width: Double(minimum.width), height: Double(minimum.height)))
    #expect(WindowSizing.isFloating([]) && !WindowSizing.isFloating(.tiled))
  }
}
