#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file the program writes (a log, a recording, a snapshot, a timeline, `check --update`'s
/// logs), complete or not at all (docs/FORMATS.md, "Output files"):
///
/// - A regular file (or a name not taken yet) is written to a temporary file beside it,
///   `.NAME.PID.part` (a live run's log can be followed there), and renamed over NAME by
///   ``commit()`` once every byte is written, flushed and synced. Until then NAME keeps what
///   it had; a failed or abandoned output removes its temporary file. A symbolic link is
///   followed: the file it names is replaced, the link kept.
/// - Anything else (standard output, `/dev/null`, a FIFO, a terminal) is written in place.
///
/// Every write is checked: the first failure is kept (``failure``) and later writes are
/// dropped; ``commit()`` reports it. Output is buffered and written in blocks, or after every
/// line for a live log (`flushesLines`), so a reader sees each line as it is written.
final class OutputFile {
  /// Why an output could not be written.
  enum Failure: Error, Equatable {
    /// A system call failed: `strerror`'s text.
    case system(String)
    /// The reader of a pipe went away (`EPIPE`): the output ends quietly, as `cat`'s does.
    case closedPipe
  }

  /// The path as the user gave it, or "standard output".
  let name: String
  /// Whether the output goes straight to its target (standard output, a device, a FIFO)
  /// rather than through a temporary file.
  var writesInPlace: Bool { replacing == nil }
  /// The failure that stopped the output, nil while every write succeeded.
  private(set) var failure: Failure?
  private var fd: Int32
  /// The temporary file written and the file it replaces once complete; nil when written
  /// in place.
  private let replacing: (temporary: String, target: String)?
  private let flushesLines: Bool
  private let isStandardOutput: Bool
  private var buffer: [UInt8] = []
  private var finished = false
  private static let blockSize = 1 << 16

