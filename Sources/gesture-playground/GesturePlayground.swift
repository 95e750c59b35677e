import Glibc
import Playground

/// The `gesture-playground` command: UIKit's gesture architecture on Wayland.
///
/// A small parser of its own (`CommandSpec`) rather than swift-argument-parser, which pulls
/// in Foundation: the program starts faster and is smaller in memory. The command line,
/// the help texts, the error messages and the exit codes are those of docs/FORMATS.md.
@main
enum GesturePlayground {
  /// The first sentence of the program's help.
  static let abstract = "Try UIKit-style gesture recognizers on a Wayland desktop."
  /// The rest of the program's help: what it does, where scenes are found, the exit codes.
  static let discussion = """
    Opens a scene (views with gesture recognizers, described in a JSON file) in a \
    window on $WAYLAND_DISPLAY. With no subcommand, `run` is assumed. `replay` plays \
    a recorded or hand-written trace file on a scene with no compositor and prints \
    the event log (file formats: docs/FORMATS.md).

    Scenes are found by name in $GESTURE_PLAYGROUND_DATA/scenes, in \
    <prefix>/share/gesture-playground/scenes next to the installed program, and in \
    the source tree's assets/scenes; an argument ending in .json or containing / is \
    a path to a scene file.

    Exit codes:
      0   success
      1   a scene or trace file was rejected (one line on standard error says where and why)
      2   no Wayland compositor could be reached, or it lacks a required global
      3   the connection to the compositor was lost or it reported a protocol error
      4   a system call failed, or an output file (--log, --record, --snapshot) cannot be written
      64  the command line was wrong
    """

  /// The subcommands with what runs each, `run` (the default) first.
  static let commands: [(spec: CommandSpec, run: @Sendable ([String: String]) -> Int32)] = [
    (RunCommand.spec, RunCommand.run),
    (ReplayCommand.spec, ReplayCommand.run),
    (ScenesCommand.spec, ScenesCommand.run),
  ]

  /// Runs the command line and exits with its status.
  static func main() {
    exit(run(Array(CommandLine.arguments.dropFirst())))
  }

  /// Runs the command line `arguments` (without the program name); returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    let width = CommandSpec.screenWidth()
    if arguments.first == "help" { return help(arguments.dropFirst(), width: width) }
    // A lone help flag: the program's own help.
    if arguments == ["-h"] || arguments == ["--help"] {
      print(rootHelp(width: width))
      return ExitStatus.ok.rawValue
    }
    if let invalid = arguments.first(where: { $0.hasPrefix("---") }) {
      return fail(
        UsageError("Invalid option: \(invalid)"), usage: "\(CommandSpec.programName) <subcommand>", hint: "")
    }
    let named = commands.first { $0.spec.name == arguments.first }
    let command = named ?? commands[0]
    let rest = named == nil ? arguments[...] : arguments.dropFirst()
    switch command.spec.parse(rest) {
    case .values(let values):
      return command.run(values)
    case .help:
      print(command.spec.helpText(width: width), terminator: "")
      return ExitStatus.ok.rawValue
    case .failure(let error):
      return fail(error, usage: command.spec.usage, hint: " " + command.spec.name)
    }
  }

  /// `help [SUBCOMMAND]`: the subcommand's help, or the program's for anything else.
  private static func help(_ names: ArraySlice<String>, width: Int) -> Int32 {
    let usage = "\(CommandSpec.programName) help [<subcommands> ...]"
    if let option = names.first(where: { CommandSpec.looksLikeOption($0) && $0 != "-h" && $0 != "--help" }) {
      printToStandardError(UsageError("Unknown option '\(option)'").report(usage: usage, helpHint: nil))
      return ExitStatus.usage.rawValue
    }
    if names.first == "help" {
      print(
        CommandSpec.overview(abstract: "Show subcommand help information.", discussion: "", width: width)
          + "USAGE: \(usage)\n\n"
          + HelpElement.section(
            "ARGUMENTS", [HelpElement(label: "<subcommands>", abstract: "")], width: width))
    } else if let command = commands.first(where: { $0.spec.name == names.first }) {
      print(command.spec.helpText(width: width), terminator: "")
    } else {
      print(rootHelp(width: width))
    }
    return ExitStatus.ok.rawValue
  }

  /// The program's `--help`: the overview, the options and the subcommands.
  static func rootHelp(width: Int) -> String {
    let subcommands = commands.enumerated().map { index, command in
      HelpElement(
        label: command.spec.name + (index == 0 ? " (default)" : ""), abstract: command.spec.abstract)
    }
    return CommandSpec.overview(abstract: abstract, discussion: discussion, width: width)
      + "USAGE: \(CommandSpec.programName) <subcommand>\n\n"
      + HelpElement.section("OPTIONS", [HelpElement.help], width: width) + "\n"
      + HelpElement.section("SUBCOMMANDS", subcommands, width: width)
      + "\n  See '\(CommandSpec.programName) help <subcommand>' for detailed help."
  }

  /// Reports `error` on standard error with the usage line; returns `ExitStatus.usage`.
  private static func fail(_ error: UsageError, usage: String, hint: String) -> Int32 {
    printToStandardError(error.report(usage: usage, helpHint: CommandSpec.programName + hint))
    return ExitStatus.usage.rawValue
  }
}
