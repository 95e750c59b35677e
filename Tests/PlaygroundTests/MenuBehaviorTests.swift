import GestureKit
import Testing

@testable import Playground

/// Two views with menus in a 600x400 window.
private let menuScene = """
  {"name": "m", "size": [600, 400], "views": [
    {"id": "a", "frame": [50, 50, 100, 100], "fill": "#e06c75",
     "gestures": [{"id": "a-press", "kind": "longPress", "behavior": "menu"}]},
    {"id": "b", "frame": [300, 50, 100, 100], "fill": "#61afef",
     "gestures": [{"id": "b-press", "kind": "longPress", "behavior": "menu"}]}]}
  """

/// Opens a's menu with a long press at (100, 100): the panel's top-left is (112, 112).
private func openMenu(_ h: SceneHarness, at t: Double = 0) {
  h.send(at: t, touchDown(9, 100, 100))
  h.send(at: t + 0.6, touchUp(9, 100, 100))
}

/// The centre of the menu button at `index` for a menu opened by ``openMenu(_:at:)``.
private func button(_ index: Int) -> (Double, Double) {
  (112 + 4 + 60, 112 + 4 + 36 * Double(index) + 18)
}

/// A replay of `menuScene` and its scene container.
private func menuReplay() throws -> (Replay, View) {
  let scene = try Scene(json: menuScene, fileName: "m.json")
  let replay = Replay(scene: scene, log: nil, catalog: SceneCatalog(scenes: [scene]))
  return (replay, replay.session.sceneContainer)
}

/// The actions of the lit items of the menu open in `container`.
private func litActions(in container: View) -> [ContextMenu.Action] {
  let panel = container.subviews.last { $0.identifier == ContextMenu.layerID }?.subviews.first
  return (panel?.subviews ?? []).compactMap { $0 as? MenuButton }.filter {
    $0.style.fill == ContextMenu.highlightFill
  }.map(\.action)
}

@Suite("Menus")
struct MenuBehaviorTests {
  @Test("a long press opens the menu; a tap elsewhere closes it without touching the views")
  func opensAndCloses() throws {
    let h = try SceneHarness(menuScene)
    openMenu(h)
    #expect(ContextMenu.isOpen(in: h.window.rootView))
    h.tap(at: 1, 500, 350)
    #expect(!ContextMenu.isOpen(in: h.window.rootView))
    #expect(h.order == ["a", "b"])
  }

  @Test("Colour gives the view the next fill of the palette, a label readable on it, and closes the menu")
  func colour() throws {
    let h = try SceneHarness(menuScene)
    openMenu(h)
    let (x, y) = button(0)
    h.tap(at: 1, x, y)
    let view = try #require(h.installed.views["a"])
    #expect(view.style.fill == ContextMenu.palette[1])
    // The yellow takes the dark label: white on it would read 1.7:1.
    #expect(view.style.labelColor == SceneView.darkLabel)
    #expect(SceneView.contrastRatio(ContextMenu.palette[1], view.style.labelColor) >= 4.5)
    #expect(!ContextMenu.isOpen(in: h.window.rootView))
  }

  @Test("every fill of the palette gets a label of at least 4.5:1 contrast")
  func paletteLabels() {
    for fill in ContextMenu.palette {
      #expect(SceneView.contrastRatio(fill, SceneView.readableLabel(on: fill)) >= 4.5, "\(fill)")
    }
  }

  @Test("Duplicate adds a copy 30 px down-right, above the original, with its own menu")
  func duplicate() throws {
    let h = try SceneHarness(menuScene)
    openMenu(h)
    let (x, y) = button(1)
    h.tap(at: 1, x, y)
    #expect(h.order == ["a", "a-copy", "b"])
    let copy = h.window.rootView.subviews[1]
    #expect(copy.center == pt(130, 130))
    #expect(copy.gestureRecognizers.first?.name == "a-copy-press")
    // The copy's own long press opens a menu too.
    h.send(at: 2, touchDown(3, 170, 170))
    h.send(at: 2.6, touchUp(3, 170, 170))
    #expect(ContextMenu.isOpen(in: h.window.rootView))
  }

