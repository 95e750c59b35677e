#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The few file-system calls the app needs, through libc; every failure is a
/// ``FileSystem/Failure`` carrying `strerror`'s text.
enum FileSystem {
  /// A failed system call.
  struct Failure: Error {
    /// `strerror(errno)`, e.g. "No such file or directory".
    var reason: String

    /// The failure described by the current `errno`.
    static func current() -> Failure { Failure(reason: String(cString: strerror(errno))) }
  }

  /// The whole contents of the file at `path`, at most `limit` bytes: a longer one (or one
  /// that never ends, such as `/dev/zero`) stops the reading at the limit and throws a
  /// failure saying so; a directory throws "Is a directory". A FIFO or a socket is refused at
  /// once ("it is a FIFO, not a regular file"): opening one waits for a writer, and reading
  /// it may never end.
  static func readFile(_ path: String, limit: Int = Int.max) throws(Failure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw .current() }
    defer { close(fd) }
    if let kind = unreadableKind(fd) { throw Failure(reason: "it is \(kind), not a regular file") }
    // Blocking again (a device is read as it comes).
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .current()
      }
      if count == 0 { return contents }
      guard contents.count + count <= limit else {
        throw Failure(reason: "the file is larger than \(byteCount(limit)) (the limit)")
      }
      contents.append(contentsOf: chunk[0..<count])
    }
  }

  /// What the open file `fd` is when it is a FIFO or a socket ("a FIFO"), which a file read
  /// whole or twice must not be; nil for a regular file, a device or a folder.
  static func unreadableKind(_ fd: Int32) -> String? {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    return unreadableKind(mode: info.st_mode)
  }

  /// ``unreadableKind(_:)`` of the file at `path` (links followed), without opening it.
  static func unreadableKind(path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return unreadableKind(mode: info.st_mode)
  }

  private static func unreadableKind(mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    default: return nil
    }
  }

  /// Whether `path` is a folder (links followed).
  static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// The absolute path of the existing file or folder at `path`, symbolic links resolved
  /// (`realpath`), or nil when it does not exist.
  static func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The longest prefix of `text` of whole characters that is at most `maximumBytes` bytes
  /// of UTF-8.
  static func prefix(of text: String, maximumBytes: Int) -> String {
    guard text.utf8.count > maximumBytes else { return text }
    var result = ""
    for character in text {
      guard result.utf8.count + character.utf8.count <= maximumBytes else { break }
      result.append(character)
    }
    return result
  }

  /// `path` made fit for a one-line message: control characters escaped and a path longer
  /// than 200 characters cut in the middle.
  static func shown(_ path: String) -> String {
    let characters = Array(path)
    guard characters.count > 200 else { return path.escapedForOneLine() }
    let head = String(characters[..<100]).escapedForOneLine()
    let tail = String(characters[(characters.count - 80)...]).escapedForOneLine()
    return head + "…(\(characters.count - 180) characters)…" + tail
  }

  /// Whether `a` and `b` name the same file: the same absolute path once the folders'
  /// symbolic links are resolved, or, when both exist, the same device and inode (a hard
  /// link, a link to the file). `/dev/stdout` and other non-regular files are never the same
  /// as anything (writing one loses no file).
  static func sameFile(_ a: String, _ b: String) -> Bool {
    var infoA = stat()
    var infoB = stat()
    let existsA = stat(a, &infoA) == 0
    let existsB = stat(b, &infoB) == 0
    if existsA, infoA.st_mode & S_IFMT != S_IFREG { return false }
    if existsB, infoB.st_mode & S_IFMT != S_IFREG { return false }
    if existsA, existsB { return infoA.st_dev == infoB.st_dev && infoA.st_ino == infoB.st_ino }
    return absolutePath(a) == absolutePath(b)
  }

  /// `path` made absolute with its folder's links resolved, where the folder exists.
  private static func absolutePath(_ path: String) -> String {
    let folder = PathName.directory(of: path)
    return PathName.join(canonicalPath(folder) ?? folder, PathName.lastComponent(of: path))
  }

  /// `bytes` in words: "16 MiB", "64 KiB", "512 bytes".
  static func byteCount(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }

  /// The names in the folder at `path` (without `.` and `..`, nor names that are not UTF-8,
  /// which no Swift string can name), or nil when it cannot be opened.
  static func contentsOfDirectory(_ path: String) -> [String]? {
    var ignored = 0
    return contentsOfDirectory(path, notUTF8: &ignored)
  }

  /// ``contentsOfDirectory(_:)``, counting in `notUTF8` the names left out.
  static func contentsOfDirectory(_ path: String, notUTF8: inout Int) -> [String]? {
    guard let dir = opendir(path) else { return nil }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      // A name that is not UTF-8 would become another name as a Swift string: left out.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(validating: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard let name else {
        notUTF8 += 1
        continue
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// True when something exists at `path` and can be read.
  static func isReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
  }

  /// The running executable's path (from `/proc/self/exe`), if known.
  static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The environment variable `name`, if set and not empty.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let string = String(cString: value)
    return string.isEmpty ? nil : string
  }
}
