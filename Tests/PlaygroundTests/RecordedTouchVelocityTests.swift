import Foundation
import GestureKit
import Testing

@testable import Playground

/// The pan's velocity on real recorded touches (Fixtures/recorded-touch, from AOSP's
/// VelocityTracker tests): each recording is replayed as a trace on a scene with one large
/// view carrying a pan, and the velocity of the pan's `ended` line is compared with Android's
/// published LSQ2 value, within 1 % (Android computes in float).
@Suite("Velocity on recorded touches")
struct RecordedTouchVelocityTests {
  /// One view covering the recordings' range of positions, with a pan.
  static let scene = """
    {
      "name": "recorded-touch",
      "size": [800, 1500],
      "views": [
        { "id": "surface", "frame": [0, 0, 800, 1500], "fill": "#333333",
          "gestures": [{ "id": "pan", "kind": "pan" }] }
      ]
    }
    """

  /// The folder of the recordings.
  static func folder() throws -> String {
    guard let fixtures = Bundle.module.path(forResource: "Fixtures", ofType: nil) else {
      throw TraceTestFailure("the Fixtures folder is not in the test bundle")
    }
    return fixtures + "/recorded-touch"
  }

  /// The expected velocities: per recording, the axes AOSP checks and the scale.
  static func expectations() throws -> [String: (vx: Double?, vy: Double?, scale: Double)] {
    let data = try Data(contentsOf: URL(fileURLWithPath: try folder() + "/expected-lsq2.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
    var result: [String: (vx: Double?, vy: Double?, scale: Double)] = [:]
    for (name, entry) in object {
      guard let lsq2 = entry["lsq2"] as? [String: Double] else { continue }
      result[name] = (lsq2["vx"], lsq2["vy"], entry["scale"] as? Double ?? 1)
    }
    return result
  }

  /// The velocity of the pan's `ended` line when `trace` is replayed, or nil without one.
  static func endedVelocity(of traceName: String) throws -> Point? {
    let scene = try Scene(json: scene, fileName: "recorded-touch.scene.json")
    let trace = try Trace(contentsOfFile: try folder() + "/\(traceName).jsonl")
    var lines: [String] = []
    let replay = Replay(scene: scene, log: EventLog { lines.append($0) })
    replay.play(trace)
    replay.finish()
    for line in lines where line.contains(#""gesture":"pan""#) && line.contains(#""state":"ended""#) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let velocity = try #require(object["velocity"] as? [Double])
      return Point(x: velocity[0], y: velocity[1])
    }
    return nil
  }

  /// The recordings compared: every one with an LSQ2 value under the clamp (a fast fling is
  /// compared through its scaled copy).
  static func compared() throws -> [String] {
    let all = try expectations()
    return all.keys.filter { name in
      name.hasSuffix("-scaled") || all[name + "-scaled"] == nil
    }.filter { !$0.contains("delay-up") }.sorted()
  }

  @Test("every recorded fling's pan velocity matches Android's LSQ2 value within 1 %")
  func recordedFlings() throws {
    let all = try Self.expectations()
    let names = try Self.compared()
    #expect(names.count == 18, "\(names)")
    for name in names {
      let expected = try #require(all[name])
      let measured = try #require(try Self.endedVelocity(of: name), "\(name): the pan did not end")
      for (axis, want, got) in [("vx", expected.vx, measured.x), ("vy", expected.vy, measured.y)] {
        guard let want else { continue }
        let value = got * expected.scale
        #expect(abs(value - want) <= 0.01 * abs(want), "\(name) \(axis): \(value), Android \(want)")
      }
    }
  }

  @Test("a lift 10 ms after the last motion flings at 1000 px/s; one 3 s after does not fling")
  func liftDelays() throws {
    let short: Point = try #require(try Self.endedVelocity(of: "android-short-delay-up"))
    #expect(abs(short.x - 1000) <= 10 && short.y == 0, "\(short)")
    let long: Point = try #require(try Self.endedVelocity(of: "android-long-delay-up"))
    #expect(long == .zero, "\(long)")
  }
}
