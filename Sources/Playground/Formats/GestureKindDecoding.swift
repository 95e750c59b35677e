import GestureKit

/// Reading a gesture's `kind` and the settings that belong to it.
extension SceneDecoder {
  /// `kind` and its settings; a setting of another kind is an error naming the
  /// settings this kind takes.
  func decodeKind(_ object: JSONObject, at path: SceneKeyPath) throws(SceneError) -> GestureKind {
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
    let accepted = GestureKind.settingKeys(of: name)
    for key in object.keys where GestureKind.settingKeys.contains(key) && !accepted.contains(key) {
      let takes = accepted.isEmpty ? "takes no settings" : "takes \(accepted.joined(separator: ", "))"
      throw reader.failure(path.key(key), "not a setting of \(name) (\(name) \(takes))")
    }
    switch name {
    case "tap":
      return .tap(
        taps: try count(object, "taps", at: path, minimum: 1, default: 1),
        touches: try count(object, "touches", at: path, minimum: 1, default: 1))
    case "longPress":
      return .longPress(
        minimumPressDuration: try length(
          object, "minimumPressDuration", at: path, default: GestureConstants.longPressMinimumDuration),
        allowableMovement: try length(
          object, "allowableMovement", at: path, default: GestureConstants.longPressAllowableMovement),
        taps: try count(object, "taps", at: path, minimum: 0, default: 0),
        touches: try count(object, "touches", at: path, minimum: 1, default: 1))
    case "pan":
      return try decodePan(object, at: path)
    case "screenEdgePan":
      guard let value = object["edges"] else {
        throw reader.failure(
          path, "missing required key \"edges\" (a screenEdgePan starts from top, left, bottom, right or all)"
        )
      }
      return .screenEdgePan(edges: try decodeEdges(value, at: path.key("edges")))
    case "swipe":
      let direction = try object["direction"].map { (v) throws(SceneError) in
        try decodeDirection(v, at: path.key("direction"))
      }
      return .swipe(
        direction: direction ?? .right,
        touches: try count(object, "touches", at: path, minimum: 1, default: 1))
    case "pinch": return .pinch
    case "rotation": return .rotation
    case "hover": return .hover
    default: return .circle
    }
  }

  /// `minTouches`, `maxTouches` and `scrollTypes` of a pan.
  private func decodePan(_ object: JSONObject, at path: SceneKeyPath) throws(SceneError) -> GestureKind {
    let minimum = try count(object, "minTouches", at: path, minimum: 1, default: 1)
    let maximum = try count(object, "maxTouches", at: path, minimum: 1, default: Int.max)
    guard maximum >= minimum else {
      throw reader.failure(path.key("maxTouches"), "must be at least minTouches (\(minimum)), got \(maximum)")
    }
    var scrollTypes: [String] = []
    if let value = object["scrollTypes"] {
      let listPath = path.key("scrollTypes")
      for (index, element) in try reader.array(value, at: listPath).enumerated() {
        let type = try reader.choice(element, at: listPath.index(index), from: ["discrete", "continuous"])
        if !scrollTypes.contains(type) { scrollTypes.append(type) }
      }
    }
    return .pan(minimumNumberOfTouches: minimum, maximumNumberOfTouches: maximum, scrollTypes: scrollTypes)
  }

  /// `edges`: `"all"`, one edge name, or a non-empty list of them.
  private func decodeEdges(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> RectEdge {
    let names: [(String, RectEdge)] = [
      ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right), ("all", .all),
    ]
    return try decodeOptions(value, at: path, names: names, what: "edge")
  }

  /// `direction`: one direction name or a non-empty list of them.
  private func decodeDirection(
    _ value: JSONValue, at path: SceneKeyPath
  ) throws(SceneError) -> SwipeGestureRecognizer.Direction {
    try decodeOptions(value, at: path, names: SwipeDirections.names, what: "direction")
  }

  /// An option set written as one of `names` or a non-empty list of them.
  private func decodeOptions<Options: OptionSet>(
    _ value: JSONValue, at path: SceneKeyPath, names: [(String, Options)], what: String
  ) throws(SceneError) -> Options where Options.Element == Options {
    let choices = names.map(\.0)
    if case .string = value {
      let name = try reader.choice(value, at: path, from: choices)
      return names.first { $0.0 == name }!.1
    }
    guard case .array(let elements) = value else {
      throw reader.failure(
        path,
        "expected \(what == "edge" ? "an" : "a") \(what) (\(choices.joined(separator: ", "))) or a list of them, got \(value.typeDescription)"
      )
    }
    guard !elements.isEmpty else {
      throw reader.failure(path, "expected at least one \(what) (one of \(choices.joined(separator: ", ")))")
    }
    var options: Options = []
    for (index, element) in elements.enumerated() {
      let name = try reader.choice(element, at: path.index(index), from: choices)
      options.formUnion(names.first { $0.0 == name }!.1)
    }
    return options
  }

  /// A whole-number setting `key` of at least `minimum`, or `defaultValue` when absent.
  private func count(
    _ object: JSONObject, _ key: String, at path: SceneKeyPath, minimum: Int, default defaultValue: Int
  ) throws(SceneError) -> Int {
    guard let value = object[key] else { return defaultValue }
    return try reader.integer(value, at: path.key(key), minimum: minimum)
  }

  /// A non-negative number setting `key` (seconds or pixels), or `defaultValue` when absent.
  private func length(
    _ object: JSONObject, _ key: String, at path: SceneKeyPath, default defaultValue: Double
  ) throws(SceneError) -> Double {
    guard let value = object[key] else { return defaultValue }
    return try reader.number(value, at: path.key(key), in: 0...1_000_000, "between 0 and 1000000")
  }
}
