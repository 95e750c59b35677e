import ArgumentParser
import Playground

/// The `gesture-playground` command: UIKit's gesture architecture on Wayland.
@main
struct GesturePlayground: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gesture-playground",
    abstract: "Try UIKit-style gesture recognizers on a Wayland desktop.",
    discussion: """
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
      """,
    subcommands: [RunCommand.self, ReplayCommand.self, ScenesCommand.self],
    defaultSubcommand: RunCommand.self
  )
}
