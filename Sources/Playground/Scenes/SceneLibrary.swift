/// The bundled scenes and how a `--scene` argument finds its file.
///
/// A name ending in `.json` or containing `/` is a path. Any other name is a
/// bundled scene, `NAME.json`, looked up in these folders, first match wins:
///
/// 1. `$GESTURE_PLAYGROUND_DATA/scenes`
/// 2. `<folder of the executable>/../share/gesture-playground/scenes` (installed)
/// 3. the source tree's `assets/scenes` (found at compile time, for `swift run`)
public enum SceneLibrary {
  /// The name used when none is given.
  public static let defaultSceneName = "cards"

  /// The folders searched for bundled scenes, in order (some may not exist).
  public static var searchDirectories: [String] {
    searchDirectories(dataDirectory: FileSystem.environment("GESTURE_PLAYGROUND_DATA"))
  }

  /// The folders searched when `$GESTURE_PLAYGROUND_DATA` is `dataDirectory` (tests pass it
  /// explicitly: changing the environment of a test process races with parallel tests).
  static func searchDirectories(dataDirectory: String?) -> [String] {
    var directories: [String] = []
    if let data = dataDirectory {
      directories.append(PathName.join(data, "scenes"))
    }
    if let executable = FileSystem.executablePath() {
      directories.append(
        PathName.join(PathName.directory(of: executable), "../share/gesture-playground/scenes"))
    }
    directories.append(sourceTreeDirectory)
    return directories
  }

  /// True when `argument` names a file rather than a bundled scene.
  public static func isPath(_ argument: String) -> Bool {
    argument.hasSuffix(".json") || argument.contains("/")
  }

  /// The file of the bundled scene `name`, or nil when no folder has it.
  public static func path(forName name: String) -> String? {
    path(forName: name, in: searchDirectories)
  }

  /// The file of the bundled scene `name` in the first of `directories` that has it.
  static func path(forName name: String, in directories: [String]) -> String? {
    for directory in directories {
      let candidate = PathName.join(directory, name + ".json")
      if FileSystem.isReadable(candidate) { return candidate }
    }
    return nil
  }

  /// Loads a bundled scene by name, or the scene file at a path.
  ///
  /// - Throws: ``SceneError`` when no bundled scene has that name, or the file is rejected.
  public static func load(_ nameOrPath: String) throws(SceneError) -> Scene {
    if isPath(nameOrPath) { return try Scene(contentsOfFile: nameOrPath) }
    guard let path = path(forName: nameOrPath) else {
      let names = bundledScenes().map(\.name)
      let list = names.isEmpty ? "none found" : names.joined(separator: ", ")
      throw SceneError(
        file: nameOrPath, location: .file,
        message:
          "no bundled scene with this name (bundled scenes: \(list); a path to a .json file also works)")
    }
    return try Scene(contentsOfFile: path)
  }

  /// A bundled scene file.
  public struct Entry: Equatable, Sendable {
    /// The name to pass to `--scene`.
    public var name: String
    /// Where the file is.
    public var path: String
  }

  /// Every bundled scene, sorted by name; a name found in several folders is
  /// listed once, from the first folder.
  public static func bundledScenes() -> [Entry] {
    bundledScenes(in: searchDirectories)
  }

  /// Every scene of `directories`, as ``bundledScenes()`` lists them.
  static func bundledScenes(in directories: [String]) -> [Entry] {
    var entries: [String: Entry] = [:]
    for directory in directories {
      for file in FileSystem.contentsOfDirectory(directory) ?? [] where file.hasSuffix(".json") {
        let name = String(file.dropLast(".json".count))
        if entries[name] == nil { entries[name] = Entry(name: name, path: PathName.join(directory, file)) }
      }
    }
    return entries.values.sorted { $0.name < $1.name }
  }

  /// `assets/scenes` of the source tree this file was compiled from.
  private static var sourceTreeDirectory: String {
    // #filePath is <root>/Sources/Playground/Scenes/SceneLibrary.swift.
    let scenes = PathName.directory(of: #filePath)
    let root = PathName.directory(of: PathName.directory(of: PathName.directory(of: scenes)))
    return PathName.join(root, "assets/scenes")
  }
}
