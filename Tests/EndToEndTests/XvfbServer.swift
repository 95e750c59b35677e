import CairoRenderer
import Foundation

/// An Xvfb X server of the harness's own, on a display number nobody uses (the screen of the
/// `make run` on X11 test).
final class XvfbServer {
  /// The display number (`:N`).
  let display: Int
  private let process: ChildProcess

  /// `:N`, for `DISPLAY`.
  var name: String { ":\(display)" }

  /// Starts Xvfb with one `width` x `height` screen, logging into `work`, and waits for its
  /// socket; throws saying why when it cannot.
  init(width: Int, height: Int, in work: URL) throws {
    guard let xvfb = RepositoryLayout.executableInPath("Xvfb") else {
      throw HarnessError("Xvfb is not installed (scripts/install-deps.sh test installs xvfb)")
    }
    // Xvfb's socket folder, watched below (Xvfb makes it the same way when it is missing).
    try? FileManager.default.createDirectory(
      atPath: "/tmp/.X11-unix", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o1777])
    guard
      let display = (70..<99).first(where: {
        !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
          && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
      })
    else { throw HarnessError("no free X display number") }
    self.display = display
    process = try ChildProcess(
      name: "Xvfb", executable: xvfb,
      arguments: [":\(display)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"],
      environment: ["PATH": "/usr/bin:/bin"], logURL: work.appendingPathComponent("xvfb-\(display).log"))
    let socket = "/tmp/.X11-unix/X\(display)"
    let process = process
    let up = try FileWatch.wait(
      on: "/tmp/.X11-unix", for: Int32(IN_CREATE | IN_MOVED_TO), until: Deadline(after: .seconds(10))
    ) { !process.isRunning || FileManager.default.fileExists(atPath: socket) }
    guard up, process.isRunning else {
      process.stop()
      throw HarnessError("Xvfb opened no socket:\n\(process.logTail())")
    }
  }

  /// A screenshot of the whole screen, written to the PNG file at `path` (by the KWin
  /// screenshot script's X11 mode, run with `environment`) and read back.
  func capture(to path: String, environment: [String: String]) throws -> Image {
    let shot = try runTool(
      URL(fileURLWithPath: "/usr/bin/python3"), [RepositoryLayout.kwinScreenshot.path, "--x11", name, path],
      environment: environment)
    guard shot.status == 0 else { throw HarnessError("the X screenshot failed:\n\(shot.output)") }
    return try Image(contentsOfPNG: path)
  }

  /// Stops the server.
  func stop() {
    process.stop()
  }
}
