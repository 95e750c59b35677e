import GestureKit
import Testing
import WaylandBackend

@testable import Playground

@Suite("Pointer cursor")
struct PointerCursorTests {
  /// A card with a drag pan, a child of it without gestures, a card following touches by
  /// itself, a card with a disabled pan, and the background.
  static let json = """
    {
      "name": "cursor",
      "size": [640, 480],
      "views": [
        {
          "id": "card",
          "frame": [40, 40, 120, 120],
          "gestures": [{ "id": "card-pan", "kind": "pan", "behavior": "drag" }],
          "children": [{ "id": "badge", "frame": [10, 10, 20, 20] }]
        },
        { "id": "direct", "frame": [300, 40, 100, 100], "touchHandler": "drag" },
        {
          "id": "frozen",
          "frame": [300, 300, 100, 100],
          "gestures": [{ "id": "frozen-pan", "kind": "pan", "behavior": "drag", "enabled": false }]
        },
        {
          "id": "tappable",
          "frame": [40, 300, 100, 100],
          "gestures": [{ "id": "tap", "kind": "tap" }]
        }
      ]
    }
    """

  /// A 100x100 view at (`x`, 0) in `window` with a pan, returned to be configured.
  private static func addPanView(to window: Window, x: Double) -> PanGestureRecognizer {
    let view = View(frame: Rect(x: x, y: 0, width: 100, height: 100))
    let pan = PanGestureRecognizer()
    view.addGestureRecognizer(pan)
    window.rootView.addSubview(view)
    return pan
  }

  private func kind(_ harness: SceneHarness, _ x: Double, _ y: Double) -> CursorKind {
    PointerCursor.kind(in: harness.window, at: pt(x, y))
  }

  @Test("An open hand over a view with a pan, or inside one; the arrow elsewhere")
  func openHandOverDraggableViews() throws {
    let harness = try SceneHarness(Self.json)
    #expect(kind(harness, 100, 100) == .openHand)
    #expect(kind(harness, 60, 60) == .openHand, "the badge is inside the card")
    #expect(kind(harness, 350, 90) == .openHand, "the view follows its touches itself")
    #expect(kind(harness, 600, 20) == .default)
    #expect(kind(harness, 350, 350) == .default, "the pan is disabled")
    #expect(kind(harness, 90, 350) == .default, "a tap drags nothing")
  }

  @Test("A closed hand while the pointer's touch drags with a pan, an open hand again after")
  func closedHandWhileDragging() throws {
    let harness = try SceneHarness(Self.json)
    let pointer = TouchInput.pointerID
    harness.send(at: 0, .down(pointer, at: pt(100, 100), type: .indirectPointer))
    #expect(kind(harness, 100, 100) == .openHand, "pressed, but the pan has not begun")
    harness.send(at: 0.02, .motion(pointer, to: pt(130, 100), type: .indirectPointer))
    #expect(kind(harness, 130, 100) == .closedHand)
    // Dragged outside the window during the implicit grab: still dragging.
    harness.send(at: 0.04, .motion(pointer, to: pt(-50, 600), type: .indirectPointer))
    #expect(kind(harness, -50, 600) == .closedHand)
    harness.send(at: 0.06, .motion(pointer, to: pt(140, 110), type: .indirectPointer))
    harness.send(at: 0.08, .up(pointer, type: .indirectPointer))
    #expect(kind(harness, 140, 110) == .openHand)
  }

  @Test("A closed hand at once on a view that follows the pointer's touch itself")
  func closedHandForDirectDrag() throws {
    let harness = try SceneHarness(Self.json)
    let pointer = TouchInput.pointerID
    harness.send(at: 0, .down(pointer, at: pt(350, 90), type: .indirectPointer))
    #expect(kind(harness, 350, 90) == .closedHand)
    harness.send(at: 0.02, .up(pointer, type: .indirectPointer))
    #expect(kind(harness, 350, 90) == .openHand)
  }

  @Test("The right button held on a view that follows touches itself leaves the hand open")
  func rightButtonDragsNothing() throws {
    let harness = try SceneHarness(Self.json)
    var right = TouchInput.down(TouchInput.pointerID, at: pt(350, 90), type: .indirectPointer)
    right.buttonMask = .secondary
    harness.send(at: 0, right)
    #expect(harness.window.activeTouches.count == 1)
    #expect(kind(harness, 350, 90) == .openHand)
  }

  @Test("A finger dragging a card does not close the pointer's hand")
  func fingerDragLeavesThePointerAlone() throws {
    let harness = try SceneHarness(Self.json)
    harness.send(at: 0, .down(1, at: pt(100, 100)))
    harness.send(at: 0.02, .motion(1, to: pt(140, 100)))
    #expect(kind(harness, 600, 20) == .default)
    #expect(kind(harness, 140, 100) == .openHand)
  }

  @Test("Pans the pointer cannot begin, and screen-edge pans, do not count")
  func pansThePointerCannotDrive() {
    let window = Window(size: Size(width: 200, height: 200), clock: VirtualClock())
    Self.addPanView(to: window, x: 0).minimumNumberOfTouches = 2
    Self.addPanView(to: window, x: 100).allowedTouchTypes = [.direct]
    window.rootView.addGestureRecognizer(ScreenEdgePanGestureRecognizer(edges: .all))
    #expect(PointerCursor.kind(in: window, at: pt(50, 50)) == .default)
    #expect(PointerCursor.kind(in: window, at: pt(150, 50)) == .default)
    #expect(PointerCursor.kind(in: window, at: pt(50, 150)) == .default)
  }

  @Test("A pen's cursor: an open hand over what a pen can drag, closed while its tip drags it")
  func penCursor() throws {
    let harness = try SceneHarness(Self.json)
    let pen = TouchInput.pencilID(tool: 3)
    func penKind(_ x: Double, _ y: Double) -> CursorKind {
      PointerCursor.kind(in: harness.window, at: pt(x, y), tool: 3)
    }
    #expect(penKind(100, 100) == .openHand)
    #expect(penKind(350, 90) == .openHand, "the view follows its touches itself")
    #expect(penKind(600, 20) == .default)
    harness.send(at: 0, .down(pen, at: pt(100, 100), type: .pencil))
    harness.send(at: 0.02, .motion(pen, to: pt(130, 100), type: .pencil))
    #expect(penKind(130, 100) == .closedHand)
    #expect(kind(harness, 130, 100) == .openHand, "the pointer's hand stays open")
    #expect(
      PointerCursor.kind(in: harness.window, at: pt(130, 100), tool: 4) == .openHand,
      "another tool's stays open")
    harness.send(at: 0.04, .up(pen, type: .pencil))
    #expect(penKind(130, 100) == .openHand)
  }

  @Test("A pen-only pan opens the pen's hand and not the pointer's; a touch-only one neither")
  func pensAndPointersDriveDifferentPans() {
    let window = Window(size: Size(width: 200, height: 200), clock: VirtualClock())
    Self.addPanView(to: window, x: 0).allowedTouchTypes = [.pencil]
    Self.addPanView(to: window, x: 100).allowedTouchTypes = [.direct]
    #expect(PointerCursor.kind(in: window, at: pt(50, 50), tool: 0) == .openHand)
    #expect(PointerCursor.kind(in: window, at: pt(50, 50)) == .default)
    #expect(PointerCursor.kind(in: window, at: pt(150, 50), tool: 0) == .default)
  }
}
