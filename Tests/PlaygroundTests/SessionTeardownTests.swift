import GestureKit
import TestSupport
import Testing

@testable import Playground

/// What a session rebuilds is freed: the scene's views and recognizers after a scene
/// switch and a `--watch` reload, the strip after a resize, the button an overlay or
/// timeline toggle replaces, a whole replay after a `check` case. Each holds weak references to what is
/// replaced and finds them gone (a closure capturing the object that owns it kept the whole
/// strip alive at every rebuild once; LeakSanitizer found it, these find it without it).
@Suite("Session teardown")
struct SessionTeardownTests {
  static let one = """
    {"name": "one", "title": "One", "size": [300, 100], "views": [
      {"id": "a", "frame": [10, 10, 40, 40], "fill": "#ff0000",
       "gestures": [{"id": "a-pan", "kind": "pan", "behavior": "drag"},
                    {"id": "a-tap", "kind": "tap", "behavior": "none"}]}]}
    """
  static let two = """
    {"name": "two", "title": "Two", "size": [300, 100], "views": [
      {"id": "b", "frame": [100, 20, 50, 50], "fill": "#00ff00",
       "gestures": [{"id": "b-pan", "kind": "pan", "behavior": "drag"}]}]}
    """

  /// A replay of scene `one` with `two` as the second tab, after a drag of `a` that ends.
  private func replay() throws -> Replay {
    let scenes = try [Self.one, Self.two].map { try Scene(json: $0, fileName: "t.json") }
    let replay = Replay(scene: scenes[0], log: EventLog { _ in }, catalog: SceneCatalog(scenes: scenes))
    replay.play(
      Trace(
        seatEvents: [
          (0, .touchDown(id: 0, location: Point(x: 30, y: 30))),
          (0.05, .touchMotion(id: 0, location: Point(x: 80, y: 40))),
          (0.1, .touchUp(id: 0)),
        ], source: "teardown"))
    return replay
  }

  /// Weak references to the scene's views and recognizers and to the strip.
  private final class Watched {
    weak var container: View?
    weak var card: View?
    weak var recognizer: GestureRecognizer?
    weak var chrome: ChromeView?
    /// The strip's overlay and timeline buttons.
    weak var overlayButton: View?
    weak var timelineButton: View?

    init(_ session: SceneSession) {
      container = session.sceneContainer
      card = session.sceneContainer.subviews.first
      recognizer = card?.gestureRecognizers.first
      chrome = session.chrome
      overlayButton = session.chrome.subviews.first { $0.identifier == "chrome.overlay" }
      timelineButton = session.chrome.subviews.first { $0.identifier == "chrome.timeline" }
    }

    var sceneGone: Bool { container == nil && card == nil && recognizer == nil }
    var alive: String {
      [("container", container == nil), ("card", card == nil), ("recognizer", recognizer == nil)]
        .filter { !$0.1 }.map(\.0).joined(separator: ", ")
    }
  }

  /// What a draw does to the window's record of changes, which holds the last few views
  /// changed (removed ones too, at most ``ViewChanges/capacity`` a list) until it is taken.
  private func draw(_ replay: Replay) {
    _ = replay.window.takeChanges()
  }

  @Test("a scene switch frees the old scene and the old strip")
  func sceneSwitch() throws {
    let replay = try replay()
    let watched = Watched(replay.session)
    #expect(watched.card != nil && watched.recognizer != nil)
    replay.session.perform(.selectScene(1), at: 1)
    draw(replay)
    #expect(watched.sceneGone, "still alive: \(watched.alive)")
    #expect(watched.chrome == nil)
  }

  @Test("a --watch reload frees the scene it replaces")
  func watchReload() throws {
    let replay = try replay()
    let watched = Watched(replay.session)
    replay.session.replaceScene(with: try Scene(json: Self.one, fileName: "t.json"), at: 1)
    draw(replay)
    #expect(watched.sceneGone, "still alive: \(watched.alive)")
    #expect(replay.session.sceneContainer.subviews.first != nil)
  }

  @Test("a resize frees the strip it replaces, an overlay or timeline toggle the button")
  func stripRebuilds() throws {
    let replay = try replay()
    for change in ["resize", "overlay", "timeline", "overlay", "timeline", "R"] {
      let watched = Watched(replay.session)
      switch change {
      case "resize": replay.session.resizeWindow(to: Size(width: 333, height: 222))
      case "overlay": replay.session.perform(.toggleOverlay, at: 1)
      case "timeline": replay.session.perform(.toggleTimeline, at: 1)
      default: replay.session.perform(.rebuildScene, at: 1)
      }
      draw(replay)
      switch change {
      case "overlay":
        #expect(watched.chrome != nil && watched.overlayButton == nil && watched.timelineButton != nil)
      case "timeline":
        #expect(watched.chrome != nil && watched.timelineButton == nil && watched.overlayButton != nil)
      default:
        #expect(watched.chrome == nil && watched.overlayButton == nil, "\(change)")
      }
      #expect(change != "R" || watched.sceneGone, "\(change)")
    }
  }

  @Test("a replay, as a check case makes one, is freed whole once done")
  func wholeReplay() throws {
    weak var replay: Replay?
    weak var window: Window?
    weak var card: View?
    try {
      let made = try self.replay()
      made.finish()
      replay = made
      window = made.window
      card = made.session.sceneContainer.subviews.first
    }()
    #expect(replay == nil && window == nil && card == nil)
  }
}
