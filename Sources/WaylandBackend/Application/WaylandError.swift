/// Why the Wayland client could not start or had to stop.
///
/// `description` is one line meant for the user; `exitCode` is the process exit status the
/// app documents for it (see the README's "Exit codes").
public enum WaylandError: Error, CustomStringConvertible, Equatable {
  /// No compositor answered on the socket (`WAYLAND_DISPLAY` unset, wrong, or not running).
  case noCompositor(display: String, reason: String)
  /// The compositor lacks a global the client cannot work without.
  case missingGlobal(interface: String, minimumVersion: UInt32, advertised: UInt32?)
  /// The connection broke while running (the compositor exited or crashed).
  case connectionLost(reason: String)
  /// The compositor reported a protocol error against this client.
  case protocolError(interface: String, code: UInt32)
  /// A system call failed.
  case system(call: String, errno: Int32)

  /// One line for the user.
  public var description: String {
    switch self {
    case .noCompositor(let display, let reason):
      return "cannot connect to the Wayland compositor on '\(display)': \(reason)"
    case .missingGlobal(let interface, let minimum, let advertised):
      if let advertised {
        return
          "the compositor offers \(interface) version \(advertised), but version \(minimum) or later is required"
      }
      return "the compositor does not offer \(interface) (version \(minimum) or later is required)"
    case .connectionLost(let reason):
      return "lost the connection to the Wayland compositor: \(reason)"
    case .protocolError(let interface, let code):
      return "the compositor reported protocol error \(code) on \(interface)"
    case .system(let call, let errno):
      return "\(call) failed: \(SystemCall.describe(errno: errno))"
    }
  }

  /// The documented exit status: 2 when there is no compositor to talk to, 3 when the
  /// connection was lost or broken, 4 for any other failure of the platform.
  public var exitCode: Int32 {
    switch self {
    case .noCompositor, .missingGlobal: return 2
    case .connectionLost, .protocolError: return 3
    case .system: return 4
    }
  }
}
