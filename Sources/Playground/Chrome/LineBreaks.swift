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
