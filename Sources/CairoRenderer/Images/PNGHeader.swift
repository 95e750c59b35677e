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

  /// Reads the header of the file at `path`.
  ///
  /// - Throws: ``ImageError`` naming the file: it cannot be opened or read, it is a
  ///   directory, it does not start like a PNG, or it declares a size over the limits.
  init(path: String) throws(ImageError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var status = stat()
    if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
    // The 8-byte signature, then the IHDR chunk: length (4), type (4), width (4), height (4).
    var bytes = [UInt8](repeating: 0, count: 24)
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
      if count == 0 { break }
      filled += count
    }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard filled == bytes.count, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { throw .notPNG(path: path) }
    func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    width = word(16)
    height = word(20)
    guard width > 0, height > 0 else { throw .notPNG(path: path) }
    guard width <= Self.maximumSide, height <= Self.maximumSide, width * height <= Self.maximumPixels else {
      throw .tooLarge(path: path, width: width, height: height)
    }
  }
}
