import Foundation
import GestureKit
import Playground
import Testing

/// `make bench`'s second scene (Benchmarks/EndToEnd/bench-scene.json, scripts/bench.sh's
/// `gesture-playground-turning`): the cards scene, whose views gp-bench's traces aim at,
/// with a purple card that pinches and turns as well as pans.
@Suite("Benchmark scene")
struct BenchSceneTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test("the cards scene's views, in place, with a purple card that pinches, turns and pans")
  func purpleTurns() throws {
    let bench = try SceneLibrary.load(
      Self.root.appendingPathComponent("Benchmarks/EndToEnd/bench-scene.json").path)
    let cards = try SceneLibrary.load(Self.root.appendingPathComponent("assets/scenes/cards.json").path)
    #expect(bench.size == cards.size)
    #expect(bench.views.map(\.id) == cards.views.map(\.id))
    #expect(
      bench.views.map(\.frame) == cards.views.map(\.frame), "gp-bench's traces aim at the cards' frames")
    let purple = try #require(bench.views.first { $0.id == "purple" })
    #expect(purple.gestures.map(\.kind.name) == ["pinch", "rotation", "pan"])
    #expect(purple.alpha == 0.9 && purple.isMultipleTouchEnabled)
  }
}
