import Foundation

/// Reads what libwayland prints with `WAYLAND_DEBUG=client`: one line per
/// message, `[ time] wl_touch@8.up(5, 525590, 3)` for an event received and
/// `[ time]  -> wl_surface@7.commit()` for a request sent.
enum WaylandDebugLog {
  /// The first match of the regular expression `pattern` in a log line (an object such as
  /// `wl_buffer@17`), or nil.
  static func first(_ pattern: String, in line: Substring) -> String? {
    line.range(of: pattern, options: .regularExpression).map { String(line[$0]) }
  }

  /// The names of the `wl_touch` events the client received, in order.
  static func touchEvents(in logURL: URL) -> [String] {
    guard let text = try? String(contentsOf: logURL, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line -> String? in
      guard !line.contains("->"), let at = line.range(of: "wl_touch@") else { return nil }
      let rest = line[at.upperBound...]
      guard let dot = rest.firstIndex(of: "."), let paren = rest.firstIndex(of: "("), dot < paren else {
        return nil
      }
      return String(rest[rest.index(after: dot)..<paren])
    }
  }
}
