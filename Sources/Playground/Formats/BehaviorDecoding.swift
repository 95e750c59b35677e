/// Reading a gesture's `behavior` and the keys that configure it.
extension SceneDecoder {
  /// `behavior` (default `none`) with its `axis` / `within` settings, checked
  /// against the gesture's kind (`kind` is its scene-file name).
  func decodeBehavior(_ object: JSONObject, kind: String, at path: SceneKeyPath) throws(SceneError)
    -> Behavior
  {
    let behaviorPath = path.key("behavior")
    let name =
      try object["behavior"].map { (v) throws(SceneError) in try reader.string(v, at: behaviorPath) }
      ?? "none"
    guard Behavior.knownNames.contains(name) else {
      throw reader.failure(
        behaviorPath,
        "unknown behavior \"\(name)\" (expected one of \(Behavior.knownNames.joined(separator: ", ")))")
    }
    guard Behavior.supportedNames.contains(name) else {
      throw reader.failure(
        behaviorPath,
        "behavior \"\(name)\" is not supported yet (this version supports: \(Behavior.supportedNames.joined(separator: ", ")))"
      )
    }
    if let kinds = Behavior.kinds(for: name), !kinds.contains(kind) {
      throw reader.failure(
        behaviorPath,
        "behavior \"\(name)\" needs a \(Self.list(kinds)) gesture (this gesture's kind is \"\(kind)\")")
    }
    if name != "drag" {
      for key in Self.behaviorKeys where object[key] != nil {
        throw reader.failure(
          path.key(key),
          "only the \"drag\" behavior takes \"\(key)\" (this gesture's behavior is \"\(name)\")")
      }
    }
    try checkRecipeKeys(object, behavior: name, at: path)
    switch name {
    case "drag":
      var constraints = DragConstraints()
      if let v = object["axis"] {
        constraints.axis = DragConstraints.Axis(
          rawValue: try reader.choice(v, at: path.key("axis"), from: ["x", "y"]))
      }
      if let v = object["within"] {
        _ = try reader.choice(v, at: path.key("within"), from: ["parent"])
        constraints.staysWithinParent = true
      }
      return .drag(constraints)
    case "scale": return .scale
    case "rotate": return .rotate
    case "bringToFront": return .bringToFront
    case "toggle": return .toggle
    case "dismiss": return .dismiss
    case "count": return .count
    case "reset": return .reset
    case "resetScene": return .resetScene
    case "verdict": return .verdict
    case "clear", "flag", "menu", "drawer", "scrollStrip", "pullOut":
      return try decodeRecipeBehavior(name, object, at: path)
    default: return .none
    }
  }

  /// `a`, `a or b`, `a, b or c`.
  private static func list(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}
