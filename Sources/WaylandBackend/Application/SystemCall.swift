import Glibc

/// The one funnel for raw system calls: retries `EINTR` and turns failures into
/// `WaylandError.system` naming the call.
enum SystemCall {
  /// Runs `body` until it does not fail with `EINTR`; throws on any other failure (-1).
  @discardableResult
  static func run(_ name: String, _ body: () -> Int32) throws(WaylandError) -> Int32 {
    while true {
      let result = body()
      if result != -1 { return result }
      let code = errno
      if code == EINTR { continue }
      throw .system(call: name, errno: code)
    }
  }

  /// `strerror` text for `errno`.
  static func describe(errno code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// The current errno as text.
  static var lastError: String { describe(errno: errno) }
}
