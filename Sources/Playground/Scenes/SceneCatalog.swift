/// The scenes the picker offers, in tab order, each loaded when it is first shown.
///
/// ``bundled()`` lists every bundled scene (``SceneLibrary/bundledScenes()``): the recipes
/// in the order of ``recipeOrder`` first, then any others by name. Number keys pick the
/// first ten tabs, so this order is part of what a recorded session means.
public struct SceneCatalog {
  /// One tab of the picker.
  public struct Entry {
    /// The name on the tab (the scene's `name`).
    public var name: String
    /// Loads the scene description (called once; the session keeps the result).
    public var load: () throws(SceneError) -> Scene

    /// An entry named `name` whose scene comes from `load`.
    public init(name: String, load: @escaping () throws(SceneError) -> Scene) {
      self.name = name
      self.load = load
    }
  }

  /// The tabs, in order.
  public var entries: [Entry]

  /// A catalog of these entries.
  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// A catalog of scenes already loaded, in this order.
  public init(scenes: [Scene]) {
    entries = scenes.map { scene in Entry(name: scene.name) { () throws(SceneError) in scene } }
  }

  /// The recipes of the playground in the order of their issue (cards is 1, delivery 14);
  /// the picker shows bundled scenes in this order, then the rest by name.
  public static let recipeOrder = [
    "cards", "direct", "photos", "constrained", "hit-shapes", "paint", "multitouch", "circles",
    "scroll-drag", "menus", "taps", "swipe", "edge", "delivery",
  ]

  /// `files` in picker order: the names of ``recipeOrder`` first, in that order, then the
  /// others by name.
  public static func ordered(_ files: [SceneLibrary.Entry]) -> [SceneLibrary.Entry] {
    func rank(_ name: String) -> Int { recipeOrder.firstIndex(of: name) ?? recipeOrder.count }
    return files.sorted { (rank($0.name), $0.name) < (rank($1.name), $1.name) }
  }

  /// Every bundled scene, in picker order.
  public static func bundled() -> SceneCatalog {
    SceneCatalog(
      entries: ordered(SceneLibrary.bundledScenes()).map { file in
        Entry(name: file.name) { () throws(SceneError) in try Scene(contentsOfFile: file.path) }
      })
  }

  /// Gives `scene` (a file opened by path) the tab that has its name, so that picking that
  /// tab again shows this very scene, or a new first tab when none has. Returns the tab and
  /// whether it was added.
  public mutating func place(_ scene: Scene) -> (tab: Int, added: Bool) {
    if let index = index(of: scene.name) { return (index, false) }
    entries.insert(Entry(name: scene.name) { () throws(SceneError) in scene }, at: 0)
    return (0, true)
  }

  /// The index of the tab named `name`, or nil.
  public func index(of name: String) -> Int? {
    entries.firstIndex { $0.name == name }
  }
}
