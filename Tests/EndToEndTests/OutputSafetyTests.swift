import Foundation
import Testing

extension EndToEnd {
  /// Every output of the program complete or untouched, every write error reported with
  /// status 4, an output that names an input refused with 64 before anything is read, and a
  /// closed pipe ended quietly with 141 (docs/FORMATS.md, "Output files").
  ///
  /// A full disk is a file-size limit (`ulimit -f`, with `SIGXFSZ` ignored as a program
  /// that finds the disk full gets no signal): a write past it fails with `EFBIG` as one on
  /// a full disk fails with `ENOSPC`, in any folder and without root. `/dev/full` fails every
  /// write with `ENOSPC`.
  @Suite("Output safety")
  struct OutputSafetyTests {
    /// A 200x100 scene with a card "c" that drags.
    static let scene = """
      {"name": "out", "size": [200, 100], "background": "#000000", "views": [
        {"id": "c", "frame": [0, 0, 50, 50], "fill": "#ffffff",
         "gestures": [{"id": "c-pan", "kind": "pan", "behavior": "drag"}]}]}
      """

    /// A drag of `motions` steps: a log of about 200 bytes a motion.
    static func trace(motions: Int) -> String {
      var lines = [#"{"t": 0, "type": "touch.down", "id": 0, "x": 25, "y": 25}"#]
      for step in 1...motions {
        lines.append(
          #"{"t": \#(Double(step) * 0.008), "type": "touch.motion", "id": 0, "x": \#(25 + step % 100), "y": 25}"#
        )
      }
      lines.append(#"{"t": \#(Double(motions + 1) * 0.008), "type": "touch.up", "id": 0}"#)
      return lines.joined(separator: "\n") + "\n"
    }

    /// A folder with `scene.json` and `trace.jsonl` (a drag of 2000 motions, a log of some
    /// 400 KB), and the good output files the runs below must not lose.
    static func folder() throws -> URL {
      let work = try CommandLineTests.temporaryDirectory()
      try scene.write(to: work.appendingPathComponent("scene.json"), atomically: false, encoding: .utf8)
      try trace(motions: 2000).write(
        to: work.appendingPathComponent("trace.jsonl"), atomically: false, encoding: .utf8)
      for name in ["old.jsonl", "old.svg", "old.png"] {
        try "a good file\n".write(to: work.appendingPathComponent(name), atomically: false, encoding: .utf8)
      }
      return work
    }

    /// Runs `script` with `sh` in `work`, `$APP` the program: its status, standard output
    /// and standard error.
    static func shell(_ script: String, in work: URL) throws -> (status: Int32, output: String, error: String)
    {
      var environment = ProcessInfo.processInfo.environment
      environment["APP"] = try RepositoryLayout.appExecutable().path
      environment["WAYLAND_DISPLAY"] = nil
      // Under `make asan` the sanitizer's own log is a file the size limit would cut too (its
      // writes then fail over and over): its reports go to standard error instead, where the
      // expected one-line errors would not match them.
      if environment["ASAN_OPTIONS"] != nil { environment["ASAN_OPTIONS"] = "detect_leaks=1" }
      // (and the list of suppressed leaks inside system libraries is not printed there)
      if let options = environment["LSAN_OPTIONS"] {
        environment["LSAN_OPTIONS"] = options + ":print_suppressions=0"
      }
      let result = try runCapturingOutput(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: environment, in: work, scratch: work)
      return (result.status, result.standardOutput, result.standardError)
    }

    /// A folder `cases` in `work` with one case, `a`, whose expected log is `old.jsonl`.
    static func cases(in work: URL) throws -> URL {
      let cases = work.appendingPathComponent("cases")
      try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: false)
      for (from, to) in [
        ("scene.json", "a.scene.json"), ("trace.jsonl", "a.trace.jsonl"), ("old.jsonl", "a.log.jsonl"),
      ] {
        try FileManager.default.copyItem(
          at: work.appendingPathComponent(from), to: cases.appendingPathComponent(to))
      }
      return cases
    }

    /// The text of `name` in `work`.
    static func text(_ name: String, in work: URL) -> String? {
      try? String(contentsOf: work.appendingPathComponent(name), encoding: .utf8)
    }

    /// The temporary files left in `work`.
    static func leftovers(in work: URL) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).filter {
        $0.hasSuffix(".part")
      }
    }

    /// `sh` running the program with the file-size limit of a disk with 64 KiB free.
    static let fullDisk = #"ulimit -f 128; trap "" XFSZ; "$APP""#

    @Test(
      "On a full disk each output keeps its old contents, the error is one line, the status 4",
      arguments: [
        ("--log", "old.jsonl", "the log"), ("--timeline", "old.svg", "the timeline"),
        ("--snapshot", "old.png", "the snapshot"),
      ])
    func fullDiskKeepsOldFiles(option: String, file: String, what: String) throws {
      let work = try Self.folder()
      defer { try? FileManager.default.removeItem(at: work) }
      // The timeline and the snapshot need a full disk of their own size: a smaller limit.
      let limit = option == "--log" ? Self.fullDisk : Self.fullDisk.replacingOccurrences(of: "128", with: "1")
      let result = try Self.shell(
        limit + " replay --scene scene.json --trace trace.jsonl \(option) \(file) > /dev/null", in: work)
      #expect(result.status == 4)
      #expect(result.error == "gesture-playground: cannot write \(what) \(file): File too large\n")
      #expect(Self.text(file, in: work) == "a good file\n")
      #expect(Self.leftovers(in: work).isEmpty)
    }

