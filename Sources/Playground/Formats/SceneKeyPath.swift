/// A path to a value inside a scene document, printed the way a user would
/// look for it: `views[1].gestures[0].kind`.
struct SceneKeyPath: CustomStringConvertible, Sendable {
  /// The document itself (printed as `the file`).
  static let root = SceneKeyPath(text: "")

  private let text: String

  /// The member `key` of the object at this path.
  func key(_ key: String) -> SceneKeyPath {
    SceneKeyPath(text: text.isEmpty ? key : text + "." + key)
  }

  /// Element `index` of the array at this path.
  func index(_ index: Int) -> SceneKeyPath {
    SceneKeyPath(text: text + "[\(index)]")
  }

  /// True for the document itself.
  var isRoot: Bool { text.isEmpty }

  /// The path as written in error messages.
  var description: String { text.isEmpty ? "the file" : text }
}
