#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The size a PNG file declares in its header (its `IHDR` chunk: the PNG specification,
/// section 11.2.2), read before cairo decodes it, so that an image too large to hold is
/// refused without decoding, and a file that is no PNG is named as such.
struct PNGHeader {
  /// Most pixels a side of an image may have.
  static let maximumSide = 16_384
  /// Most pixels an image may have (40 megapixels: 160 MB decoded, a phone camera's photo
  /// fits).
  static let maximumPixels = 40_000_000

  /// Width and height in pixels.
  let width: Int
  let height: Int

  /// The most bytes a PNG file may have: a 40-megapixel photo compresses to well under it.
  static let maximumFileBytes = 128 << 20

  /// The header of the PNG file `bytes`, read from `path`.
  ///
  /// - Throws: ``ImageError`` naming the file: it does not start like a PNG, or it declares
  ///   a size over the limits.
  init(bytes: [UInt8], path: String) throws(ImageError) {
    // The 8-byte signature, then the IHDR chunk: length (4), type (4), width (4), height (4).
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { throw .notPNG(path: path) }
    func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    width = word(16)
    height = word(20)
    guard width > 0, height > 0 else { throw .notPNG(path: path) }
    guard width <= Self.maximumSide, height <= Self.maximumSide, width * height <= Self.maximumPixels else {
      throw .tooLarge(path: path, width: width, height: height)
    }
  }

  /// The whole file at `path`, which must be a regular file (a FIFO is refused at once, not
  /// waited on) of at most ``maximumFileBytes``.
  ///
  /// - Throws: ``ImageError`` naming the file.
  static func contents(path: String) throws(ImageError) -> [UInt8] {
    // Not blocking: opening a FIFO with no writer would wait for one.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .isDirectory(path: path)
    case S_IFIFO: throw .notRegular(path: path, kind: "a FIFO")
    case S_IFCHR: throw .notRegular(path: path, kind: "a character device")
    case S_IFSOCK: throw .notRegular(path: path, kind: "a socket")
    default: throw .notRegular(path: path, kind: "not a regular file")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
      if count == 0 { return bytes }
      guard bytes.count + count <= maximumFileBytes else {
        throw .cannotRead(
          path: path, reason: "the file is larger than \(maximumFileBytes >> 20) MiB (the limit)")
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}
