import Foundation

/// The driver `gp-inject` running as a coprocess: commands go to its standard
/// input, one reply line per command comes back on its standard output.
///
/// See Tests/WestonModule/gp-inject.c for the command language. Commands sent
/// together are pipelined (written at once, replies read in order).
final class Injector {
  /// The driver process (its standard error is in its log).
  let process: ChildProcess
  private let channel: LineChannel
  private let input: Pipe
  /// How long the harness waits for one reply line. Longer than the driver's
  /// own wait limit, so a slow compositor shows up as the driver's error.
  var replyTimeout: Duration = .seconds(20)

  /// A reply of the driver.
  enum Reply: Equatable {
    /// `ok ...`: the words after "ok".
    case ok(String)
    /// `error ...`: the message.
    case error(String)
  }

  /// Starts `gp-inject` with `environment` (which names the compositor).
  init(environment: [String: String], logURL: URL) throws {
    let input = Pipe()
    let output = Pipe()
    process = try ChildProcess(
      name: "gp-inject",
      executable: RepositoryLayout.injector,
      arguments: [],
      environment: environment,
      logURL: logURL,
      standardInput: input,
      standardOutput: output
    )
    channel = LineChannel(input: input, output: output)
    self.input = input
  }

  /// Sends `commands` at once and returns their replies in order, `ok` or
  /// `error` alike; throws only when the driver stops answering.
  func replies(to commands: [String]) throws -> [Reply] {
    try channel.write(lines: commands)
    return try commands.map { command in
      let line: String
      do {
        line = try channel.readLine(deadline: Deadline(after: replyTimeout))
      } catch LineChannel.ReadFailure.endOfFile {
        throw HarnessError("gp-inject ended before answering `\(command)`\n\(process.logTail())")
      } catch LineChannel.ReadFailure.timedOut {
        throw HarnessError(
          "gp-inject did not answer `\(command)` within \(replyTimeout)\n\(process.logTail())")
      }
      if line == "ok" || line.hasPrefix("ok ") {
        return .ok(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces))
      }
      if line.hasPrefix("error") {
        return .error(String(line.dropFirst(5)).trimmingCharacters(in: .whitespaces))
      }
      throw HarnessError("gp-inject answered `\(command)` with an unexpected line: \(line)")
    }
  }

  /// Sends `commands` at once; throws at the first `error` reply.
  /// Returns the `ok` payloads.
  @discardableResult
  func run(_ commands: [String]) throws -> [String] {
    let answers = try replies(to: commands)
    return try zip(commands, answers).map { command, reply in
      switch reply {
      case .ok(let payload): return payload
      case .error(let message): throw HarnessError("gp-inject: `\(command)` failed: \(message)")
      }
    }
  }

  /// Sends one command; throws on an `error` reply. Returns the `ok` payload.
  @discardableResult
  func run(_ command: String) throws -> String {
    try run([command])[0]
  }

  /// Closes the driver's input (it exits at end of input) and stops it.
  func stop() {
    try? input.fileHandleForWriting.close()
    _ = process.waitForExit(timeout: .milliseconds(500))
    process.stop(grace: .milliseconds(500))
  }
}
