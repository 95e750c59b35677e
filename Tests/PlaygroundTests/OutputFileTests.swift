import TestSupport
import Testing

@testable import Playground

#if canImport(Glibc)
  import Glibc
#endif

/// ``OutputFile``: complete or untouched, every write checked, outputs that name inputs
/// refused. (A disk that fills up is tried on the program itself: OutputSafetyTests.)
@Suite("Output files")
struct OutputFileTests {
  /// The names in `folder` that are temporary files of an output.
  private func leftovers(in folder: String) -> [String] {
    (FileSystem.contentsOfDirectory(folder) ?? []).filter { $0.hasSuffix(".part") }
  }

  @Test("written beside the target and renamed over it only when committed")
  func renamedWhenComplete() throws {
    let folder = temporaryDirectory()
    let path = folder + "/log.jsonl"
    try writeFile(path, "old\n")
    let file = try OutputFile(path: path, flushesLines: true)
    file.write(line: "new 1")
    // Written out line by line, but to the temporary file: the target keeps what it had.
    #expect(try readLines(path) == ["old"])
    let part = try #require(leftovers(in: folder).first)
    #expect(part.hasPrefix(".log.jsonl.") && part.hasSuffix(".part"))
    #expect(try readLines(folder + "/" + part) == ["new 1"])
    file.write(line: "new 2")
    try file.commit()
    #expect(try readLines(path) == ["new 1", "new 2"])
    #expect(leftovers(in: folder).isEmpty)
  }

  @Test("abandoned, or dropped without a commit, it leaves the target as it was")
  func discardedKeepsTheTarget() throws {
    let folder = temporaryDirectory()
    let path = folder + "/log.jsonl"
    try writeFile(path, "old\n")
    let file = try OutputFile(path: path)
    file.write(line: "partial")
    file.discard()
    do {
      let dropped = try OutputFile(path: path)
      dropped.write(line: "partial")
    }
    #expect(try readLines(path) == ["old"])
    #expect(leftovers(in: folder).isEmpty)
  }

  @Test("a write error is kept and reported by the commit, later writes dropped")
  func writeErrorsAreReported() throws {
    let file = try OutputFile(path: "/dev/full")
    file.write(line: String(repeating: "x", count: 70_000))
    #expect(file.failure == .system(String(cString: strerror(ENOSPC))))
    file.write(line: "more")
    #expect(throws: OutputFile.Failure.system(String(cString: strerror(ENOSPC)))) { try file.commit() }
    #expect(
      file.message(for: .system("No space left on device"), writing: "the log")
        == "gesture-playground: cannot write the log /dev/full: No space left on device")
  }

  @Test("a buffered write error surfaces at the commit")
  func bufferedErrorAtCommit() throws {
    let file = try OutputFile(path: "/dev/full")
    file.write(line: "short")
    #expect(file.failure == nil)
    #expect(throws: OutputFile.Failure.self) { try file.commit() }
  }

  @Test("a link is followed: the file it names is replaced, the link and the permissions kept")
  func linksAndPermissions() throws {
    let folder = temporaryDirectory()
    try writeFile(folder + "/real.jsonl", "old\n")
    chmod(folder + "/real.jsonl", 0o640)
    #expect(symlink("real.jsonl", folder + "/link.jsonl") == 0)
    let file = try OutputFile(path: folder + "/link.jsonl")
    file.write(line: "new")
    try file.commit()
    #expect(try readLines(folder + "/real.jsonl") == ["new"])
    var info = stat()
    #expect(lstat(folder + "/link.jsonl", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(stat(folder + "/real.jsonl", &info) == 0 && info.st_mode & 0o777 == 0o640)
  }

  @Test("a folder, or a file in a folder that does not exist, cannot be opened")
  func unopenable() throws {
    let folder = temporaryDirectory()
    #expect(throws: OutputFile.Failure.system(String(cString: strerror(EISDIR)))) {
      try OutputFile(path: folder)
    }
    #expect(throws: OutputFile.Failure.system(String(cString: strerror(ENOENT)))) {
      try OutputFile(path: folder + "/none/log.jsonl")
    }
  }

  @Test("outputs naming an input or each other are found, however the path is spelt")
  func clashes() throws {
    let folder = temporaryDirectory()
    try writeFile(folder + "/trace.jsonl", "{}\n")
    #expect(link(folder + "/trace.jsonl", folder + "/hard.jsonl") == 0)
    #expect(symlink("trace.jsonl", folder + "/soft.jsonl") == 0)
    let trace = [(what: "trace", path: folder + "/trace.jsonl")]
    for spelling in ["/trace.jsonl", "/./trace.jsonl", "/hard.jsonl", "/soft.jsonl", "//trace.jsonl"] {
      let message = OutputFile.clash(outputs: [(option: "--log", path: folder + spelling)], inputs: trace)
      #expect(message?.hasPrefix("gesture-playground: --log ") == true, "\(spelling)")
      #expect(message?.contains("is the trace: writing it would destroy it") == true, "\(spelling)")
    }
    // Two outputs not written yet.
    let same = OutputFile.clash(
      outputs: [
        (option: "--log", path: folder + "/out.svg"), (option: "--timeline", path: folder + "/./out.svg"),
      ],
      inputs: trace)
    #expect(same?.contains("--timeline and --log name the same file") == true)
    // Distinct files, and devices, which no output can destroy.
    #expect(OutputFile.clash(outputs: [(option: "--log", path: folder + "/log.jsonl")], inputs: trace) == nil)
    #expect(
      OutputFile.clash(
        outputs: [(option: "--log", path: "/dev/stdout"), (option: "--timeline", path: "/dev/stdout")],
        inputs: [(what: "trace", path: "/dev/stdout")]) == nil)
  }

  @Test("a long file name still gets a temporary name the file system takes")
  func longName() throws {
    let folder = temporaryDirectory()
    let name = String(repeating: "é", count: 120) + ".jsonl"  // 246 bytes
    let file = try OutputFile(path: folder + "/" + name)
    file.write(line: "x")
    try file.commit()
    #expect(try readLines(folder + "/" + name) == ["x"])
    #expect(FileSystem.shown(folder + "/" + String(repeating: "a", count: 5000)).count < 250)
  }
}
