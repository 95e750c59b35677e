import GestureKit

/// Reading one gesture object of a scene file.
extension SceneDecoder {
  /// Keys every gesture takes, whatever its kind.
  static let commonGestureKeys = [
    "id", "kind", "behavior", "enabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded",
    "requireToFail", "simultaneousWith", "allowedTouchTypes",
  ]

  /// Keys that configure a behaviour rather than the recognizer.
  static let behaviorKeys = ["axis", "within"]

  /// Decodes the gesture at `path`; references to other gestures are checked later.
  mutating func decodeGesture(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> GestureSpec {
    let allowed =
      Self.commonGestureKeys + GestureKind.settingKeys + Self.behaviorKeys + Self.recipeBehaviorKeys
    let object = try reader.object(
      value, at: path, what: "a gesture", allowed: allowed, required: ["id", "kind"])
    let id = try reader.identifier(object["id"]!, at: path.key("id"))
    try registerGesture(id, at: path.key("id"))

    let kind = try decodeKind(object, at: path)
    let behavior = try decodeBehavior(object, kind: kind.name, at: path)
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
    if let v = object["allowedTouchTypes"] {
      gesture.allowedTouchTypes = try decodeTouchTypes(v, at: path.key("allowedTouchTypes"))
    }
    return gesture
  }

  /// `allowedTouchTypes`: a list of UIKit's touch type names (`direct`, `pencil`,
  /// `indirectPointer`), possibly empty (the recognizer then takes no touch, as UIKit's).
  private func decodeTouchTypes(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> Set<
    TouchType
  > {
    let names = TouchType.allCases.map(\.description)
    var types: Set<TouchType> = []
    for (index, element) in try reader.array(value, at: path).enumerated() {
      let name = try reader.choice(element, at: path.index(index), from: names)
      types.insert(TouchType(name: name)!)
    }
    return types
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
