import Foundation
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// The pan's velocity on real flings bent into curves: each recorded Android fling of
/// `RecordedTouchVelocityTests` with a sideways drift added, leftwards at 600 px/s and then,
/// in the last 30 ms before the lift, rightwards at 600 px/s (a finger flicking down or up
/// while drifting sideways and turning). The expected velocity is not the tracker's: it is
/// computed here from the trace's samples by TestSupport's independent least-squares fit
/// (`ReferenceVelocity`), as Flutter and Android compute it.
@Suite("Velocity on recorded touches that curve")
struct RecordedCurveVelocityTests {
  /// Sideways speeds of the added drift, px/s of the recording.
  static let drift = (before: -600.0, turned: 600.0)
  /// How long before the lift the drift turns, seconds.
  static let turnedFor = 0.030

  /// The recording `name` with the drift added to every position, as trace text, with the
  /// samples a pan takes from it (the down and every motion) and the time of the lift.
  static func curved(_ name: String) throws -> (
    text: String, samples: [ReferenceVelocity.Sample], lift: Double
  ) {
    let text = try String(
      contentsOfFile: try RecordedTouchVelocityTests.folder() + "/\(name).jsonl", encoding: .utf8)
    var events: [[String: Any]] = []
    for line in text.split(separator: "\n") {
      events.append(try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]))
    }
    let lift = try #require(events.last { $0["type"] as? String == "touch.up" }?["t"] as? Double)
    let turn = lift - turnedFor
    func offset(_ t: Double) -> Double {
      t < turn ? drift.before * t : drift.before * turn + drift.turned * (t - turn)
    }
    var lines: [String] = []
    var samples: [ReferenceVelocity.Sample] = []
    for event in events {
      let t = try #require(event["t"] as? Double)
      let type = try #require(event["type"] as? String)
      guard type == "touch.down" || type == "touch.motion", let x = event["x"] as? Double,
        let y = event["y"] as? Double
      else {
        lines.append(String(decoding: try JSONSerialization.data(withJSONObject: event), as: UTF8.self))
        continue
      }
      let moved = x + offset(t)
      samples.append(ReferenceVelocity.Sample(time: t, x: moved, y: y))
      lines.append(#"{"t":\#(t),"type":"\#(type)","id":0,"x":\#(moved),"y":\#(y)}"#)
    }
    return (lines.joined(separator: "\n") + "\n", samples, lift)
  }

  /// The velocity of the pan's `ended` line when `text` is replayed.
  static func endedVelocity(of text: String, name: String) throws -> Point {
    let scene = try Scene(json: RecordedTouchVelocityTests.scene, fileName: "recorded-touch.scene.json")
    let trace = try Trace(jsonLines: text, fileName: "\(name)-curved.jsonl")
    var lines: [String] = []
    let replay = Replay(scene: scene, log: EventLog { lines.append($0) })
    replay.play(trace)
    replay.finish()
    let ended = try #require(
      lines.first { $0.contains(#""gesture":"pan""#) && $0.contains(#""state":"ended""#) }, "\(name)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(ended.utf8)) as? [String: Any])
    let velocity = try #require(object["velocity"] as? [Double])
    return Point(x: velocity[0], y: velocity[1])
  }

  @Test("every curved fling's pan velocity is the independent LSQ2 fit's, turns included")
  func curvedFlings() throws {
    let names = try RecordedTouchVelocityTests.compared()
    #expect(names.count == 18)
    var against = 0
    for name in names {
      let curved = try Self.curved(name)
      let want = try #require(ReferenceVelocity.velocity(curved.samples, at: curved.lift), "\(name)")
      let got = try Self.endedVelocity(of: curved.text, name: name)
      // The log writes three decimals.
      let tolerance = 1e-6 * (want.x * want.x + want.y * want.y).squareRoot() + 0.0005
      #expect(
        abs(got.x - want.x) <= tolerance && abs(got.y - want.y) <= tolerance,
        "\(name): \(got), independent fit \(want)")
      let used = ReferenceVelocity.window(curved.samples)
      if want.x * (used.first!.x - used.last!.x) < 0 { against += 1 }
    }
    // In most of them the finger ends moving against its net sideways displacement: a rule
    // steering the sign toward the displacement would fail those.
    #expect(against >= 9, "\(against) of \(names.count) end against their displacement")
  }
}
