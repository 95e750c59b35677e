/// Loading a scene from a file or from JSON text.
extension Scene {
  /// Loads and checks the scene file at `path`; images are resolved against
  /// the file's folder. Errors name the file as `path` is written.
  ///
  /// - Throws: ``SceneError`` for an unreadable file, invalid JSON or any
  ///   violation of the scene format; nothing is half-loaded.
  public init(contentsOfFile path: String) throws(SceneError) {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readFile(path, limit: Self.maximumFileSize)
    } catch {
      throw SceneError(file: path, location: .file, message: "cannot read the file: \(error.reason)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw SceneError(file: path, location: .file, message: "the file is not UTF-8 text")
    }
    try self.init(json: text, fileName: path, baseDirectory: PathName.directory(of: path))
  }

  /// The largest scene file read, in bytes: 16 MiB, at most 525,784 views of the shortest
  /// form, which take 704 MB once built (docs/FORMATS.md, "Limits"). A longer file, or one
  /// that never ends, is refused at this size.
  public static let maximumFileSize = 16 << 20

  /// Parses and checks a scene document.
  ///
  /// - Parameters:
  ///   - text: the JSON text.
  ///   - fileName: the name used in error messages and as ``source``.
  ///   - baseDirectory: the folder `image` paths are relative to.
  /// - Throws: ``SceneError`` at the JSON position or key path of the first problem.
  public init(json text: String, fileName: String, baseDirectory: String = ".") throws(SceneError) {
    let document: JSONValue
    do {
      document = try JSONValue.parse(text)
    } catch {
      throw SceneError(
        file: fileName, location: .position(line: error.line, column: error.column), message: error.message)
    }
    var decoder = SceneDecoder(file: fileName, baseDirectory: baseDirectory)
    self = try decoder.decodeScene(document)
  }
}
