extension String {
  /// The text made safe for a one-line message: line breaks, other control characters
  /// and the Unicode line and paragraph separators are escaped (`\n`, `\r`, `\t`,
  /// `\u{1B}`), and text longer than `limit` characters is cut with a note of how much was
  /// left out, so a hostile file (a key of a million newlines) still gets one short line.
  public func escapedForOneLine(limit: Int = 2000) -> String {
    var result = ""
    var count = 0
    var scalars = unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if count >= limit {
        var rest = 1
        while scalars.next() != nil { rest += 1 }
        result += "… (\(rest) more characters)"
        break
      }
      switch scalar.value {
      case 0x0A: result += "\\n"
      case 0x0D: result += "\\r"
      case 0x09: result += "\\t"
      case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return result
  }
}
