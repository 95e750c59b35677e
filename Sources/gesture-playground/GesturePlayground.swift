import ArgumentParser
import Playground

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The `gesture-playground` command: UIKit's gesture architecture on Wayland.
///
/// Parsed by swift-argument-parser: help for every command, suggestions for misspelt
/// options, `--version`, shell completion scripts (`--generate-completion-script`) and exit
/// status 64 for a wrong command line. The commands and their options are those of
/// docs/FORMATS.md.
@main
struct GesturePlayground: ParsableCommand {
  /// The program's version, as `--version` prints it.
  static let version = "1.5.0"

  static let configuration = CommandConfiguration(
    commandName: "gesture-playground",
    abstract: "Try UIKit-style gesture recognizers on a Wayland desktop.",
    discussion: """
      Opens a scene (views with gesture recognizers, described in a JSON file) in a \
      window on $WAYLAND_DISPLAY. With no subcommand, `run` is assumed. `replay` plays \
      a recorded or hand-written trace file on a scene with no compositor and prints \
      the event log; `check` replays a folder of cases against their expected logs \
      (file formats: docs/FORMATS.md).

      Scenes are found by name in $GESTURE_PLAYGROUND_DATA/scenes, in \
      <prefix>/share/gesture-playground/scenes next to the installed program, and in \
      the source tree's assets/scenes; an argument ending in .json or containing / is \
      a path to a scene file.

      \(WindowKeys.help)

      Exit codes:
        0   success
        1   a scene or trace file was rejected (standard error says where and why)
        2   no Wayland compositor, or it lacks a required global
        3   the connection to the compositor was lost, or a protocol error
        4   a system call failed, or an output (--log, --record, --snapshot,
            --timeline, check --update's logs, standard output) cannot be
            written: the file keeps what it had
        64  the command line was wrong, or an output names an input or another
            output
        141 standard output is a pipe whose reader went away (as for cat)

      Shell completions: `gesture-playground --generate-completion-script bash` (or zsh, \
      fish) prints a script for your shell.
      """,
    version: version,
    subcommands: [RunCommand.self, ReplayCommand.self, ScenesCommand.self, CheckCommand.self],
    defaultSubcommand: RunCommand.self)

  /// Runs the command line. A write to a pipe whose reader went away fails with `EPIPE`
  /// instead of killing the program, so that each output ends as docs/FORMATS.md says.
  static func main() {
    signal(SIGPIPE, SIG_IGN)
    // Swift's runtime on Linux reads the arguments from /proc/self/cmdline; where /proc is
    // not mounted (a bare chroot or container) there are none, not even the program's name.
    guard CommandLine.argc > 0 else {
      printToStandardError(
        "gesture-playground: cannot read the command line: /proc/self/cmdline is missing (mount /proc)")
      Glibc.exit(ExitStatus.systemError.rawValue)
    }
    // Swift reads the arguments as UTF-8, replacing what is not: a path that is not UTF-8
    // would name another file. Said in one line instead.
    for index in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
      let shown = String(
        decoding: UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) },
        as: UTF8.self)
      printToStandardError(
        "gesture-playground: argument \(index) (\(shown.escapedForOneLine(limit: 200))) is not UTF-8 text; "
          + "name files in UTF-8 (rename it, or pass a link to it)")
      Glibc.exit(ExitStatus.usage.rawValue)
    }
    main(nil)
  }
}

/// Ends a command with `status`: nothing for 0, the status as an `ExitCode` otherwise.
func finish(_ status: Int32) throws {
  if status != ExitStatus.ok.rawValue { throw ExitCode(status) }
}
