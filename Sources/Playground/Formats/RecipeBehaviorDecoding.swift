/// Reading the behaviours of the recipe scenes (`clear`, `flag`, `menu`, `drawer`, `scrollStrip`,
/// `pullOut`) and their `target` / `flag` keys.
extension SceneDecoder {
  /// Gesture keys that configure the recipe behaviours.
  static let recipeBehaviorKeys = ["target", "flag"]

  /// The behaviours that take `key`.
  static func behaviors(taking key: String) -> [String] {
    switch key {
    case "target": ["clear", "flag", "drawer", "scrollStrip"]
    case "flag": ["flag"]
    default: []
    }
  }

  /// Rejects a recipe key given to a behaviour that does not take it.
  func checkRecipeKeys(_ object: JSONObject, behavior name: String, at path: SceneKeyPath) throws(SceneError)
  {
    for key in Self.recipeBehaviorKeys where object[key] != nil {
      let takers = Self.behaviors(taking: key)
      guard !takers.contains(name) else { continue }
      throw reader.failure(
        path.key(key),
        "only the \(takers.map { "\"\($0)\"" }.joined(separator: ", ")) behaviors take \"\(key)\" (this gesture's behavior is \"\(name)\")"
      )
    }
  }

  /// The behaviour `name` (one of `clear`, `flag`, `menu`, `drawer`, `scrollStrip`, `pullOut`)
  /// with its keys; targets
  /// are checked by ``checkRecipeTargets(_:)`` once every id is known.
  func decodeRecipeBehavior(_ name: String, _ object: JSONObject, at path: SceneKeyPath) throws(SceneError)
    -> Behavior
  {
    func target() throws(SceneError) -> String? {
      try object["target"].map { (v) throws(SceneError) in
        try reader.identifier(v, at: path.key("target"))
      }
    }
    switch name {
    case "clear":
      guard let target = try target() else {
        throw reader.failure(path, "the \"clear\" behavior needs \"target\": the id of a paint view")
      }
      return .clear(target: target)
    case "flag":
      guard let target = try target() else {
        throw reader.failure(path, "the \"flag\" behavior needs \"target\": the id of a gesture")
      }
      guard let v = object["flag"] else {
        throw reader.failure(
          path,
          "the \"flag\" behavior needs \"flag\": one of \(DeliveryFlag.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      let flag = try reader.choice(v, at: path.key("flag"), from: DeliveryFlag.allCases.map(\.rawValue))
      return .flag(target: target, flag: DeliveryFlag(rawValue: flag)!)
    case "drawer":
      return .drawer(target: try target())
    case "scrollStrip":
      guard let target = try target() else {
        throw reader.failure(
          path, "the \"scrollStrip\" behavior needs \"target\": the id of a subview to scroll")
      }
      return .scrollStrip(target: target)
    case "pullOut":
      return .pullOut
    default:
      return .menu
    }
  }

  /// Every recipe `target` names what its behaviour needs: `clear` a view with
  /// `"touchHandler": "paint"`, `drawer` a view, `scrollStrip` a subview of the gesture's view,
  /// `flag` a gesture.
  func checkRecipeTargets(_ views: [ViewSpec]) throws(SceneError) {
    // Whether each view id paints, made the first time a target needs it (most scenes have
    // none: a large one then costs nothing here).
    var paints: [String: Bool]?
    func paintsByID() -> [String: Bool] {
      if let paints { return paints }
      var made: [String: Bool] = [:]
      for view in views.flatMap(\.allViews) { made[view.id] = view.touchHandler == .paint }
      paints = made
      return made
    }
    let gestureIDs = Set(self.gestureIDs.map(\.id))
    func check(_ view: ViewSpec, at path: SceneKeyPath) throws(SceneError) {
      for (index, gesture) in view.gestures.enumerated() {
        let targetPath = path.key("gestures").index(index).key("target")
        switch gesture.behavior {
        case .clear(let target):
          guard paintsByID()[target] == true else {
            throw reader.failure(targetPath, "\"\(target)\" is not a view with \"touchHandler\": \"paint\"")
          }
        case .drawer(let target?):
          guard paintsByID()[target] != nil else {
            throw reader.failure(targetPath, "unknown view id \"\(target)\"")
          }
        case .scrollStrip(let target):
          guard view.children.contains(where: { $0.id == target }) else {
            throw reader.failure(targetPath, "\"\(target)\" is not a subview of \"\(view.id)\"")
          }
        case .flag(let target, _):
          guard gestureIDs.contains(target) else {
            throw reader.failure(targetPath, "unknown gesture id \"\(target)\"")
          }
        default:
          break
        }
      }
      for (index, child) in view.children.enumerated() {
        try check(child, at: path.key("children").index(index))
      }
    }
    for (index, view) in views.enumerated() {
      try check(view, at: SceneKeyPath.root.key("views").index(index))
    }
  }
}
