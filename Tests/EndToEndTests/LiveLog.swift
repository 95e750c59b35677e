import Foundation

/// A live run's `--log` or `--record` file while the app runs: written to `.NAME.PID.part`
/// beside NAME and renamed over NAME when the app exits (docs/FORMATS.md, "Output files").
enum LiveLog {
  /// The temporary file the running app writes for `url`, if there is one.
  static func partURL(of url: URL) -> URL? {
    let folder = url.deletingLastPathComponent()
    let prefix = "." + url.lastPathComponent + "."
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.first { $0.hasPrefix(prefix) && $0.hasSuffix(".part") }.map {
      folder.appendingPathComponent($0)
    }
  }

  /// What the app has written to `url` so far: its temporary file while it runs, the file
  /// once it has exited; nil when neither exists yet.
  static func text(of url: URL) -> String? {
    if let part = partURL(of: url), let text = try? WaylandDebugLog.text(of: part) { return text }
    return try? WaylandDebugLog.text(of: url)
  }
}
