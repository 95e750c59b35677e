import Testing

@testable import WaylandBackend

@Suite("Client-side window frame")
struct WindowFrameTests {
  let frame = WindowFrame(contentWidth: 400, contentHeight: 300, states: [])

  @Test("configure states map to maximized, fullscreen and tiled")
  func states() {
    #expect(WindowStates(xdgStates: [1, 4]) == .maximized)
    #expect(WindowStates(xdgStates: [2]) == .fullscreen)
    #expect(WindowStates(xdgStates: [5, 8]) == .tiled)
    #expect(WindowStates(xdgStates: [3, 4, 9]) == [])
  }

  @Test("the frame shows for client-side decorations, except fullscreen")
  func shown() {
    #expect(WindowFrame.isShown(clientSide: true, states: []))
    #expect(WindowFrame.isShown(clientSide: true, states: .maximized))
    #expect(!WindowFrame.isShown(clientSide: true, states: .fullscreen))
    #expect(!WindowFrame.isShown(clientSide: false, states: []))
  }

  @Test("the content is the configured size less the title bar, never empty")
  func contentSize() {
    #expect(WindowFrame.contentSize(configured: (400, 332), frameShown: true) == (400, 300))
    #expect(WindowFrame.contentSize(configured: (400, 332), frameShown: false) == (400, 332))
    #expect(WindowFrame.contentSize(configured: (10, 20), frameShown: true) == (10, 1))
    #expect(WindowFrame.minimumWindowSize(content: (240, 260), frameShown: true) == (240, 292))
    #expect(WindowFrame.minimumWindowSize(content: (240, 260), frameShown: false) == (240, 260))
  }

  @Test("the surface is the title bar and content with a resize border around them")
  func surfaceSize() {
    #expect(frame.surfaceSize == (416, 348))
  }

  @Test("the title bar moves, its buttons sit at the right end")
  func titleBar() {
    #expect(frame.zone(x: 100, y: 20) == .move)
    #expect(frame.zone(x: 8 + 400 - 20, y: 20) == .button(.close))
    #expect(frame.zone(x: 8 + 400 - 60, y: 20) == .button(.maximize))
    #expect(frame.zone(x: 8 + 400 - 100, y: 20) == .button(.minimize))
    #expect(frame.zone(x: 8 + 400 - 121, y: 20) == .move)
  }

  @Test("the border resizes from each edge and corner")
  func edges() {
    #expect(frame.zone(x: 200, y: 2) == .resize(1))
    #expect(frame.zone(x: 200, y: 345) == .resize(2))
    #expect(frame.zone(x: 2, y: 200) == .resize(4))
    #expect(frame.zone(x: 414, y: 200) == .resize(8))
    #expect(frame.zone(x: 2, y: 2) == .resize(5))
    #expect(frame.zone(x: 12, y: 2) == .resize(5))
    #expect(frame.zone(x: 414, y: 12) == .resize(9))
    #expect(frame.zone(x: 2, y: 345) == .resize(6))
    #expect(frame.zone(x: 414, y: 345) == .resize(10))
  }

  @Test("a maximized or tiled window has no resize edges; outside the frame is nothing")
  func noEdges() {
    let maximized = WindowFrame(contentWidth: 400, contentHeight: 300, states: .maximized)
    #expect(maximized.zone(x: 200, y: 2) == .none)
    #expect(maximized.zone(x: 100, y: 20) == .move)
    let tiled = WindowFrame(contentWidth: 400, contentHeight: 300, states: .tiled)
    #expect(tiled.zone(x: 2, y: 200) == .none)
    #expect(frame.zone(x: -1, y: 20) == .none)
    #expect(frame.zone(x: 500, y: 20) == .none)
    // The content area (covered by the window's own surface) does nothing on the frame.
    #expect(frame.zone(x: 200, y: 200) == .none)
  }

  @Test("the frame's cursor: a resize arrow on each edge and corner, the arrow on the title bar")
  func cursors() {
    let frame = WindowFrame(contentWidth: 400, contentHeight: 300, states: [])
    let size = frame.surfaceSize
    let (w, h) = (Double(size.width), Double(size.height))
    let expected: [(x: Double, y: Double, kind: CursorKind)] = [
      (2, 2, .resizeTopLeft), (w / 2, 2, .resizeTop), (w - 2, 2, .resizeTopRight),
      (2, h / 2, .resizeLeft), (w - 2, h / 2, .resizeRight),
      (2, h - 2, .resizeBottomLeft), (w / 2, h - 2, .resizeBottom), (w - 2, h - 2, .resizeBottomRight),
      (w / 2, Double(WindowFrame.border) + 10, .default),
    ]
    for point in expected {
      #expect(CursorKind.frame(frame.zone(x: point.x, y: point.y)) == point.kind, "\(point)")
    }
    let maximized = WindowFrame(contentWidth: 400, contentHeight: 300, states: .maximized)
    #expect(CursorKind.frame(maximized.zone(x: 2, y: 2)) == .default)
  }

  @Test(
    "wm_capabilities map to the window menu, maximise, fullscreen and minimise; unknown ones are left out")
  func capabilities() {
    #expect(WindowCapabilities(xdgCapabilities: [2, 3, 4]) == [.maximize, .fullscreen, .minimize])
    #expect(WindowCapabilities(xdgCapabilities: [1, 9, 0]) == .windowMenu)
    #expect(WindowCapabilities(xdgCapabilities: []) == [])
    #expect(WindowCapabilities.all == WindowCapabilities(xdgCapabilities: [1, 2, 3, 4]))
  }

  @Test("the title bar has minimise and maximise only where the compositor supports them")
  func buttonsByCapabilities() {
    #expect(frame.buttons == [.minimize, .maximize, .close])
    var noMinimize = frame
    noMinimize.capabilities = [.windowMenu, .maximize, .fullscreen]
    #expect(noMinimize.buttons == [.maximize, .close])
    #expect(noMinimize.zone(x: 8 + 400 - 20, y: 20) == .button(.close))
    #expect(noMinimize.zone(x: 8 + 400 - 60, y: 20) == .button(.maximize))
    #expect(noMinimize.zone(x: 8 + 400 - 100, y: 20) == .move)
    var closeOnly = frame
    closeOnly.capabilities = []
    #expect(closeOnly.buttons == [.close])
    #expect(closeOnly.zone(x: 8 + 400 - 20, y: 20) == .button(.close))
    #expect(closeOnly.zone(x: 8 + 400 - 60, y: 20) == .move)
    var noMaximize = frame
    noMaximize.capabilities = [.minimize]
    #expect(noMaximize.buttons == [.minimize, .close])
    #expect(noMaximize.zone(x: 8 + 400 - 60, y: 20) == .button(.minimize))
  }
}
