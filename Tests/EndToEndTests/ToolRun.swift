import Foundation

/// A short-lived helper program of the harness (`kwin-inject`, `kwin-screenshot.py`,
/// `mutter-remote.py`): runs it with `input` on its standard input and returns its exit
/// status and everything it printed (standard output and error together).
func runTool(
  _ executable: URL, _ arguments: [String] = [], environment: [String: String], input: String = ""
) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.environment = environment
  let stdin = Pipe()
  let output = Pipe()
  process.standardInput = stdin
  process.standardOutput = output
  process.standardError = output
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, text)
}

/// Runs `executable` with `arguments` and `environment` in `directory`, standard input
/// /dev/null and its standard output and error written to files in `scratch` (files, not
/// pipes: nothing to drain while it runs): its exit status and both texts. Throws when it
/// was killed by a signal.
func runCapturingOutput(
  _ executable: URL, _ arguments: [String], environment: [String: String], in directory: URL, scratch: URL
) throws -> (status: Int32, standardOutput: String, standardError: String) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory
  process.environment = environment
  let outputURL = scratch.appendingPathComponent("stdout")
  let errorURL = scratch.appendingPathComponent("stderr")
  for url in [outputURL, errorURL] {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw HarnessError("cannot create \(url.path)")
    }
  }
  let output = try FileHandle(forWritingTo: outputURL)
  let error = try FileHandle(forWritingTo: errorURL)
  defer {
    try? output.close()
    try? error.close()
  }
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = output
  process.standardError = error
  try process.run()
  process.waitUntilExit()
  guard process.terminationReason == .exit else {
    throw HarnessError("\(executable.lastPathComponent) was killed by signal \(process.terminationStatus)")
  }
  return (
    process.terminationStatus,
    String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
    String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
  )
}

/// Screenshots through `capture` (each one waits for the compositor: a repaint, a D-Bus
/// call, a screen-cast frame) until `condition` holds or `timeout` passes; returns the last
/// one either way, and throws as soon as one of `clients` has exited.
func captureUntil<Picture>(
  _ timeout: Duration, clients: [ChildProcess], capture: () throws -> Picture, _ condition: (Picture) -> Bool
) throws -> Picture {
  let deadline = Deadline(after: timeout)
  while true {
    // Read before the capture, so that the picture returned at the deadline is always one
    // taken after it: a check slower than the timeout (a whole-screen scan in the
    // AddressSanitizer build on a busy machine) must not end the wait on a picture taken
    // before the window was drawn.
    let passed = deadline.hasPassed
    let image = try capture()
    if condition(image) || passed { return image }
    if let dead = clients.first(where: { !$0.isRunning }) {
      throw HarnessError(
        "\(dead.name) \(dead.status) while the test waited for its picture\n\(dead.logTail())")
    }
  }
}

/// Starts a Wayland client of a compositor session with `environment`, its output in
/// `<directory>/<name>.log`.
func startClient(
  _ executable: URL, arguments: [String], environment: [String: String], name: String, in directory: URL
) throws -> ChildProcess {
  try ChildProcess(
    name: name, executable: executable, arguments: arguments, environment: environment,
    logURL: directory.appendingPathComponent("\(name).log"))
}

/// The first version number `command --version` prints, as its parts ("sway version 1.10.1"
/// gives [1, 10, 1], "mutter 48.7" [48, 7]); nil when the command fails or prints none.
func toolVersion(_ command: String) -> [Int]? {
  guard
    let run = try? runTool(
      URL(fileURLWithPath: "/usr/bin/env"), [command, "--version"],
      environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]),
    run.status == 0,
    let range = run.output.range(of: #"[0-9]+(\.[0-9]+)*"#, options: .regularExpression)
  else { return nil }
  return run.output[range].split(separator: ".").compactMap { Int($0) }
}
