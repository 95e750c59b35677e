/// Why an ``Image`` could not be read or written; `description` is one line.
public enum ImageError: Error, CustomStringConvertible, Equatable {
  /// The PNG at `path` could not be loaded; `reason` is the system's or cairo's explanation.
  case cannotRead(path: String, reason: String)
  /// The PNG could not be written to `path`; `reason` is cairo's explanation.
  case cannotWrite(path: String, reason: String)
  /// `path` is a directory.
  case isDirectory(path: String)
  /// The file at `path` does not start with a PNG signature and header.
  case notPNG(path: String)
  /// `path` is not a regular file: `kind` says what it is ("a FIFO").
  case notRegular(path: String, kind: String)
  /// The PNG at `path` ends before its image does.
  case truncated(path: String)
  /// The PNG at `path` declares `width` x `height` pixels, over the limits (at most
  /// 16384 pixels a side and 40 megapixels).
  case tooLarge(path: String, width: Int, height: Int)

  /// A one-line message naming the file.
  public var description: String {
    switch self {
    case .cannotRead(let path, let reason): "\(path): cannot read PNG image: \(reason)"
    case .cannotWrite(let path, let reason): "\(path): cannot write PNG image: \(reason)"
    case .isDirectory(let path): "\(path): is a directory, not a PNG image"
    case .notPNG(let path): "\(path): not a PNG image (it does not begin with the PNG signature and header)"
    case .notRegular, .truncated, .tooLarge: "\(pathOfError): \(reason)"
    }
  }

  /// The explanation alone, without the file's name.
  public var reason: String {
    switch self {
    case .cannotRead(_, let reason), .cannotWrite(_, let reason): reason
    case .isDirectory: "it is a directory"
    case .notPNG: "not a PNG image"
    case .notRegular(_, let kind): "it is \(kind), not a regular file (an image is read from a file)"
    case .truncated: "the PNG image is cut short (the file ends before the image does)"
    case .tooLarge(_, let width, let height):
      width > PNGHeader.maximumSide || height > PNGHeader.maximumSide
        ? "the PNG image is \(width)x\(height) pixels, over the limit of \(PNGHeader.maximumSide) pixels a side"
        : "the PNG image is \(width)x\(height) pixels (\(Self.megapixels(width * height)) megapixels), "
          + "over the limit of \(PNGHeader.maximumPixels / 1_000_000) megapixels"
    }
  }

  /// The path the error names.
  private var pathOfError: String {
    switch self {
    case .cannotRead(let path, _), .cannotWrite(let path, _), .isDirectory(let path), .notPNG(let path),
      .notRegular(let path, _), .truncated(let path), .tooLarge(let path, _, _):
      path
    }
  }

  /// `pixels` in megapixels with one decimal.
  private static func megapixels(_ pixels: Int) -> String {
    let tenths = (pixels + 50_000) / 100_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
