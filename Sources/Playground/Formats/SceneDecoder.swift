import CairoRenderer
import GestureKit

/// Turns a parsed scene document into a ``Scene``, checking every rule of the
/// scene format; the first violation is thrown as a ``SceneError``.
///
/// Views and gestures are read in file order; ids must be unique (views and
/// gestures separately); gesture references (`requireToFail`,
/// `simultaneousWith`) are checked once every id is known, so they may point
/// forward.
struct SceneDecoder {
  /// Keys of the top-level object.
  static let sceneKeys = ["name", "title", "size", "background", "views", "hint"]
  /// The largest scene width or height: a window buffer of that size is still allocatable.
  static let sizeLimit = 16384.0

  /// Reads typed fields and builds errors.
  let reader: SceneFieldReader
  /// The folder image paths are relative to.
  let baseDirectory: String

  /// The images decoded so far, by their resolved path: a file shown by many views is
  /// decoded once (a 1000x1000 PNG in 100 views took 408 MB when each decoded its own).
  var images: [String: Image] = [:]
  /// Where each view id was first defined.
  var viewIDs: [String: SceneKeyPath] = [:]
  /// Where each gesture id was first defined, in file order.
  var gestureIDs: [(id: String, path: SceneKeyPath)] = []
  /// Gesture references to check at the end: where the reference is, the id it
  /// names, the gesture that makes it, and whether it is a `requireToFail` entry.
  var references: [(path: SceneKeyPath, id: String, from: String, requiresFailure: Bool)] = []

  /// A decoder for `file`, resolving images against `baseDirectory`.
  init(file: String, baseDirectory: String) {
    reader = SceneFieldReader(file: file)
    self.baseDirectory = baseDirectory
  }

  /// Decodes the whole document.
  mutating func decodeScene(_ document: JSONValue) throws(SceneError) -> Scene {
    let root = SceneKeyPath.root
    let object = try reader.object(
      document, at: root, what: "a scene", allowed: Self.sceneKeys, required: ["name", "size"])
    let name = try reader.identifier(object["name"]!, at: root.key("name"), what: "a name")
    let title =
      try object["title"].map { (v) throws(SceneError) in
        try reader.text(v, at: root.key("title"), what: "a title", lineBreaks: false)
      }
      ?? name
    let hint = try object["hint"].map { (v) throws(SceneError) in
      let hint = try reader.string(v, at: root.key("hint"))
      guard !hint.contains(where: \.isNewline) else {
        throw reader.failure(root.key("hint"), "a hint is one line: no line breaks")
      }
      try reader.checkDrawable(hint, at: root.key("hint"), what: "a hint", lineBreaks: false)
      return hint
    }
    let sizePath = root.key("size")
    let numbers = try reader.numbers(object["size"]!, at: sizePath, count: 2, shape: "[width, height]")
    guard numbers[0] > 0, numbers[1] > 0 else {
      throw reader.failure(sizePath, "width and height must be positive, got \(format(numbers))")
    }
    guard numbers[0] <= Self.sizeLimit, numbers[1] <= Self.sizeLimit else {
      throw reader.failure(
        sizePath,
        "width and height must be at most \(SceneFieldReader.format(Self.sizeLimit)), got \(format(numbers))")
    }
    let background = try object["background"].map { (v) throws(SceneError) in
      try reader.color(v, at: root.key("background"))
    }
    var views: [ViewSpec] = []
    if let value = object["views"] {
      let path = root.key("views")
      for (index, element) in try reader.array(value, at: path).enumerated() {
        views.append(try decodeView(element, at: path.index(index)))
      }
    }
    try checkReferences()
    try checkRecipeTargets(views)
    return Scene(
      name: name, title: title, size: Size(width: numbers[0], height: numbers[1]),
      background: background ?? Color(red: 0, green: 0, blue: 0, alpha: 1), views: views, source: reader.file,
      hint: hint)
  }

  /// Registers a gesture id, rejecting duplicates.
  mutating func registerGesture(_ id: String, at path: SceneKeyPath) throws(SceneError) {
    if let first = gestureIDs.first(where: { $0.id == id }) {
      throw reader.failure(path, "duplicate gesture id \"\(id)\" (first used at \(first.path))")
    }
    gestureIDs.append((id, path))
  }

  /// Registers a view id, rejecting duplicates.
  mutating func registerView(_ id: String, at path: SceneKeyPath) throws(SceneError) {
    if let first = viewIDs[id] {
      throw reader.failure(path, "duplicate view id \"\(id)\" (first used at \(first))")
    }
    viewIDs[id] = path
  }

  /// Numbers for messages: `[3, -4]`.
  func format(_ numbers: [Double]) -> String {
    "[" + numbers.map(SceneFieldReader.format).joined(separator: ", ") + "]"
  }

  /// Every `requireToFail` / `simultaneousWith` entry names a gesture of the
  /// scene other than its own, and `requireToFail` has no cycles.
  private func checkReferences() throws(SceneError) {
    let known = gestureIDs.map(\.id)
    for reference in references {
      if reference.id == reference.from {
        throw reader.failure(reference.path, "a gesture cannot refer to itself (\"\(reference.id)\")")
      }
      if !known.contains(reference.id) {
        let list = known.isEmpty ? "none" : known.joined(separator: ", ")
        throw reader.failure(
          reference.path, "unknown gesture id \"\(reference.id)\" (gestures in this scene: \(list))")
      }
    }
    try checkFailureCycles()
  }

  /// Rejects `a requireToFail b ... requireToFail a`: such gestures would wait forever.
  private func checkFailureCycles() throws(SceneError) {
    var edges: [String: [(id: String, path: SceneKeyPath)]] = [:]
    for reference in references where reference.requiresFailure {
      edges[reference.from, default: []].append((reference.id, reference.path))
    }
    for (start, _) in gestureIDs {
      var stack = [(id: start, chain: [start])]
      var seen: Set<String> = []
      while let (id, chain) = stack.popLast() {
        for edge in edges[id] ?? [] {
          if edge.id == start {
            let cycle = (chain + [start]).joined(separator: " -> ")
            let firstEdge = edges[start]!.first { $0.id == (chain.count > 1 ? chain[1] : start) }!
            throw reader.failure(
              firstEdge.path, "requireToFail cycle \(cycle): these gestures would wait for each other forever"
            )
          }
          if seen.insert(edge.id).inserted { stack.append((edge.id, chain + [edge.id])) }
        }
      }
    }
  }
}