    @Test("check --update on a full disk keeps the old expected log and fails the case")
    func checkUpdateOnAFullDisk() throws {
      let work = try Self.folder()
      defer { try? FileManager.default.removeItem(at: work) }
      let cases = try Self.cases(in: work)
      let result = try Self.shell(Self.fullDisk + " check cases --update", in: work)
      #expect(result.status == 1)
      #expect(
        result.output == "FAIL a: cannot write cases/a.log.jsonl: File too large (the old log is kept)\n")
      #expect(Self.text("cases/a.log.jsonl", in: work) == "a good file\n")
      #expect(Self.leftovers(in: cases).isEmpty)
      // With room, the same update writes the whole log.
      let room = try Self.shell(#""$APP" check cases --update"#, in: work)
      #expect(room.status == 0 && room.output.hasPrefix("updated a ("))
      #expect(Self.text("cases/a.log.jsonl", in: work)?.hasSuffix(#""z":0}]}"# + "\n") == true)
    }

    @Test("Standard output that fails says so with status 4; a closed pipe ends quietly with 141")
    func standardOutput() throws {
      let work = try Self.folder()
      defer { try? FileManager.default.removeItem(at: work) }
      let full = try Self.shell(
        #""$APP" replay --scene scene.json --trace trace.jsonl > /dev/full"#, in: work)
      #expect(full.status == 4)
      #expect(
        full.error == "gesture-playground: cannot write the log to standard output: No space left on device\n"
      )
      _ = try Self.cases(in: work)
      for command in ["scenes", "check cases"] {
        let listed = try Self.shell(#""$APP" \#(command) > /dev/full"#, in: work)
        #expect(listed.status == 4, "\(command)")
        #expect(listed.error.hasSuffix("to standard output: No space left on device\n"), "\(command)")
      }
      // The reader takes one line and goes away: the program's own status is kept in a file.
      let piped = try Self.shell(
        #"{ "$APP" replay --scene scene.json --trace trace.jsonl; echo $? > status; } | head -1"#, in: work)
      #expect(piped.output.hasPrefix(#"{"t":0.0,"type":"touches""#))
      #expect(piped.error == "")
      #expect(Self.text("status", in: work) == "141\n")
    }

    @Test("An output that names an input or another output is refused before anything is read")
    func clashingOutputs() throws {
      let work = try Self.folder()
      defer { try? FileManager.default.removeItem(at: work) }
      let trace = Self.text("trace.jsonl", in: work)
      for (arguments, message) in [
        (
          "replay --scene scene.json --trace trace.jsonl --log ./trace.jsonl",
          "--log ./trace.jsonl is the trace: writing it would destroy it; name another file"
        ),
        (
          "replay --scene scene.json --trace trace.jsonl --snapshot scene.json",
          "--snapshot scene.json is the scene: writing it would destroy it; name another file"
        ),
        (
          "replay --scene scene.json --trace trace.jsonl --log new.svg --timeline new.svg",
          "--timeline and --log name the same file new.svg; name two files"
        ),
        (
          "run --scene scene.json --log x.jsonl --record x.jsonl",
          "--record and --log name the same file x.jsonl; name two files"
        ),
      ] {
        let result = try Self.shell(#""$APP" "# + arguments, in: work)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.error == "gesture-playground: \(message)\n")
      }
      #expect(Self.text("trace.jsonl", in: work) == trace)
      #expect(Self.text("scene.json", in: work) == Self.scene)
      #expect(Self.text("new.svg", in: work) == nil && Self.text("x.jsonl", in: work) == nil)
    }

    @Test("A path that is not UTF-8 is refused in one line, not turned into another file's name")
    func pathsNotUTF8() throws {
      let work = try Self.folder()
      defer { try? FileManager.default.removeItem(at: work) }
      let result = try Self.shell(
        #""$APP" replay --scene scene.json --trace trace.jsonl --log "$(printf 'x\375.log')""#, in: work)
      #expect(result.status == 64)
      #expect(
        result.error
          == "gesture-playground: argument 7 (x\u{FFFD}.log) is not UTF-8 text; name files in UTF-8 "
          + "(rename it, or pass a link to it)\n")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: work.path).allSatisfy { !$0.hasSuffix(".log") })
      // A check folder with such a name checks the others and does not pass.
      _ = try Self.cases(in: work)
      _ = try Self.shell(#"cp cases/a.scene.json "cases/$(printf '\377').scene.json""#, in: work)
      let check = try Self.shell(#""$APP" check cases --update"#, in: work)
      #expect(check.status == 1)
      #expect(check.output.hasPrefix("updated a ("))
      #expect(
        check.error
          == "gesture-playground: cases: 1 file name(s) are not UTF-8 text and were left out; rename them\n")
    }
  }
}
