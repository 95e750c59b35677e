/// Why a scene file was rejected, as one line naming the file, where in it, and
/// what was expected there:
///
/// - `cards.json: views[1].gestures[0].kind: unknown kind "pann" (expected one of tap, ...)`
/// - `cards.json:12:7: expected ',' or '}' after an object member, found '"'` (JSON syntax)
/// - `cards.json: cannot read the file: No such file or directory`
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where in the file the problem is.
  public enum Location: Equatable, Sendable {
    /// The file as a whole (it cannot be read, it is not found, ...).
    case file
    /// A JSON syntax error at a 1-based line and column.
    case position(line: Int, column: Int)
    /// A key path in the parsed document, e.g. `views[1].gestures[0].kind`.
    case keyPath(String)
  }

  /// The file as the user named it (or the bundled scene's path).
  public var file: String
  /// Where in the file.
  public var location: Location
  /// What is wrong and what was expected.
  public var message: String
  /// Another file the problem is in, when it is not the scene's own: an image the scene
  /// names that cannot be loaded. `run --watch` watches it, so that saving it is a reload.
  public var otherFile: String?

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
      case .position(let line, let column): "\(file):\(line):\(column): \(message)"
      case .keyPath(let path): "\(file): \(path): \(message)"
      }
    return text.escapedForOneLine()
  }
}
