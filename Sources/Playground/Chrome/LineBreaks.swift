/// Where a line of text may be broken in two (the hint bar's two lines): at spaces, as between
/// words in any script, and between two characters where either is Chinese or Japanese, which
/// are written without spaces, but never before closing punctuation or a small kana nor after
/// opening punctuation. That is Unicode's line-breaking rule (UAX #14) for these scripts in
/// short: its classes ID (breaks on either side), CL and NS (no break before) and OP (no break
/// after), for the characters a hint is written with.
enum LineBreaks {
  /// A place to break: the first line ends at `end`, the second starts at `start` (past the
  /// spaces broken at; the same place between two characters).
  struct Break {
    var end: String.Index
    var start: String.Index
  }

  /// Characters no line starts with: closing punctuation, small kana, the prolonged sound mark.
  static let noBreakBefore: Set<Character> = Set(
    "、。，．・：；？！）］｝〕〉》」』】〙〗〟’”ー々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ‐゠–〜…‥!),.:;?]}")

  /// Characters no line ends with: opening punctuation.
  static let noBreakAfter: Set<Character> = Set("（［｛〔〈《「『【〘〖〝‘“([{")

  /// The places `text` may be broken, in order; none that would leave a line empty.
  static func breaks(in text: String) -> [Break] {
    var result: [Break] = []
    var previous: Character?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == " " {
        var next = index
        while next < text.endIndex, text[next] == " " { next = text.index(after: next) }
        if previous != nil, next < text.endIndex { result.append(Break(end: index, start: next)) }
        previous = nil
        index = next
        continue
      }
      if let previous, isIdeographic(previous) || isIdeographic(character),
        !noBreakBefore.contains(character), !noBreakAfter.contains(previous)
      {
        result.append(Break(end: index, start: index))
      }
      previous = character
      index = text.index(after: index)
    }
    return result
  }

  /// `text` in at most `maximumLines` lines no wider than `width` (`measure` gives a line's
  /// width), each as long as it can be, broken at ``breaks(in:)``: the whole hint in the
  /// ``HintPanelView``. A word wider than `width` has a line of its own (cut where it is drawn);
  /// the last line allowed holds the rest, however long. Only the breaks up to the first that
  /// does not fit are measured for a line, so a hint costs about as many measures as it has
  /// places to break.
  static func wrap(_ text: String, width: Double, maximumLines: Int, measure: (String) -> Double) -> [String]
  {
    var lines: [String] = []
    var start = text.startIndex
    var places = breaks(in: text)[...]
    while lines.count < maximumLines - 1, measure(String(text[start...])) > width {
      var chosen = places.popFirst()
      while let next = places.first, measure(String(text[start..<next.end])) <= width {
        chosen = places.popFirst()
      }
      guard let place = chosen else { break }
      lines.append(String(text[start..<place.end]))
      start = place.start
    }
    lines.append(String(text[start...]))
    return lines
  }

  /// Whether `character` is Chinese or Japanese writing (ideographs, kana, their punctuation
  /// and full-width forms), between which lines may break without a space.
  static func isIdeographic(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first?.value else { return false }
    switch scalar {
    case 0x2E80...0x2FDF,  // radicals
      0x3000...0x30FF,  // CJK symbols and punctuation, hiragana, katakana
      0x3100...0x31FF,  // bopomofo, katakana extensions
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,  // ideographs
      0xFF00...0xFF60, 0xFF61...0xFF9F,  // full-width forms, half-width katakana
      0x20000...0x3FFFF:  // ideographs beyond the first plane
      return true
    default:
      return false
    }
  }
}
