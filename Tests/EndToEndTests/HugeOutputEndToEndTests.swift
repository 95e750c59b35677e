import Foundation
import Testing

extension EndToEnd {
  /// A compositor that configures the window larger than any buffer can be: Weston's kiosk
  /// shell on a 17000x400 output makes the window 17000 logical pixels wide. cairo takes at
  /// most 32,767 pixels a side and a `wl_shm` pool less than 2 GiB; a configure of 40000x30000
  /// trapped the app. It now draws the window at most 16,384 buffer pixels a side
  /// (`WindowSizing.maximumBufferSide`), and keeps to that when the scale changes.
  @Suite("A window configured larger than a buffer can be")
  struct HugeOutputEndToEndTests {
    @Test("a 17000 px wide output: the window is 16384 buffer pixels wide, and 8192 logical at scale 2")
    func wideOutput() throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: 17_000, height: 400) { session in
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", "cards"], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        let window = try session.waitForWindow(of: client)
        #expect(
          window.maxX - window.minX + 1 == 16_384 && window.maxY - window.minY + 1 == 400,
          "the window is \(window)")
        try session.injector.run("output-scale 2")
        let deadline = Deadline(after: .seconds(10))
        var scaled = try session.waitForWindow(of: client)
        while scaled.maxX - scaled.minX + 1 != 8_192, !deadline.hasPassed {
          try session.injector.run("wait-repaint")
          scaled = try session.waitForWindow(of: client)
        }
        #expect(
          scaled.maxX - scaled.minX + 1 == 8_192 && scaled.maxY - scaled.minY + 1 == 400,
          "at scale 2 the window is \(scaled)")
        #expect(client.isRunning, "the app is gone: \(client.status)\n\(client.logTail())")
        let sizes = WindowBufferLog(client.logURL).createdSizes
        #expect(sizes.contains { $0 == (16_384, 400) }, "no 16384x400 buffer among \(sizes)")
        #expect(sizes.contains { $0 == (16_384, 800) }, "no 16384x800 buffer among \(sizes)")
        #expect(sizes.allSatisfy { $0.width <= 16_384 && $0.height <= 16_384 }, "buffers: \(sizes)")
      }
    }
  }
}
