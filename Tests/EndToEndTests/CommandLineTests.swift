import Foundation
import Testing

extension EndToEnd {
  /// The command line as docs/FORMATS.md documents it, byte for byte: the built
  /// `gesture-playground` runs each case's arguments with no compositor (no `$WAYLAND_DISPLAY`,
  /// `$XDG_RUNTIME_DIR` a folder that does not exist, standard input /dev/null), in the
  /// repository's root so paths in messages are relative, and its standard output, standard
  /// error and exit status must equal the case's.
  ///
  /// Long outputs (help texts, `scenes`, a replay's log) are goldens in
  /// `Fixtures/command-line/`; error messages are written out below. Adding a bundled scene
  /// changes `scenes.txt` and the "no bundled scene" message, a help text change the golden
  /// of its command: update them on purpose, from the program's output
  /// (`gesture-playground --help > Tests/EndToEndTests/Fixtures/command-line/help.txt`).
  @Suite("Command line")
  struct CommandLineTests {
    @Test("the output and the exit status are the documented ones", arguments: Self.cases)
    func commandLine(_ example: Case) throws {
      let work = try Self.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: work) }
      let result = try Self.run(example.arguments, in: work)
      let command = "gesture-playground " + example.arguments.joined(separator: " ")
      if result.status != example.status {
        Issue.record(
          """
          `\(command)` exited with status \(result.status), expected \(example.status); its standard error:
          \(result.standardError)
          """)
      }
      for (stream, expected, actual) in [
        ("standard output", example.standardOutput, result.standardOutput),
        ("standard error", example.standardError, result.standardError),
      ] {
        let (text, source) = try expected.resolved()
        if let difference = Self.difference(expected: text, actual: actual) {
          Issue.record("`\(command)`: \(stream) differs from \(source): \(difference)")
        }
      }
    }

    @Test(
      "a completion script for each shell completes every subcommand and option",
      arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) throws {
      let work = try Self.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: work) }
      let result = try Self.run(["--generate-completion-script", shell], in: work)
      #expect(result.status == 0, "\(result.standardError)")
      for word in ["gesture-playground", "replay", "scenes", "scene", "trace", "snapshot", "record"] {
        #expect(result.standardOutput.contains(word), "the \(shell) script lacks \(word)")
      }
    }

    @Test("without $XDG_RUNTIME_DIR, or with a relative one, `run` says so in one line, status 2")
    func noRuntimeDirectory() throws {
      let work = try Self.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: work) }
      let connect = "gesture-playground: cannot connect to the Wayland compositor on"
      let notSet =
        "$XDG_RUNTIME_DIR, the folder of its socket, is not set (a desktop session sets it; sudo and su may not keep it)"
      for (changes, message) in [
        (["XDG_RUNTIME_DIR": nil], "\(connect) 'wayland-0': \(notSet)"),
        (["XDG_RUNTIME_DIR": ""], "\(connect) 'wayland-0': \(notSet)"),
        (
          ["XDG_RUNTIME_DIR": "run/user", "WAYLAND_DISPLAY": "wayland-1"],
          "\(connect) 'wayland-1': $XDG_RUNTIME_DIR, the folder of its socket, is not an absolute path ('run/user')"
        ),
        // A path needs no folder: libwayland connects to it as it is.
        (
          ["XDG_RUNTIME_DIR": nil, "WAYLAND_DISPLAY": work.path + "/none"],
          "\(connect) '\(work.path)/none': no such socket"
        ),
      ] as [([String: String?], String)] {
        let result = try Self.run(["cards"], in: work, changes: changes)
        #expect(result.status == 2)
        #expect(result.standardError == message + "\n", "\(changes)")
      }
    }

    /// The usage lines that follow every error of `run` (also the default command).
    static let runUsage = """
      Usage: gesture-playground run [<NAME-or-PATH>] [--scene <NAME-or-PATH>] [--log <FILE>] [--record <FILE>] [--watch]
        See 'gesture-playground run --help' for more information.
      """
    /// The usage lines that follow every error of `replay`.
    static let replayUsage = """
      Usage: gesture-playground replay --scene <NAME-or-PATH> --trace <FILE> [--log <FILE>] [--snapshot <PNG>] [--timeline <FILE>]
        See 'gesture-playground replay --help' for more information.
      """
    /// The usage lines that follow every error of `scenes`.
    static let scenesUsage = """
      Usage: gesture-playground scenes
        See 'gesture-playground scenes --help' for more information.
      """
    /// The line after an error about `--scene`.
    static let sceneHelp = """
      Help:  --scene <NAME-or-PATH>  A bundled scene name (see `gesture-playground scenes`) or a path to a scene .json file.
      """
    /// The line after an error about `--log` of `run`.
    static let logHelp = """
      Help:  --log <FILE>  Write the event log (JSON Lines: gestures, touch deliveries, final state) to this file.
      """
    /// The line after an error about `--trace`.
    static let traceHelp = """
      Help:  --trace <FILE>  The trace file to play (JSON Lines, e.g. from `run --record`).
      """
    /// The message when there is no compositor (exit status 2).
    static let noCompositor =
      "gesture-playground: cannot connect to the Wayland compositor on 'wayland-0': no such socket"
    /// The bundled scenes, as the message about an unknown scene name lists them.
    static let bundledScenes = """
      bundled scenes: cards, circles, constrained, delivery, direct, edge, gestures, hit-shapes, menus, \
      multitouch, paint, photos, scroll-drag, swipe, taps; a path to a .json file also works
      """

    /// Every case: each help form, each subcommand's success (or, for `run`, its exit without
    /// a compositor), and the errors of a wrong command line.
    static let cases: [Case] = [
      // The program's help, and each subcommand's, in every spelling.
      .init(["--help"], standardOutput: .golden("help.txt")),
      .init(["-h"], standardOutput: .golden("help.txt")),
      .init(["help"], standardOutput: .golden("help.txt")),
      .init(["help", "bogus"], standardOutput: .golden("help.txt")),
      .init(["help", "help"], standardOutput: .golden("help-help.txt")),
      .init(["help", "run"], standardOutput: .golden("run-help.txt")),
      .init(["help", "replay"], standardOutput: .golden("replay-help.txt")),
      .init(["help", "scenes"], standardOutput: .golden("scenes-help.txt")),
      .init(["run", "--help"], standardOutput: .golden("run-help.txt")),
      .init(["replay", "--help"], standardOutput: .golden("replay-help.txt")),
      .init(["scenes", "--help"], standardOutput: .golden("scenes-help.txt")),
      .init(["check", "--help"], standardOutput: .golden("check-help.txt")),
      .init(["help", "check"], standardOutput: .golden("check-help.txt")),
      // `check`: a folder whose case matches; one whose log is missing; a folder with none.
      .init(["check", "Tests/PlaygroundTests/Fixtures/check"], standardOutput: .text("ok drag (8 lines)\n")),
      .init(
        ["check", "Tests/PlaygroundTests/Fixtures"], status: 1,
        standardError:
          "gesture-playground: Tests/PlaygroundTests/Fixtures: no cases (a NAME.scene.json with a NAME.trace.jsonl next to it)"
      ),
      .init(
        ["check", "/nonexistent"], status: 1,
        standardError: "gesture-playground: cannot read the folder /nonexistent: No such file or directory"),
      .init(["run", "-h"], standardOutput: .golden("run-help.txt")),
      // Help goes to the default command, and wins over wrong options.
      .init(["--scene", "cards", "--help"], standardOutput: .golden("run-help.txt")),
      .init(["run", "--bogus", "-h"], standardOutput: .golden("run-help.txt")),
      .init(["run", "--help=x"], standardOutput: .golden("run-help.txt")),
      .init(
        ["help", "--bogus"], status: 64,
        standardError: "Error: Unknown option '--bogus'\nUsage: gesture-playground help [<subcommands> ...]"),

      // Success, or for `run` the documented exit without a compositor.
      .init(["scenes"], standardOutput: .golden("scenes.txt")),
      .init(
        ["replay", "--scene", "cards", "--trace", "Tests/PlaygroundTests/Fixtures/scenes/cards.trace.jsonl"],
        standardOutput: .repositoryFile("Tests/PlaygroundTests/Fixtures/scenes/cards.log.jsonl")),
      .init(
        ["replay", "--scene=cards", "--trace=/dev/null"], standardOutput: .golden("replay-empty-trace.jsonl")),
      .init(["--scene", "cards"], status: 2, standardError: noCompositor),
      .init(["photos"], status: 2, standardError: noCompositor),
      .init(["run", "assets/scenes/taps.json"], status: 2, standardError: noCompositor),
      .init(["run", "--"], status: 2, standardError: noCompositor),

      // Unknown subcommands and options, with a suggestion when one is close.
      .init(
        ["run", "cards", "bogus"], status: 64,
        standardError: "Error: Unexpected argument 'bogus'\n\(runUsage)"),
      .init(
        ["--bogus"], status: 64,
        standardError: "Error: Unknown option '--bogus'. Did you mean '--log'?\n\(runUsage)"),
      .init(
        ["run", "--sceen", "cards"], status: 64,
        standardError: "Error: Unknown option '--sceen'. Did you mean '--scene'?\n\(runUsage)"),
      .init(["run", "-x"], status: 64, standardError: "Error: Unknown option '-x'\n\(runUsage)"),
      .init(["--version"], standardOutput: .text("1.5.0\n")),
      .init(["run", "--version"], standardOutput: .text("1.5.0\n")),
      .init(
        ["--generate-completion-script", "nosuchshell"], status: 64,
        standardError: """
          Error: Can't generate completion scripts for 'nosuchshell'.
          Please use --generate-completion-script=<shell> with one of:
              zsh bash fish
          Usage: gesture-playground <subcommand>
            See 'gesture-playground --help' for more information.
          """),
      .init(
        ["scenes", "--bogus"], status: 64, standardError: "Error: Unknown option '--bogus'\n\(scenesUsage)"),
      .init(
        ["run", "---scene", "a"], status: 64,
        standardError: """
          Error: Invalid option: ---scene
          Usage: gesture-playground <subcommand>
            See 'gesture-playground --help' for more information.
          """),

      // Missing values and options, extra arguments, `--`.
      .init(
        ["run", "--scene"], status: 64,
        standardError: "Error: Missing value for '--scene <NAME-or-PATH>'\n\(sceneHelp)\n\(runUsage)"),
      .init(
        ["run", "--scene="], status: 64,
        standardError: "Error: Missing value for '--scene <NAME-or-PATH>'\n\(sceneHelp)\n\(runUsage)"),
      .init(
        ["run", "--scene=cards", "--log"], status: 64,
        standardError: "Error: Missing value for '--log <FILE>'\n\(logHelp)\n\(runUsage)"),
      .init(
        ["replay"], status: 64,
        standardError:
          "Error: Missing expected argument '--scene <NAME-or-PATH>'\n\(sceneHelp)\n\(replayUsage)"),
      .init(
        ["replay", "--scene", "cards"], status: 64,
        standardError: "Error: Missing expected argument '--trace <FILE>'\n\(traceHelp)\n\(replayUsage)"),
      // Files that never end or are directories (FORMATS.md, Limits).
      .init(
        ["replay", "--scene", "/dev/zero", "--trace", "x"], status: 1,
        standardError: "/dev/zero: cannot read the file: the file is larger than 16 MiB (the limit)"),
      .init(
        ["replay", "--scene", "/", "--trace", "x"], status: 1,
        standardError: "/: cannot read the file: Is a directory"),
      // A snapshot that cannot be written is found out before anything is printed.
      .init(
        [
          "replay", "--scene", "cards", "--trace", "Tests/PlaygroundTests/Fixtures/scenes/cards.trace.jsonl",
          "--snapshot", "/nonexistent/x.png",
        ], status: 4,
        standardError:
          "gesture-playground: cannot write the snapshot /nonexistent/x.png: No such file or directory"),
      .init(
        ["replay", "--scene", "cards", "--trace", "x", "--timeline", "t.gif"], status: 64,
        standardError: "Error: --timeline t.gif: the file must end in .png or .svg\n\(replayUsage)"),
      // An option twice (the parser would keep the last), an empty scene name.
      .init(
        ["run", "--scene", "cards", "--scene=taps"], status: 64,
        standardError: "Error: --scene was given 2 times; give it once\n\(runUsage)"),
      .init(
        ["replay", "--scene", "cards", "--trace", "a", "--trace", "b"], status: 64,
        standardError: "Error: --trace was given 2 times; give it once\n\(replayUsage)"),
      .init(
        ["replay", "--scene", "", "--trace", "a"], status: 64,
        standardError:
          "Error: --scene is empty: give a bundled scene's name (`gesture-playground scenes` lists them) "
          + "or a path to a .json file\n\(replayUsage)"),
      .init(
        ["scenes", "extra"], status: 64, standardError: "Error: Unexpected argument 'extra'\n\(scenesUsage)"),
      .init(
        ["run", "--", "x", "y"], status: 64, standardError: "Error: Unexpected argument 'y'\n\(runUsage)"),
      // The scene named without --scene, and with it as well.
      .init(
        ["run", "--scene", "cards", "photos"], status: 64,
        standardError:
          "Error: the scene is named twice, as photos and with --scene; name it once\n\(runUsage)"),
      .init(
        ["--scene=cards", "photos"], status: 64,
        standardError:
          "Error: the scene is named twice, as photos and with --scene; name it once\n\(runUsage)"),
      .init(
        ["run", ""], status: 64,
        standardError:
          "Error: the scene's name is empty: give a bundled scene's name (`gesture-playground scenes` lists them) "
          + "or a path to a .json file\n\(runUsage)"),

      // Well-formed command lines whose files are wrong: statuses 1 and 4.
      .init(
        ["run", "--scene", "nonexist"], status: 1,
        standardError: "nonexist: no bundled scene with this name (\(bundledScenes))"),
      .init(["bogus"], status: 1, standardError: "bogus: no bundled scene with this name (\(bundledScenes))"),
      .init(
        ["run", "--", "--help"], status: 1,
        standardError: "--help: no bundled scene with this name (\(bundledScenes))"),
      .init(
        ["Tests/PlaygroundTests/Fixtures/nonexistent.json", "--watch"], status: 1,
        standardError:
          "Tests/PlaygroundTests/Fixtures/nonexistent.json: cannot read the file: No such file or directory"),
      .init(
        ["replay", "--scene", "cards", "--trace", "Tests/PlaygroundTests/Fixtures/nonexistent.jsonl"],
        status: 1,
        standardError:
          "Tests/PlaygroundTests/Fixtures/nonexistent.jsonl: cannot read the file: No such file or directory"),
      .init(
        ["run", "--log", "/nonexistent/dir/x", "--scene", "cards"], status: 4,
        standardError:
          "gesture-playground: cannot write the log /nonexistent/dir/x: No such file or directory"),
      .init(
        ["replay", "--scene", "cards", "--trace", "/dev/null", "--log", "/nonexistent/dir/x"], status: 4,
        standardError:
          "gesture-playground: cannot write the log /nonexistent/dir/x: No such file or directory"),
    ]

    /// Runs the app with `arguments` in the repository's root, with no compositor to find:
    /// its exit status and what it wrote on standard output and standard error. `changes`
    /// sets (or, nil, removes) variables of its environment after that.
    static func run(_ arguments: [String], in work: URL, changes: [String: String?] = [:]) throws -> (
      status: Int32, standardOutput: String, standardError: String
    ) {
      var environment = ProcessInfo.processInfo.environment
      for name in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "GESTURE_PLAYGROUND_DATA", "COLUMNS"] {
        environment[name] = nil
      }
      environment["XDG_RUNTIME_DIR"] = work.appendingPathComponent("no-runtime-dir").path
      for (name, value) in changes { environment[name] = value }
      return try runCapturingOutput(
        try RepositoryLayout.appExecutable(), arguments, environment: environment, in: RepositoryLayout.root,
        scratch: work)
    }

    /// Nil when `actual` is `expected`; otherwise the first line that differs, expected and
    /// actual (a missing line shows as `(none)`), and the whole actual text.
    static func difference(expected: String, actual: String) -> String? {
      guard expected != actual else { return nil }
      // After a final newline `split` leaves an empty last element: a missing or extra final
      // newline shows as a line `""` against `(none)`.
      let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
      let index =
        zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(expectedLines.count, actualLines.count)
      func line(_ lines: [Substring]) -> String {
        index < lines.count ? "\"\(lines[index])\"" : "(none)"
      }
      return """
        first difference at line \(index + 1)
          expected: \(line(expectedLines))
          actual:   \(line(actualLines))
        actual text:
        \(actual)
        """
    }

    /// A fresh directory outside the repository, for the program's output.
    static func temporaryDirectory() throws -> URL {
      var template = Array(
        URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gp-cli-XXXXXX").path.utf8CString)
      guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed: errno \(errno)") }
      return URL(fileURLWithPath: String(cString: made))
    }

    /// One command line and what the program must answer.
    struct Case: Sendable, CustomTestStringConvertible {
      /// The arguments after the program's name.
      let arguments: [String]
      /// The exit status.
      let status: Int32
      /// All of standard output.
      let standardOutput: Expected
      /// All of standard error.
      let standardError: Expected

      /// A case; `standardError` is the message's lines without the final newline, which
      /// the program always writes.
      init(
        _ arguments: [String], status: Int32 = 0, standardOutput: Expected = .text(""),
        standardError: String = ""
      ) {
        self.arguments = arguments
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = .text(standardError.isEmpty ? "" : standardError + "\n")
      }

      /// The command line, as the test's name.
      var testDescription: String { arguments.isEmpty ? "(no arguments)" : arguments.joined(separator: " ") }
    }

    /// What one output stream must hold, exactly.
    enum Expected: Sendable {
      /// This text.
      case text(String)
      /// The contents of this file of `Fixtures/command-line/` (a resource of the test bundle).
      case golden(String)
      /// The contents of this file, a path from the repository's root.
      case repositoryFile(String)

      /// The text, and where it comes from for messages.
      func resolved() throws -> (text: String, source: String) {
        switch self {
        case .text(let text):
          return (text, "the expected text")
        case .golden(let name):
          guard let folder = Bundle.module.path(forResource: "Fixtures", ofType: nil) else {
            throw HarnessError("the Fixtures folder is not in the test bundle")
          }
          let path = folder + "/command-line/" + name
          return (
            try String(contentsOfFile: path, encoding: .utf8),
            "Tests/EndToEndTests/Fixtures/command-line/\(name)"
          )
        case .repositoryFile(let path):
          let url = RepositoryLayout.root.appendingPathComponent(path)
          return (try String(contentsOf: url, encoding: .utf8), path)
        }
      }
    }
  }
}