  @Test("the pressing finger slid onto a button lights it, and lifted there chooses it")
  func slideAndLift() throws {
    let h = try SceneHarness(menuScene)
    h.send(at: 0, touchDown(9, 100, 100))
    h.send(at: 0.6, touchMove(9, 101, 100))
    #expect(ContextMenu.isOpen(in: h.window.rootView))
    let (x, y) = button(1)
    h.send(at: 0.7, touchMove(9, x, y))
    let lit = try #require(ContextMenu.button(at: pt(x, y), in: h.window.rootView))
    #expect(lit.action == .duplicate)
    #expect(lit.style.fill == ContextMenu.highlightFill)
    let (x0, y0) = button(0)
    #expect(
      ContextMenu.button(at: pt(x0, y0), in: h.window.rootView)?.style.fill == ContextMenu.buttonFill)
    h.send(at: 0.8, touchUp(9, x, y))
    #expect(!ContextMenu.isOpen(in: h.window.rootView))
    #expect(h.order == ["a", "a-copy", "b"])
  }

  @Test("a copy of a copy is named after the original: a-copy, a-copy2, a-copy3")
  func copiesOfCopies() throws {
    let h = try SceneHarness(menuScene)
    let (x, y) = button(1)
    // From the second round on, the press at (100, 100) finds a copy, which lies above a.
    for round in 0..<3 {
      let t = Double(round) * 2
      openMenu(h, at: t)
      h.tap(at: t + 1, x, y)
    }
    #expect(h.order.sorted() == ["a", "a-copy", "a-copy2", "a-copy3", "b"])
    #expect(ContextMenu.original(of: "a-copy12") == "a")
    #expect(ContextMenu.original(of: "a-copy-copy") == "a-copy")
    #expect(ContextMenu.original(of: "a-copyx") == "a-copyx")
    #expect(ContextMenu.original(of: "-copy2") == "-copy2")
    #expect(ContextMenu.original(of: "copy") == "copy")
  }

  @Test(
    "at the limit of views, Duplicate is dimmed and does nothing; the menu stays open until a delete frees room"
  )
  func duplicateLimit() throws {
    // a, b and enough plain views to fill the container to the limit.
    let fillers = (0..<(ContextMenu.duplicateLimit - 2)).map {
      #"{"id": "f\#($0)", "frame": [500, 300, 10, 10]}"#
    }
    let scene = menuScene.replacingOccurrences(
      of: "}]}]}", with: "}]}, " + fillers.joined(separator: ", ") + "]}")
    let h = try SceneHarness(scene)
    #expect(h.order.count == ContextMenu.duplicateLimit)
    openMenu(h)
    let (x, y) = button(1)
    let duplicate = try #require(
      h.window.rootView.subviews.last?.subviews.first?.subviews.compactMap { $0 as? MenuButton }
        .first { $0.action == .duplicate })
    #expect(!duplicate.isEnabled)
    #expect(duplicate.style.labelColor == ContextMenu.disabledLabel)
    #expect(ContextMenu.button(at: pt(x, y), in: h.window.rootView) == nil)
    h.tap(at: 1, x, y)
    #expect(ContextMenu.isOpen(in: h.window.rootView))
    #expect(h.order.count == ContextMenu.duplicateLimit + 1)
    // Delete b (its menu), then a's Duplicate is offered again.
    h.tap(at: 2, 500, 350)
    h.send(at: 3, touchDown(9, 350, 100))
    h.send(at: 3.6, touchUp(9, 350, 100))
    h.tap(at: 4, 362 + 4 + 60, 112 + 4 + 36 * 2 + 18)
    openMenu(h, at: 5)
    h.tap(at: 6, x, y)
    #expect(h.order.count == ContextMenu.duplicateLimit)
    #expect(h.order.contains("a-copy"))
  }

  @Test("the pressing finger slid off the buttons puts them back; lifted there, the menu stays open")
  func slideOffAndLift() throws {
    let h = try SceneHarness(menuScene)
    h.send(at: 0, touchDown(9, 100, 100))
    h.send(at: 0.6, touchMove(9, 101, 100))
    let (x, y) = button(2)
    h.send(at: 0.7, touchMove(9, x, y))
    #expect(
      ContextMenu.button(at: pt(x, y), in: h.window.rootView)?.style.fill == ContextMenu.highlightFill)
    h.send(at: 0.8, touchMove(9, 400, 300))
    #expect(
      ContextMenu.button(at: pt(x, y), in: h.window.rootView)?.style.fill == ContextMenu.buttonFill)
    h.send(at: 0.9, touchUp(9, 400, 300))
    #expect(ContextMenu.isOpen(in: h.window.rootView))
    #expect(h.order == ["a", "b", ContextMenu.layerID])
    // A tap still chooses.
    h.tap(at: 2, x, y)
    #expect(h.order == ["b"])
  }

  @Test("a finger whose menu another press replaced lights and chooses nothing in the new one")
  func replacedMenu() throws {
    let h = try SceneHarness(menuScene)
    // Two fingers go down on a and on b before either press begins: a's menu opens at 0.5 s,
    // and b's takes its place at 0.6 s, top-left (362, 112).
    h.send(at: 0, touchDown(9, 100, 100))
    h.send(at: 0.1, touchDown(8, 350, 100))
    h.send(at: 0.7, touchMove(8, 351, 100))
    let (x, y): (Double, Double) = (362 + 4 + 60, 112 + 4 + 36 * 2 + 18)
    h.send(at: 1.7, touchMove(9, x, y))
    #expect(
      ContextMenu.button(at: pt(x, y), in: h.window.rootView)?.style.fill == ContextMenu.buttonFill)
    h.send(at: 1.8, touchUp(9, x, y))
    #expect(ContextMenu.isOpen(in: h.window.rootView))
    #expect(h.order == ["a", "b", ContextMenu.layerID])
  }

  @Test("Delete removes the view")
  func delete() throws {
    let h = try SceneHarness(menuScene)
    openMenu(h)
    let (x, y) = button(2)
    h.tap(at: 1, x, y)
    #expect(h.order == ["b"])
  }

  @Test("beside a fitted scene, a tap in the surround closes the menu; a scene switch takes its tap away")
  func surroundTap() throws {
    let scene = try Scene(json: menuScene, fileName: "m.json")
    let replay = Replay(scene: scene, log: nil, catalog: SceneCatalog(scenes: [scene, scene]))
    // 1000 px wide for the 600 px scene at scale 1: bands 200 px wide on each side.
    let wide = Size(width: 1000, height: 400 + ChromeLayout.height(tabCount: 2, width: 1000))
    replay.play(Trace(events: [(0, .windowSize(wide))], source: "size"))
    #expect(replay.session.sceneContainer.frame == Rect(x: 200, y: 0, width: 600, height: 400))
    let root = replay.window.rootView
    let before = root.gestureRecognizers.count
    holdFinger(replay, from: 0.1, to: 0.7, at: pt(300, 100))
    #expect(ContextMenu.isOpen(in: replay.session.sceneContainer))
    holdFinger(replay, from: 1, to: 1.05, at: pt(100, 200))
    #expect(!ContextMenu.isOpen(in: replay.session.sceneContainer))
    #expect(root.gestureRecognizers.count == before)
    #expect(replay.session.sceneContainer.subviews.map(\.identifier) == ["a", "b"])

    holdFinger(replay, from: 2, to: 2.6, at: pt(300, 100))
    #expect(root.gestureRecognizers.count == before + 1)
    replay.session.perform(.selectScene(1), at: 3)
    #expect(root.gestureRecognizers.count == before)
  }

  @Test("Esc closes an open menu, after the press and while the pressing finger is still down")
  func escapeCloses() throws {
    let (replay, container) = try menuReplay()
    let escape = { (t: Double) in
      replay.play(
        Trace(
          seatEvents: [(t, .key(name: "Escape", pressed: true)), (t, .key(name: "Escape", pressed: false))],
          source: "esc"))
    }
    holdFinger(replay, from: 0, to: 0.6, at: pt(100, 100))
    #expect(ContextMenu.isOpen(in: container))
    escape(1)
    #expect(!ContextMenu.isOpen(in: container))

    replay.play(
      Trace(
        seatEvents: [(2, .touchDown(id: 2, location: Point(x: 100, y: 100))), (2, .touchFrame)],
        source: "hold"))
    replay.clock.advance(to: 2.6)
    #expect(ContextMenu.isOpen(in: container))
    escape(2.7)
    #expect(!ContextMenu.isOpen(in: container))
    #expect(container.subviews.map(\.identifier) == ["a", "b"])
  }

  @Test("Down and Up light the menu's items in turn, skipping a dimmed one; Return chooses the lit one")
  func keyboard() throws {
    let (replay, container) = try menuReplay()
    var t = 0.0
    func press(_ name: String) {
      t += 0.1
      replay.play(
        Trace(
          seatEvents: [(t, .key(name: name, pressed: true)), (t, .key(name: name, pressed: false))],
          source: "key"))
    }
    func lit() -> [ContextMenu.Action] { litActions(in: container) }
    // With no menu open the keys do nothing.
    press("Down")
    press("Return")
    #expect(container.subviews.map(\.identifier) == ["a", "b"])

    holdFinger(replay, from: 1, to: 1.6, at: pt(100, 100))
    t = 2
    press("Down")
    #expect(lit() == [.colour])
    press("Down")
    press("Down")
    #expect(lit() == [.delete])
    press("Down")
    #expect(lit() == [.colour])
    press("Up")
    #expect(lit() == [.delete])
    press("Up")
    press("Return")
    #expect(!ContextMenu.isOpen(in: container))
    #expect(container.subviews.map(\.identifier) == ["a", "a-copy", "b"])

    // With the container full, the dimmed Duplicate is passed over: Delete comes after Colour.
    for index in 0..<(ContextMenu.duplicateLimit - 3) {
      let filler = SceneView(frame: Rect(x: 500, y: 300, width: 1, height: 1))
      filler.identifier = "f\(index)"
      container.addSubview(filler)
    }
    holdFinger(replay, from: 3, to: 3.6, at: pt(100, 100))
    t = 4
    press("Down")
    press("Down")
    #expect(lit() == [.delete])
    press("Return")
    // The press found a-copy, on top of a: it is gone.
    #expect(container.subviews.count == ContextMenu.duplicateLimit - 1)
    #expect(!container.subviews.contains { $0.identifier == "a-copy" })
  }

  @Test(
    "a right click opens the menu at the pointer; a click of either button chooses, and elsewhere closes"
  )
  func rightClick() throws {
    let (replay, container) = try menuReplay()
    func click(_ button: UInt32, at t: Double, _ x: Double, _ y: Double) {
      replay.play(
        Trace(
          seatEvents: [
            (t, .pointerMotion(location: pt(x, y))), (t, .pointerFrame),
            (t, .pointerButton(button: button, pressed: true)), (t, .pointerFrame),
            (t + 0.05, .pointerButton(button: button, pressed: false)), (t + 0.05, .pointerFrame),
          ], source: "click"))
    }
    replay.play(
      Trace(seatEvents: [(0, .pointerEnter(location: pt(10, 10))), (0, .pointerFrame)], source: "enter"))
    // A left click and a finger's tap on the view open nothing.
    click(SeatEvent.leftButton, at: 0.1, 100, 100)
    holdFinger(replay, from: 0.5, to: 0.55, at: pt(100, 100))
    #expect(!ContextMenu.isOpen(in: container))

    click(SeatEvent.rightButton, at: 1, 100, 100)
    #expect(ContextMenu.isOpen(in: container))
    let panel = try #require(container.subviews.last?.subviews.first)
    #expect(panel.frame.origin == pt(112, 112))
    // A right click elsewhere closes it.
    click(SeatEvent.rightButton, at: 2, 500, 350)
    #expect(!ContextMenu.isOpen(in: container))

    // Opened again on b, a left click on Delete deletes b.
    click(SeatEvent.rightButton, at: 3, 350, 100)
    let (x, y): (Double, Double) = (362 + 4 + 60, 112 + 4 + 36 * 2 + 18)
    click(SeatEvent.leftButton, at: 4, x, y)
    #expect(!ContextMenu.isOpen(in: container))
    #expect(container.subviews.map(\.identifier) == ["a"])

    // A right click on an item chooses it too: Duplicate on a.
    click(SeatEvent.rightButton, at: 5, 100, 100)
    click(SeatEvent.rightButton, at: 6, 112 + 4 + 60, 112 + 4 + 36 + 18)
    #expect(!ContextMenu.isOpen(in: container))
    #expect(container.subviews.map(\.identifier) == ["a", "a-copy"])
  }

  @Test(
    "a right press opens the menu as the button goes down; dragged onto an item it lights it, released there it chooses it"
  )
  func rightPress() throws {
    let (replay, container) = try menuReplay()
    func pointer(_ t: Double, _ events: SeatEvent...) {
      replay.play(Trace(seatEvents: events.map { (t, $0) } + [(t, .pointerFrame)], source: "pointer"))
    }
    func lit() -> [ContextMenu.Action] { litActions(in: container) }
    pointer(0, .pointerEnter(location: pt(100, 100)))
    pointer(1, .pointerButton(button: SeatEvent.rightButton, pressed: true))
    #expect(ContextMenu.isOpen(in: container), "no menu while the button is down")
    // Released where it went down (beside the menu, which opens 12 px right and below), the
    // menu stays open with nothing chosen.
    pointer(1.1, .pointerButton(button: SeatEvent.rightButton, pressed: false))
    #expect(ContextMenu.isOpen(in: container))
    #expect(container.subviews.map(\.identifier) == ["a", "b", ContextMenu.layerID])
    pointer(
      2, .pointerMotion(location: pt(500, 350)), .pointerButton(button: SeatEvent.leftButton, pressed: true))
    pointer(2.05, .pointerButton(button: SeatEvent.leftButton, pressed: false))
    #expect(!ContextMenu.isOpen(in: container))

    // Pressed again, dragged onto Duplicate (its centre 176,170) and released there.
    pointer(
      3, .pointerMotion(location: pt(100, 100)), .pointerButton(button: SeatEvent.rightButton, pressed: true))
    pointer(3.1, .pointerMotion(location: pt(140, 140)))
    pointer(3.2, .pointerMotion(location: pt(176, 170)))
    #expect(lit() == [.duplicate])
    pointer(3.3, .pointerButton(button: SeatEvent.rightButton, pressed: false))
    #expect(!ContextMenu.isOpen(in: container))
    #expect(container.subviews.map(\.identifier) == ["a", "a-copy", "b"])
  }

  @Test(
    "the pointer or a pen over an item lights it, and off it puts it back; Down goes on from it; a dimmed item and a finger light nothing"
  )
  func hover() throws {
    let (replay, container) = try menuReplay()
    func play(_ t: Double, _ events: SeatEvent...) {
      replay.play(Trace(seatEvents: events.map { (t, $0) }, source: "hover"))
    }
    func lit() -> [ContextMenu.Action] { litActions(in: container) }
    // Duplicate's centre (176, 170), Delete's (176, 206), for a's menu opened at (100, 100).
    play(0, .pointerEnter(location: pt(10, 10)), .pointerFrame)
    holdFinger(replay, from: 1, to: 1.6, at: pt(100, 100))
    #expect(ContextMenu.isOpen(in: container))
    #expect(lit() == [])
    play(2, .pointerMotion(location: pt(176, 170)), .pointerFrame)
    #expect(lit() == [.duplicate])
    play(2.1, .pointerMotion(location: pt(180, 206)), .pointerFrame)
    #expect(lit() == [.delete])
    play(2.2, .key(name: "Up", pressed: true), .key(name: "Up", pressed: false))
    #expect(lit() == [.duplicate])
    // Into the panel's margin, then out of the menu and the window: nothing stays lit by hover.
    play(2.3, .pointerMotion(location: pt(176, 206)), .pointerFrame)
    play(2.4, .pointerMotion(location: pt(114, 206)), .pointerFrame)
    #expect(lit() == [])
    play(2.5, .pointerMotion(location: pt(176, 134)), .pointerFrame)
    #expect(lit() == [.colour])
    play(2.6, .pointerLeave, .pointerFrame)
    #expect(lit() == [])
    // A finger on an item lights nothing until it lifts (a tap there chooses it).
    replay.play(
      Trace(
        seatEvents: [(3, .touchDown(id: 4, location: pt(176, 170))), (3, .touchFrame)], source: "finger"))
    #expect(lit() == [])
    replay.play(Trace(seatEvents: [(3.05, .touchUp(id: 4)), (3.05, .touchFrame)], source: "finger"))
    #expect(!ContextMenu.isOpen(in: container))
    #expect(container.subviews.map(\.identifier) == ["a", "a-copy", "b"])

    // A pen hovering over Delete lights it; once it is away, Delete goes back.
    holdFinger(replay, from: 4, to: 4.6, at: pt(100, 100))
    play(
      5, .tabletProximityIn(tool: 1, kind: .pen), .tabletMotion(tool: 1, location: pt(176, 206)),
      .tabletDistance(tool: 1, distance: 0.3), .tabletFrame(tool: 1))
    #expect(lit() == [.delete])
    play(5.1, .tabletProximityOut(tool: 1), .tabletFrame(tool: 1))
    #expect(lit() == [])

    // With the container full, the dimmed Duplicate does not light under the pointer.
    ContextMenu.close(in: container)
    for index in 0..<(ContextMenu.duplicateLimit - 3) {
      let filler = SceneView(frame: Rect(x: 500, y: 300, width: 1, height: 1))
      filler.identifier = "f\(index)"
      container.addSubview(filler)
    }
    holdFinger(replay, from: 6, to: 6.6, at: pt(100, 100))
    play(7, .pointerEnter(location: pt(176, 134)), .pointerFrame)
    #expect(lit() == [.colour])
    play(7.1, .pointerMotion(location: pt(176, 170)), .pointerFrame)
    #expect(lit() == [])
  }
}
