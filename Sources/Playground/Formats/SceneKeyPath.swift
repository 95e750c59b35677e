/// A path to a value inside a scene document, printed the way a user would
/// look for it: `views[1].gestures[0].kind`.
struct SceneKeyPath: CustomStringConvertible, Sendable {
  /// The document itself (printed as `the file`).
  static let root = SceneKeyPath(last: nil)

  /// One step of a path, linked to the path before it: making a path costs the same at any
  /// depth, and its text is only written for an error message.
  private final class Step: Sendable {
    let parent: Step?
    let key: String?
    let index: Int

    init(parent: Step?, key: String?, index: Int) {
      self.parent = parent
      self.key = key
      self.index = index
    }
  }

  private let last: Step?

  /// The member `key` of the object at this path.
  func key(_ key: String) -> SceneKeyPath {
    SceneKeyPath(last: Step(parent: last, key: key, index: 0))
  }

  /// Element `index` of the array at this path.
  func index(_ index: Int) -> SceneKeyPath {
    SceneKeyPath(last: Step(parent: last, key: nil, index: index))
  }

  /// True for the document itself.
  var isRoot: Bool { last == nil }

  /// The path as written in error messages.
  var description: String {
    var steps: [Step] = []
    var step = last
    while let current = step {
      steps.append(current)
      step = current.parent
    }
    guard !steps.isEmpty else { return "the file" }
    var text = ""
    for step in steps.reversed() {
      if let key = step.key {
        text += text.isEmpty ? key : "." + key
      } else {
        text += "[\(step.index)]"
      }
    }
    return text
  }
}