  /// Opens `path` for writing (see the type's description).
  ///
  /// - Throws: ``Failure/system(_:)`` when neither the temporary file nor the file itself
  ///   can be opened.
  init(path: String, flushesLines: Bool = false) throws(Failure) {
    name = path
    self.flushesLines = flushesLines
    isStandardOutput = false
    var info = stat()
    let exists = stat(path, &info) == 0
    if exists, info.st_mode & S_IFMT != S_IFREG {
      fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
      guard fd >= 0 else { throw .system(String(cString: strerror(errno))) }
      replacing = nil
      return
    }
    let real = exists ? (FileSystem.canonicalPath(path) ?? path) : path
    let folder = PathName.directory(of: real)
    let base = PathName.lastComponent(of: real)
    var attempt = 0
    var temporary: String
    while true {
      let suffix = attempt == 0 ? "\(getpid())" : "\(getpid())-\(attempt)"
      // NAME_MAX is 255 bytes: a long name is cut (by whole characters) to leave room.
      let name = "." + FileSystem.prefix(of: base, maximumBytes: 200) + ".\(suffix).part"
      let candidate = PathName.join(folder, name)
      let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? 0o600 : 0o666)
      if opened >= 0 {
        fd = opened
        temporary = candidate
        break
      }
      guard errno == EEXIST, attempt < 100 else { throw .system(String(cString: strerror(errno))) }
      attempt += 1
    }
    replacing = (temporary, real)
    // The replaced file keeps its permissions; a new one gets the umask's.
    if exists { fchmod(fd, info.st_mode & 0o7777) }
    buffer.reserveCapacity(Self.blockSize)
  }

  /// Standard output, written in place; `flushesLines` as for a file.
  init(standardOutputFlushingLines flushesLines: Bool) {
    name = "standard output"
    isStandardOutput = true
    fd = 1
    replacing = nil
    self.flushesLines = flushesLines
  }

  deinit {
    if !finished { discard() }
  }

  /// Appends `line` and a newline.
  func write(line: String) {
    guard failure == nil else { return }
    buffer.append(contentsOf: line.utf8)
    buffer.append(10)
    if flushesLines || buffer.count >= Self.blockSize { flush() }
  }

  /// Appends `bytes`.
  func write(_ bytes: [UInt8]) {
    guard failure == nil else { return }
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.blockSize { flush() }
  }

  /// Writes out what is buffered; a failure is kept in ``failure``.
  func flush() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil, !buffer.isEmpty else { return }
    var offset = 0
    while offset < buffer.count {
      let count = buffer.withUnsafeBytes { writeBytes(fd, $0.baseAddress! + offset, $0.count - offset) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        failure =
          count < 0 && errno == EPIPE
          ? .closedPipe : .system(String(cString: strerror(count < 0 ? errno : EIO)))
        return
      }
      offset += count
    }
  }

  /// Finishes the output: flushes it, and for a file written through a temporary one, syncs
  /// and closes it and renames it over the target.
  ///
  /// - Throws: the first failure of any write, the sync, the close or the rename; the
  ///   temporary file is then removed and the target left as it was.
  func commit() throws(Failure) {
    flush()
    finished = true
    guard let (temporary, target) = replacing else {
      if fd > 2 { close(fd) }
      if let failure { throw failure }
      return
    }
    var failed = failure
    if failed == nil, fsync(fd) != 0 { failed = .system(String(cString: strerror(errno))) }
    if close(fd) != 0, failed == nil { failed = .system(String(cString: strerror(errno))) }
    fd = -1
    if failed == nil, rename(temporary, target) != 0 { failed = .system(String(cString: strerror(errno))) }
    if let failed {
      unlink(temporary)
      throw failed
    }
  }

  /// Abandons the output: the temporary file is removed, the target left as it was.
  func discard() {
    finished = true
    if fd > 2 { close(fd) }
    fd = -1
    if let replacing { unlink(replacing.temporary) }
  }

  /// The first output of `outputs` (an option and its path) that names the same file as
  /// one of `inputs` (what the file is, and its path) or as an output before it
  /// (``FileSystem/sameFile(_:_:)``), as a one-line message; nil when they are all distinct.
  /// Checked before anything is read, so that no input is ever overwritten.
  static func clash(outputs: [(option: String, path: String)], inputs: [(what: String, path: String)])
    -> String?
  {
    for (index, output) in outputs.enumerated() {
      if let input = inputs.first(where: { FileSystem.sameFile(output.path, $0.path) }) {
        return "gesture-playground: \(output.option) \(FileSystem.shown(output.path)) is the \(input.what): "
          + "writing it would destroy it; name another file"
      }
      if let earlier = outputs[..<index].first(where: { FileSystem.sameFile(output.path, $0.path) }) {
        return "gesture-playground: \(output.option) and \(earlier.option) name the same file "
          + "\(FileSystem.shown(output.path)); name two files"
      }
    }
    return nil
  }

  /// Commits the output (``commit()``) and returns the exit status it comes to: 0;
  /// ``ExitStatus/closedPipe``, quietly, for a pipe whose reader went away; 4 with the
  /// one-line error about `what` on standard error for any other failure.
  func commitStatus(writing what: String) -> Int32 {
    do {
      try commit()
      return ExitStatus.ok.rawValue
    } catch {
      guard let message = message(for: error, writing: what) else { return ExitStatus.closedPipe.rawValue }
      printToStandardError(message)
      return ExitStatus.systemError.rawValue
    }
  }

  /// `failure` in words: `strerror`'s text, or that the reader went away.
  static func reason(_ failure: Failure) -> String {
    switch failure {
    case .system(let reason): reason
    case .closedPipe: "the reader of the pipe went away"
    }
  }

  /// The one-line message for `failure` writing `what` ("the log"), nil for a closed pipe.
  func message(for failure: Failure, writing what: String) -> String? {
    switch failure {
    case .closedPipe: nil
    case .system(let reason):
      isStandardOutput
        ? "gesture-playground: cannot write \(what) to standard output: \(reason)"
        : "gesture-playground: cannot write \(what) \(FileSystem.shown(name)): \(reason)"
    }
  }
}

/// `write(2)`, under a name that the type's own `write` methods do not hide.
private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}

/// Writes `lines` to standard output, each with a newline. Returns 0, or the exit status of
/// a failed write: ``ExitStatus/closedPipe`` quietly for a pipe whose reader went away, 4
/// with the one-line error (`what` names the output) for any other failure (`/dev/full`).
public func writeToStandardOutput(lines: [String], what: String) -> Int32 {
  let output = OutputFile(standardOutputFlushingLines: false)
  for line in lines { output.write(line: line) }
  return output.commitStatus(writing: what)
}

/// Refuses outputs (each an option and its path, nil when not given) that name an input (the
/// scene argument when it is a path, the trace) or one another, before anything is read:
/// prints the one-line error and returns ``ExitStatus/usage``; nil when they are distinct.
public func refuseClashingOutputs(_ outputs: [(option: String, path: String?)], scene: String, trace: String?)
  -> Int32?
{
  var inputs: [(what: String, path: String)] = []
  if let trace { inputs.append((what: "trace", path: trace)) }
  if SceneLibrary.isPath(scene) { inputs.append((what: "scene", path: scene)) }
  let given = outputs.compactMap { output in output.path.map { (option: output.option, path: $0) } }
  guard let clash = OutputFile.clash(outputs: given, inputs: inputs) else { return nil }
  printToStandardError(clash)
  return ExitStatus.usage.rawValue
}
