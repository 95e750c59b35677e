import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The output's scale changed under a finger that drags a card: a fullscreen window gets a
  /// new logical size, the scene a new fit, and the drag is cancelled (the card goes back)
  /// rather than carry on from a finger whose window position jumped.
  @Suite("KWin: a scale change mid-drag")
  struct KWinScaleChangeTests {
    @Test(
      "From 125 % to 175 % with a finger down on a card of a fullscreen window: the drag is cancelled, the card back"
    )
    func scaleChangeCancels() throws {
      let app = try RepositoryLayout.appExecutable()
      try KWinSession.with(width: 1280, height: 800, scale: 1.25) { session in
        let scene = session.workDirectory.appendingPathComponent("scene.json")
        try CardScene.json.write(to: scene, atomically: true, encoding: .utf8)
        let logURL = session.workDirectory.appendingPathComponent("events.jsonl")
        // The recording's window.size lines tell when the app has its new size.
        let recording = session.workDirectory.appendingPathComponent("rec.jsonl")
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", scene.path, "--log", logURL.path, "--record", recording.path],
          name: "gesture-playground")
        let side = 150  // the 120 px card at 125 %
        _ = try session.capture(until: .seconds(10)) {
          guard let box = PixelBox.bounding(CardScene.red, in: $0) else { return false }
          return box.maxX - box.minX == side - 1
        }
        // F11: fullscreen, where the scene is fitted larger than at its own size.
        try session.inject(["key 87 pressed", "key 87 released"])
        let fullscreen = try session.capture {
          guard let box = PixelBox.bounding(CardScene.red, in: $0) else { return false }
          return box.maxX - box.minX > side + 10
        }
        let card = try #require(
          PixelBox.bounding(CardScene.red, in: fullscreen), "no red card when fullscreen")
        #expect(card.maxX - card.minX > side + 10, "not fullscreen: the card is \(card)")
        let center = (
          x: Double(card.minX + card.maxX + 1) / 2 / 1.25, y: Double(card.minY + card.maxY + 1) / 2 / 1.25
        )
        // One injector throughout: its device's end would cancel the touch by itself.
        var commands = ["touch-down 0 \(center.x) \(center.y)", "touch-frame"]
        func steps(_ range: ClosedRange<Int>) -> [String] {
          range.flatMap {
            ["touch-motion 0 \(center.x + Double($0) * 10) \(center.y)", "touch-frame", "wait 20"]
          }
        }
        commands += steps(1...5)
        // Until the app has a new size, however slow (a sanitized build): a line more in its
        // recording (a temporary file while it runs) than now.
        let sizes = (LiveLog.text(of: recording) ?? "").components(separatedBy: "\"window.size\"").count - 1
        #expect(sizes >= 2, "the recording has \(sizes) window sizes, not the first and the fullscreen one")
        let newSize =
          "[ $(cat \(session.workDirectory.path)/.rec.jsonl.*.part | grep -c window.size) -gt \(sizes) ]"
        commands += [
          "run \(RepositoryLayout.kwinOutputScale.path) 1.75",
          "run timeout 30 sh -c 'until \(newSize); do sleep 0.05; done'",
        ]
        commands += steps(6...10) + ["touch-up 0", "touch-frame", "wait 200"] + InputScript.controlQ
        try session.inject(commands)
        #expect(client.waitForExit(timeout: .seconds(5)), "the app did not quit: \(client.processReport())")
        let log = LiveLog.text(of: logURL) ?? ""
        let pan = log.split(separator: "\n").filter { $0.contains(#""gesture":"red-pan""#) }
        #expect(pan.contains { $0.contains(#""state":"changed""#) }, "the card was not dragged:\n\(log)")
        #expect(pan.last?.contains(#""state":"cancelled""#) == true, "the drag was not cancelled:\n\(pan)")
        let final = log.split(separator: "\n").last { $0.contains(#""type":"final""#) } ?? ""
        #expect(final.contains(#"{"id":"red","center":[100.0,100.0]"#), "the card is not back:\n\(final)")
      }
    }
  }
}
