import GestureKit
import Testing

@testable import Playground

/// A view with a menu in a 600x400 scene.
private let scene = """
  {"name": "m", "size": [600, 400], "views": [
    {"id": "a", "frame": [50, 50, 100, 100], "fill": "#e06c75",
     "gestures": [{"id": "a-press", "kind": "longPress", "behavior": "menu"}]}]}
  """

/// A replay of `scene` in a window `width` wide whose scene area is `width` x 2/3 of it (a
/// multiple of 3, or nearly): the scene shown at `width / 600`, at the window's top-left.
private func replay(width: Double) throws -> Replay {
  let parsed = try Scene(json: scene, fileName: "m.json")
  let replay = Replay(scene: parsed, log: nil, catalog: SceneCatalog(scenes: [parsed]))
  resize(replay, width: width, at: 0)
  return replay
}

/// Gives `replay`'s window the width `width` (as ``replay(width:)``) at `t`.
private func resize(_ replay: Replay, width: Double, at t: Double) {
  let size = Size(
    width: width, height: (width * 2 / 3).rounded() + ChromeLayout.height(tabCount: 1, width: width))
  replay.play(Trace(events: [(t, .windowSize(size))], source: "size"))
}

/// The open menu's panel in window coordinates.
private func panelInWindow(_ replay: Replay) throws -> Rect {
  let container = replay.session.sceneContainer
  let layer = try #require(container.subviews.last { $0.identifier == ContextMenu.layerID })
  let panel = try #require(layer.subviews.first)
  return panel.bounds.applying(panel.transformToWindow)
}

/// Whether `a` and `b` agree within a millionth of a point.
private func same(_ a: Rect, _ b: Rect) -> Bool {
  abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6
    && abs(a.height - b.height) < 1e-6
}

@Suite("Menu placement")
struct MenuPlacementTests {
  /// The panel's size: a 120x36 button per action, and 4 px around them.
  let panel = Size(width: 128, height: 116)

  @Test(
    "the menu keeps its size in the window at any scene scale, 12 points from the finger",
    arguments: [(300.0, 50.0), (900.0, 150.0), (1200.0, 200.0), (453.0, 75.0)])
  func keepsItsSize(width: Double, finger: Double) throws {
    let replay = try replay(width: width)
    #expect(replay.session.sceneContainer.frame.width == width)
    // The finger at scene point (100, 100) on the view, wherever the scene is shown.
    holdFinger(replay, from: 0.1, to: 0.7, at: pt(finger, finger))
    let frame = try panelInWindow(replay)
    let corner = (finger + ContextMenu.offsetFromPress).rounded()
    #expect(same(frame, Rect(x: corner, y: corner, width: panel.width, height: panel.height)), "\(frame)")
  }

  @Test("at half the scene's size, a tap on the shown Delete button deletes the view")
  func chooseAtHalf() throws {
    let replay = try replay(width: 300)
    holdFinger(replay, from: 0.1, to: 0.7, at: pt(50, 50))
    let frame = try panelInWindow(replay)
    // Delete, the third button, 36 points tall below 4 of margin.
    holdFinger(replay, from: 1, to: 1.05, at: pt(frame.minX + 64, frame.minY + 4 + 72 + 18))
    #expect(replay.session.sceneContainer.subviews.isEmpty)
  }

  @Test("a new window size keeps an open menu at its size, its corner where it was in the scene")
  func windowResized() throws {
    let replay = try replay(width: 300)
    holdFinger(replay, from: 0.1, to: 0.7, at: pt(50, 50))
    // At scale 0.5 the corner is at window (62, 62): scene (124, 124).
    resize(replay, width: 600, at: 1)
    #expect(try same(panelInWindow(replay), Rect(x: 124, y: 124, width: panel.width, height: panel.height)))
    resize(replay, width: 1200, at: 2)
    #expect(try same(panelInWindow(replay), Rect(x: 248, y: 248, width: panel.width, height: panel.height)))
  }

  @Test("a scene shown too small for the menu holds all of it, scaled down to fit")
  func tinyScene() throws {
    let replay = try replay(width: 120)
    holdFinger(replay, from: 0.1, to: 0.7, at: pt(20, 20))
    let frame = try panelInWindow(replay)
    let scene = replay.session.sceneContainer.frame
    #expect(frame.width < panel.width)
    #expect(frame.minX >= scene.minX - 1e-9 && frame.maxX <= scene.maxX + 1e-9)
    #expect(frame.minY >= scene.minY - 1e-9 && frame.maxY <= scene.maxY + 1e-9)
    // The panel as tall as the scene shown: the fit's limit.
    #expect(abs(frame.height - scene.height) < 1e-9)
  }

  @Test("near the scene's bottom-right corner the menu opens left of and above the finger, not under it")
  func nearTheCorner() throws {
    let replay = try replay(width: 300)
    // The view moved to the bottom-right corner, the finger on it at scene (580, 380).
    let container = replay.session.sceneContainer
    try #require(container.subviews.first).center = pt(540, 340)
    holdFinger(replay, from: 0.1, to: 0.7, at: pt(290, 190))
    let frame = try panelInWindow(replay)
    #expect(
      same(
        frame,
        Rect(x: 290 - 12 - panel.width, y: 190 - 12 - panel.height, width: panel.width, height: panel.height))
    )
    // Lifted where it pressed, the finger chose nothing: the menu is open, the view there.
    #expect(container.subviews.map(\.identifier) == ["a", ContextMenu.layerID])
  }

  @Test(
    "copies of copies go down and right, and back up or left at the scene's edge: every one stays in view")
  func duplicatesStayInView() throws {
    let replay = try replay(width: 600)
    let container = replay.session.sceneContainer
    var original = try #require(container.subviews.first as? SceneView)
    for _ in 0..<20 {
      ContextMenu.perform(.duplicate, on: original)
      let index = try #require(container.subviews.firstIndex { $0 === original })
      original = try #require(container.subviews[index + 1] as? SceneView)
    }
    #expect(container.subviews.count == 21)
    for view in container.subviews {
      #expect(container.bounds.contains(view.frame), "\(view.identifier ?? "?") at \(view.frame)")
    }
    // The first copy of a: 30 px right and down, as before.
    #expect(container.subviews[1].center == pt(130, 130))
  }

  @Test("copies of copies made in a corner fan out: no two on the same place")
  func duplicatesInACornerFanOut() throws {
    let replay = try replay(width: 600)
    let container = replay.session.sceneContainer
    var original = try #require(container.subviews.first as? SceneView)
    // Into the bottom-right corner.
    original.center = pt(
      container.bounds.width - original.bounds.width / 2, container.bounds.height - original.bounds.height / 2
    )
    for _ in 0..<8 {
      ContextMenu.perform(.duplicate, on: original)
      let index = try #require(container.subviews.firstIndex { $0 === original })
      original = try #require(container.subviews[index + 1] as? SceneView)
    }
    let placed = container.subviews.prefix(9).map { "\($0.center.x),\($0.center.y)" }
    #expect(Set(placed).count == 9, "\(placed)")
    for view in container.subviews {
      #expect(container.bounds.contains(view.frame), "\(view.identifier ?? "?") at \(view.frame)")
    }
  }
}
