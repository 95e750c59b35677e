import Foundation

/// Reads what libwayland prints with `WAYLAND_DEBUG=client`: one line per
/// message, `[ time] wl_touch@8.up(5, 525590, 3)` for an event received and
/// `[ time]  -> wl_surface@7.commit()` for a request sent.
///
/// libwayland 1.23 writes objects as `wl_touch#8` and names the event queue,
/// `[ time] {Default Queue}  -> wl_surface#7.commit()`; ``text(of:)`` brings such
/// lines to the older form, so that one parser reads both (Debian 12 has 1.21,
/// Debian 13 1.23).
enum WaylandDebugLog {
  /// The text of the log at `url`, in the older form whatever libwayland wrote it.
  static func text(of url: URL) throws -> String {
    normalized(try String(contentsOf: url, encoding: .utf8))
  }

  /// `text` with libwayland 1.23's object ids (`wl_surface#7`) and queue names brought to
  /// 1.21's form (`wl_surface@7`, no queue).
  static func normalized(_ text: String) -> String {
    guard text.contains("#") || text.contains("Queue}") else { return text }
    return
      text
      .replacingOccurrences(of: #"\{[^}\n]*Queue\} "#, with: "", options: .regularExpression)
      .replacingOccurrences(
        of: #"([A-Za-z_][A-Za-z0-9_]*|\[unknown\])#([0-9]+)"#, with: "$1@$2", options: .regularExpression)
  }

  /// The first match of the regular expression `pattern` in a log line (an object such as
  /// `wl_buffer@17`), or nil.
  static func first(_ pattern: String, in line: Substring) -> String? {
    line.range(of: pattern, options: .regularExpression).map { String(line[$0]) }
  }

  /// The names of the `wl_touch` events the client received, in order.
  static func touchEvents(in logURL: URL) -> [String] {
    guard let text = try? text(of: logURL) else { return [] }
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
