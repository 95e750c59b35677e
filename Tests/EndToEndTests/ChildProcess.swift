import Foundation

/// A process the harness started, with its output in a log file (unless its
/// standard output is a pipe the harness reads), stopped and reaped by `stop()`.
///
/// Foundation's `Process` closes every descriptor but 0, 1 and 2 in the
/// child, so one session's pipes never leak into another process. It does
/// pass on the test runner's signal mask (nearly everything blocked, SIGTERM
/// included) and ignored signals, so every program is started through
/// `gp-exec`, which clears both and execs it under the same process id.
final class ChildProcess {
  /// A short name for messages ("weston", "client", "gp-inject").
  let name: String
  /// Where standard error (and standard output, unless piped) goes.
  let logURL: URL
  private let process = Process()
  private var stopped = false
  /// Signalled once, from Foundation's termination handler, when the process exits.
  private let exited = DispatchSemaphore(value: 0)

  /// Starts `executable`. Standard input and output are the given pipes, or
  /// /dev/null and the log file.
  init(
    name: String,
    executable: URL,
    arguments: [String],
    environment: [String: String],
    logURL: URL,
    standardInput: Pipe? = nil,
    standardOutput: Pipe? = nil
  ) throws {
    self.name = name
    self.logURL = logURL
    try RepositoryLayout.requireLauncher()
    guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
      throw HarnessError("cannot create \(logURL.path) for the output of \(name)")
    }
    let log = try FileHandle(forWritingTo: logURL)
    defer { try? log.close() }
    process.executableURL = RepositoryLayout.launcher
    process.arguments = [executable.path] + arguments
    process.environment = environment
    process.standardInput = standardInput ?? FileHandle.nullDevice
    process.standardOutput = standardOutput ?? log
    process.standardError = log
    let exited = self.exited
    process.terminationHandler = { _ in exited.signal() }
    do {
      try process.run()
    } catch {
      throw HarnessError("cannot start \(name) (\(executable.path)): \(error)")
    }
  }

  /// The process id.
  var pid: Int32 { process.processIdentifier }

  /// True until the process has exited (and been reaped).
  var isRunning: Bool { process.isRunning }

  /// How it ended, for messages: "running", "exited with status N", "killed by signal N".
  var status: String {
    if process.isRunning { return "running" }
    switch process.terminationReason {
    case .exit: return "exited with status \(process.terminationStatus)"
    case .uncaughtSignal: return "killed by signal \(process.terminationStatus)"
    @unknown default: return "ended (\(process.terminationStatus))"
    }
  }

  /// The last `maxLines` lines of the log, headed by the name and status.
  func logTail(maxLines: Int = 40) -> String {
    let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? "(no log)"
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let tail = lines.suffix(maxLines).joined(separator: "\n")
    return "--- \(name) (pid \(pid), \(status)), \(logURL.lastPathComponent):\n\(tail)"
  }

  /// Waits up to `timeout` for the process to exit on its own; true if it did.
  /// Woken by the termination handler, not by polling.
  func waitForExit(timeout: Duration) -> Bool {
    guard process.isRunning else { return true }
    let milliseconds = Int(Deadline(after: timeout).remainingMilliseconds)
    if exited.wait(timeout: .now() + .milliseconds(milliseconds)) == .success {
      exited.signal()  // leave it signalled for later waits
    }
    return !process.isRunning
  }

  /// Where the process is, for a test that waited in vain for it to exit or act: each
  /// thread's state and what it waits on, its sockets' unread bytes (`ProcessSnapshot`), then
  /// the log's tail.
  func processReport() -> String {
    "\(ProcessSnapshot.describe(pid: pid))\n\(logTail())"
  }

  /// Sends SIGTERM, waits up to `grace` for the exit, then SIGKILL, and reaps
  /// the process. Safe to call more than once.
  func stop(grace: Duration = .seconds(2)) {
    guard !stopped else { return }
    stopped = true
    if process.isRunning {
      process.terminate()
      if !waitForExit(timeout: grace) {
        kill(process.processIdentifier, SIGKILL)
      }
    }
    process.waitUntilExit()
  }

  deinit {
    stop(grace: .milliseconds(200))
  }
}
