/// A failure of the end-to-end harness itself (a tool that did not build, a
/// process that died, a reply that never came), with a message meant for the
/// person reading the test log.
struct HarnessError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, possibly several lines (logs are appended).
  let description: String

  /// An error with the given message.
  init(_ description: String) {
    self.description = description
  }
}
