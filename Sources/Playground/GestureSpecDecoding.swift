/// Reading one gesture object of a scene file.
extension SceneDecoder {
  /// Keys every gesture takes, whatever its kind.
  static let commonGestureKeys = [
    "id", "kind", "behavior", "enabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded",
    "requireToFail", "simultaneousWith",
  ]

  /// Keys that configure a behaviour rather than the recognizer.
  static let behaviorKeys = ["axis", "within"]

  /// Decodes the gesture at `path`; references to other gestures are checked later.
  mutating func decodeGesture(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> GestureSpec {
    let allowed = Self.commonGestureKeys + GestureKind.settingKeys + Self.behaviorKeys
    let object = try reader.object(
      value, at: path, what: "a gesture", allowed: allowed, required: ["id", "kind"])
    let id = try reader.nonEmptyString(object["id"]!, at: path.key("id"))
    try registerGesture(id, at: path.key("id"))

    let kind = try decodeKind(object, at: path)
    let behavior = try decodeBehavior(object, at: path)
    var gesture = GestureSpec(id: id, kind: kind, behavior: behavior)
    if let v = object["enabled"] { gesture.isEnabled = try reader.bool(v, at: path.key("enabled")) }
    if let v = object["cancelsTouchesInView"] {
      gesture.cancelsTouchesInView = try reader.bool(v, at: path.key("cancelsTouchesInView"))
    }
    if let v = object["delaysTouchesBegan"] {
      gesture.delaysTouchesBegan = try reader.bool(v, at: path.key("delaysTouchesBegan"))
    }
    if let v = object["delaysTouchesEnded"] {
      gesture.delaysTouchesEnded = try reader.bool(v, at: path.key("delaysTouchesEnded"))
    }
    if let v = object["requireToFail"] {
      gesture.requireToFail = try decodeReferences(
        v, at: path.key("requireToFail"), from: id, requiresFailure: true)
    }
    if let v = object["simultaneousWith"] {
      gesture.simultaneousWith = try decodeReferences(
        v, at: path.key("simultaneousWith"), from: id, requiresFailure: false)
    }
    return gesture
  }

  /// `kind` and the settings that belong to it; settings of other kinds are errors.
  private func decodeKind(_ object: JSONObject, at path: SceneKeyPath) throws(SceneError) -> GestureKind {
    let kindPath = path.key("kind")
    let name = try reader.string(object["kind"]!, at: kindPath)
    guard GestureKind.knownNames.contains(name) else {
      throw reader.failure(
        kindPath,
        "unknown kind \"\(name)\" (expected one of \(GestureKind.knownNames.joined(separator: ", ")))")
    }
    guard GestureKind.supportedNames.contains(name) else {
      throw reader.failure(
        kindPath,
        "kind \"\(name)\" is not supported yet (this version supports: \(GestureKind.supportedNames.joined(separator: ", ")))"
      )
    }
    let accepted = ["minTouches", "maxTouches"]
    for key in object.keys where GestureKind.settingKeys.contains(key) && !accepted.contains(key) {
      if key == "scrollTypes" {
        throw reader.failure(path.key(key), "panning by wheel or touchpad scrolling is not supported yet")
      }
      throw reader.failure(
        path.key(key), "not a setting of \(name) (\(name) takes \(accepted.joined(separator: ", ")))")
    }
    let minimum =
      try object["minTouches"].map { (v) throws(SceneError) in
        try reader.integer(v, at: path.key("minTouches"), minimum: 1)
      } ?? 1
    let maximum =
      try object["maxTouches"].map { (v) throws(SceneError) in
        try reader.integer(v, at: path.key("maxTouches"), minimum: 1)
      } ?? Int.max
    guard maximum >= minimum else {
      throw reader.failure(path.key("maxTouches"), "must be at least minTouches (\(minimum)), got \(maximum)")
    }
    return .pan(minimumNumberOfTouches: minimum, maximumNumberOfTouches: maximum)
  }

  /// `behavior` (default `none`) with its `axis` / `within` settings.
  private func decodeBehavior(_ object: JSONObject, at path: SceneKeyPath) throws(SceneError) -> Behavior {
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
    if name != "drag" {
      for key in Self.behaviorKeys where object[key] != nil {
        throw reader.failure(
          path.key(key),
          "only the \"drag\" behavior takes \"\(key)\" (this gesture's behavior is \"\(name)\")")
      }
    }
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
    case "bringToFront":
      return .bringToFront
    default:
      return .none
    }
  }

  /// A list of gesture ids, remembered for the end-of-file check.
  private mutating func decodeReferences(
    _ value: JSONValue, at path: SceneKeyPath, from id: String, requiresFailure: Bool
  ) throws(SceneError) -> [String] {
    let ids = try reader.strings(value, at: path)
    for (index, reference) in ids.enumerated() {
      references.append((path.index(index), reference, id, requiresFailure))
    }
    return ids
  }
}
