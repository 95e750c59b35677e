import Foundation
import Testing

extension EndToEnd {
  /// Where /proc is not mounted (a bare chroot or container), Swift's runtime on Linux finds
  /// no arguments at all, not even the program's name (it reads them from
  /// /proc/self/cmdline): the program says so in one line and exits with status 4 instead of
  /// trapping. /proc is hidden under an empty tmpfs in a mount namespace of the test's own
  /// (`unshare --mount`), which needs root; CI runs as root.
  @Suite("Without /proc")
  struct NoProcTests {
    // Not under AddressSanitizer (`make asan`): its runtime needs /proc itself (LeakSanitizer
    // stops with a fatal error when it cannot read /proc/PID/task, and both write warnings),
    // so there the test would check the sanitizer rather than the program.
    @Test(
      "the program says that /proc is missing and exits with status 4",
      .enabled(if: getuid() == 0, "a mount namespace needs root"),
      .disabled(
        if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
        "the sanitizer's runtime needs /proc itself (see the comment)"))
    func withoutProc() throws {
      let work = try CommandLineTests.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: work) }
      let app = try RepositoryLayout.appExecutable()
      // `$0` is the app: the shell hides /proc, then becomes the app with one argument. The
      // namespace's / is left as it is (in a chroot, such as CI's Debian 13 root, it is no
      // mount point and cannot be made private), and /proc is made private before anything
      // is mounted on it, so that nothing reaches the mounts outside.
      let hide = "mount --make-private /proc && mount -t tmpfs none /proc && exec \"$0\" --version"
      let result = try runCapturingOutput(
        URL(fileURLWithPath: "/usr/bin/unshare"),
        ["--mount", "--propagation", "unchanged", "--fork", "sh", "-c", hide, app.path],
        environment: ProcessInfo.processInfo.environment, in: work, scratch: work)
      #expect(result.status == 4, "standard error: \(result.standardError)")
      #expect(result.standardOutput == "")
      #expect(
        result.standardError
          == "gesture-playground: cannot read the command line: /proc/self/cmdline is missing (mount /proc)\n"
      )
    }
  }
}
