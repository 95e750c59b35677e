/// Plain string operations on POSIX paths (no file system access).
enum PathName {
  /// The folder part of `path`: `"a/b.json"` -> `"a"`, `"b.json"` -> `"."`, `"/b"` -> `"/"`.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component: `"a/b.json"` -> `"b.json"`.
  static func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `path` joined to `base` unless it is absolute.
  static func resolve(_ path: String, against base: String) -> String {
    path.hasPrefix("/") ? path : join(base, path)
  }

  /// `a` + `/` + `b`, without doubling the slash.
  static func join(_ a: String, _ b: String) -> String {
    a.hasSuffix("/") ? a + b : a + "/" + b
  }
}
