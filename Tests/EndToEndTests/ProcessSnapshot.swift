import Foundation

/// What a running process is doing, read from /proc without stopping it: for a test that
/// waited in vain for the process to exit or act, so that its failure tells an app blocked
/// or asleep in the wrong place from one that was never sent anything.
///
/// Per thread: its name, state (R running, S sleeping, D in the kernel, Z exited but not yet
/// reaped by Foundation), the kernel function it sleeps in, and, when it sleeps in `poll` or
/// `ppoll`, the descriptors it waits on (with what each is: a socket, a timerfd) and its
/// timeout, read from its memory (`/proc/PID/mem`, which needs the same user or root; left
/// out when refused). Then the bytes queued unread on its Unix sockets (`ss`, when present):
/// a Wayland client asleep with bytes queued on its connection is not reading it.
enum ProcessSnapshot {
  /// The report for `pid`, one line per thread and one for the sockets.
  static func describe(pid: Int32) -> String {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    guard !tasks.isEmpty else { return "threads: no /proc entry (reaped)" }
    let threads = tasks.sorted().map { tid -> String in
      let base = "/proc/\(pid)/task/\(tid)"
      let stat = read(base + "/stat")
      // "tid (comm) state ...": the name may hold spaces and parentheses, the state follows the last ")".
      let name = stat.firstIndex(of: "(").flatMap { open in
        stat.lastIndex(of: ")").map { String(stat[stat.index(after: open)..<$0]) }
      }
      let state = stat.lastIndex(of: ")").map { stat[$0...].dropFirst(2).prefix(1) } ?? "?"
      let wchan = read(base + "/wchan")
      let polled = pollSet(pid: pid, syscall: read(base + "/syscall"))
      return "\(tid) \(name ?? "?") \(state) \(wchan.isEmpty ? "?" : wchan)\(polled)"
    }
    return "threads: \(threads.joined(separator: "; "))\n\(unreadSockets(pid: pid))"
  }

  /// ", polling [fd 3 (socket) in, fd 5 (anon_inode:[timerfd]) in] for 12.5 ms" for a thread
  /// in `poll` (7) or `ppoll` (271) on x86_64 or aarch64 (73), from the `syscall` file's
  /// "NR ARG1 ARG2 ARG3 ...": the pollfd array, its count and the timeout's address.
  private static func pollSet(pid: Int32, syscall: String) -> String {
    let fields = syscall.split(separator: " ").map(String.init)
    guard fields.count >= 4, let number = Int(fields[0]) else { return "" }
    #if arch(x86_64)
      let isPPoll = number == 271
      guard number == 7 || isPPoll else { return "" }
    #elseif arch(arm64)
      let isPPoll = number == 73
      guard isPPoll else { return "" }
    #else
      return ""
    #endif
    guard let array = UInt64(fields[1].dropFirst(2), radix: 16),
      let count = UInt64(fields[2].dropFirst(2), radix: 16), count <= 64,
      let third = UInt64(fields[3].dropFirst(2), radix: 16)
    else { return "" }
    guard let entries = memory(pid: pid, at: array, count: Int(count) * 8) else {
      return ", polling \(count) descriptors (memory not readable)"
    }
    let polled = (0..<Int(count)).map { index -> String in
      let fd = entries.withUnsafeBytes { $0.load(fromByteOffset: index * 8, as: Int32.self) }
      let events = entries.withUnsafeBytes { $0.load(fromByteOffset: index * 8 + 4, as: Int16.self) }
      let target =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? "?"
      let kind = target.hasPrefix("socket:") ? "socket" : target
      return "fd \(fd) (\(kind))\(events & 1 != 0 ? " in" : "")\(events & 4 != 0 ? " out" : "")"
    }
    var timeout: String
    if isPPoll {
      // ppoll's third argument points to a timespec, null for no timeout.
      if third == 0 {
        timeout = "no timeout"
      } else if let spec = memory(pid: pid, at: third, count: 16) {
        let seconds = spec.withUnsafeBytes { $0.load(fromByteOffset: 0, as: Int64.self) }
        let nanoseconds = spec.withUnsafeBytes { $0.load(fromByteOffset: 8, as: Int64.self) }
        timeout = String(format: "for %.1f ms", Double(seconds) * 1000 + Double(nanoseconds) / 1e6)
      } else {
        timeout = "timeout not readable"
      }
    } else {
      // poll's third argument is the timeout in milliseconds, -1 for none.
      let milliseconds = Int32(truncatingIfNeeded: third)
      timeout = milliseconds < 0 ? "no timeout" : "for \(milliseconds) ms"
    }
    return ", polling [\(polled.joined(separator: ", "))] \(timeout)"
  }

  /// `count` bytes of `pid`'s memory at `address`, nil when refused.
  private static func memory(pid: Int32, at address: UInt64, count: Int) -> Data? {
    let fd = open("/proc/\(pid)/mem", O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var data = Data(count: count)
    let got = data.withUnsafeMutableBytes {
      pread(fd, $0.baseAddress, count, off_t(Int64(bitPattern: address)))
    }
    return got == count ? data : nil
  }

  /// "sockets: Recv-Q 0 Send-Q 0 ..." for each Unix socket of `pid`, from `ss -xp`.
  private static func unreadSockets(pid: Int32) -> String {
    guard
      let ss = ["/usr/bin/ss", "/bin/ss", "/usr/sbin/ss", "/sbin/ss"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return "sockets: (no ss)" }
    let process = Process()
    let pipe = Pipe()
    process.executableURL = URL(fileURLWithPath: ss)
    process.arguments = ["-x", "-p", "-n"]
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "sockets: (ss did not start)" }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // "u_str ESTAB RECV-Q SEND-Q LOCAL PORT PEER PORT users:(("name",pid=N,fd=F))"
    let lines = output.split(separator: "\n").filter { $0.contains("pid=\(pid),") }.map { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      let fd = line.range(of: "fd=").map { line[$0.upperBound...].prefix { $0.isNumber } } ?? "?"
      return fields.count > 3 ? "fd \(fd): \(fields[2]) unread, \(fields[3]) unsent" : String(line)
    }
    return "sockets: \(lines.isEmpty ? "none found" : lines.joined(separator: "; "))"
  }

  private static func read(_ path: String) -> String {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(
      in: .whitespacesAndNewlines)
  }
}
