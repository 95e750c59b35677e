/// What a sample printed, one line per `print` call, as `Swift.print` joins its items.
///
/// The samples call `print` as the documents show them; in this module that is the `print`
/// below, which adds the line to the collector bound to the running test (a task-local, so
/// that tests running in parallel keep their lines apart) or else prints as usual.
final class PrintedLines: @unchecked Sendable {
  @TaskLocal static var current: PrintedLines?

  private(set) var lines: [String] = []

  /// Runs `body` with its `print` calls collected here.
  func collect(_ body: () -> Void) {
    Self.$current.withValue(self, operation: body)
  }

  fileprivate func add(_ line: String) {
    lines.append(line)
  }
}

/// `Swift.print` for this module's samples: collected while a test collects them. It has
/// `Swift.print`'s signature, so that it shadows it everywhere in the module (with another one,
/// each call would pick between the two by its arguments' types).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
  let line = items.map { String(describing: $0) }.joined(separator: separator)
  if let printed = PrintedLines.current {
    printed.add(line)
  } else {
    Swift.print(line, terminator: terminator)
  }
}

/// A weak reference, to check that a sample's objects are freed once it is over.
struct Weak<Object: AnyObject> {
  weak var object: Object?
}
