/// Why a trace file was rejected, as one line naming the file, the line and what was
/// expected there:
///
/// - `drag.jsonl:7: "t" went backwards (0.300 after 0.350)`
/// - `drag.jsonl:3: unknown type "touch.dwn" (expected one of touch.down, ...)`
/// - `drag.jsonl:4:27: expected ',' or '}' after an object member, found '"'` (JSON syntax)
/// - `drag.jsonl: cannot read the file: No such file or directory`
public struct TraceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where in the file the problem is.
  public enum Location: Equatable, Sendable {
    /// The file as a whole (it cannot be read, it is not UTF-8, ...).
    case file
    /// A 1-based line of the file (one event).
    case line(Int)
    /// A JSON syntax error at a 1-based line and column (columns in Unicode scalars).
    case position(line: Int, column: Int)
  }

  /// The file as the user named it.
  public var file: String
  /// Where in the file.
  public var location: Location
  /// What is wrong and what was expected.
  public var message: String

  /// An error in `file` at `location`.
  public init(file: String, location: Location, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// The one-line message shown to the user (line breaks and other control characters
  /// in names and values quoted from the file are escaped; very long text is cut).
  public var description: String {
    // A path of any length stays a short part of the line.
    let file = FileSystem.shown(file)
    let text =
      switch location {
      case .file: "\(file): \(message)"
      case .line(let line): "\(file):\(line): \(message)"
      case .position(let line, let column): "\(file):\(line):\(column): \(message)"
      }
    return text.escapedForOneLine()
  }
}
