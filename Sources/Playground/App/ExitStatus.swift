/// The exit codes of `gesture-playground` (see `--help`).
public enum ExitStatus: Int32, Sendable {
  /// Success.
  case ok = 0
  /// A scene (or other input) file was rejected; the one-line reason is on standard error.
  case badInput = 1
  /// No Wayland compositor could be reached (`$WAYLAND_DISPLAY`), or it lacks a required
  /// global.
  case noCompositor = 2
  /// The connection to the compositor was lost, or it reported a protocol error.
  case connectionLost = 3
  /// A system call failed (named on standard error).
  case systemError = 4
  /// The command line was wrong (BSD `EX_USAGE`, as swift-argument-parser uses), or an
  /// output file named an input or another output.
  case usage = 64
  /// Standard output was a pipe whose reader went away (`replay | head -1`): the output ends
  /// quietly, with what a shell reports for `cat` stopped the same way (128 + `SIGPIPE`).
  case closedPipe = 141
}
