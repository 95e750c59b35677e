import GestureKit
import Testing

@testable import Playground

/// Replays of key repeats as a recording holds them: further presses of a key already down.
@Suite("Key repeat in a replay")
struct KeyRepeatReplayTests {
  private static let scenes = [
    #"{"name": "one", "title": "One", "size": [200, 100], "views": []}"#,
    #"{"name": "two", "title": "Two", "size": [200, 100], "views": []}"#,
    #"{"name": "three", "title": "Three", "size": [200, 100], "views": []}"#,
  ]

  /// The scene titles shown, in order, while `lines` (trace lines without `t`) play.
  private func titles(_ lines: [String]) throws -> [String] {
    let scenes = try Self.scenes.map { try Scene(json: $0, fileName: "t.json") }
    let replay = Replay(scene: scenes[0], log: nil, catalog: SceneCatalog(scenes: scenes))
    var titles: [String] = []
    replay.session.onSceneChange = { titles.append($0.title) }
    let trace = lines.enumerated().map { index, line in
      #"{"t": \#(Double(index) * 0.1), "type": "key", \#(line)}"#
    }
    replay.play(try Trace(jsonLines: trace.joined(separator: "\n"), fileName: "t.jsonl"))
    return titles
  }

  @Test("a held Tab steps once per repeat; Shift+Tab steps back")
  func tabRepeats() throws {
    let tab = #""key": "Tab", "state": "pressed""#
    let shiftTab = #""key": "ISO_Left_Tab", "state": "pressed""#
    #expect(
      try titles([
        tab, tab, tab, #""key": "Tab", "state": "released""#,
        #""key": "Shift_L", "state": "pressed""#, shiftTab, shiftTab,
      ]) == ["Two", "Three", "One", "Three", "Two"])
  }

  @Test("a repeated digit acts once: only the first press picks the tab")
  func digitDoesNotRepeat() throws {
    let two = #""key": "2", "state": "pressed""#
    let one = #""key": "1", "state": "pressed""#
    #expect(try titles([two, two, one, one, two]) == ["Two", "One"])
  }
}
