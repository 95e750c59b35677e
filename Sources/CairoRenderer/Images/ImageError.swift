/// Why an ``Image`` could not be read or written; `description` is one line.
public enum ImageError: Error, CustomStringConvertible, Equatable {
  /// The PNG at `path` could not be loaded; `reason` is cairo's explanation.
  case cannotRead(path: String, reason: String)
  /// The PNG could not be written to `path`; `reason` is cairo's explanation.
  case cannotWrite(path: String, reason: String)

  /// A one-line message naming the file.
  public var description: String {
    switch self {
    case .cannotRead(let path, let reason): "\(path): cannot read PNG image: \(reason)"
    case .cannotWrite(let path, let reason): "\(path): cannot write PNG image: \(reason)"
    }
  }
}
