import GestureKit

/// Boxes placed one after another so that none covers one placed before: the debug overlay's
/// recognizer labels, which start at their views' corners, and views touch or overlap, most
/// of all in a window that shows its scene scaled down. A box that meets boxes already
/// placed moves down to just below the lowest of them, and again, until it meets none.
///
/// The boxes placed are kept in a grid of ``cellSize`` cells, so that a box is tested only
/// against its neighbours, and a box moves at most ``maximumMoves`` times (then it stays,
/// over another, and keeps no other off): a scene of thousands of labelled views, or of
/// views all at one point, costs a frame time linear in its labels.
struct LabelStack {
  /// The grid's cell, in window points (about four labels high).
  static let cellSize = 64.0
  /// The most times a box moves down.
  static let maximumMoves = 32
  /// The space left between a box and the one it was moved below.
  static let gap = 1.0
  /// The most cells a box is filed under across and down (a label 4,000 points wide):
  /// beyond, only its left or top part keeps others off.
  static let widestCells = 64

  private var placed: [Rect] = []
  private var cells: [Cell: [Int]] = [:]

  /// A cell of the grid, by column and row.
  private struct Cell: Hashable {
    var column: Int
    var row: Int
  }

  /// Where `box` goes: where it is if it meets no box placed before, else moved down until
  /// it meets none. A box with a coordinate that is not finite is left as it is and keeps no
  /// other off.
  mutating func place(_ box: Rect) -> Rect {
    guard [box.minX, box.maxX, box.minY, box.maxY].allSatisfy(\.isFinite) else { return box }
    var box = box
    for moves in 0...Self.maximumMoves {
      var lowest: Double?
      Self.forEachCell(of: box) { cell in
        for index in cells[cell] ?? [] where placed[index].intersects(box) {
          lowest = max(lowest ?? -.infinity, placed[index].maxY)
        }
      }
      guard let lowest else { break }
      // Out of moves, it stays over others and is not filed: the boxes filed never overlap,
      // so that a cell holds only the few that fit in it.
      guard moves < Self.maximumMoves else { return box }
      box = box.offsetBy(dx: 0, dy: lowest + Self.gap - box.minY)
    }
    let index = placed.count
    placed.append(box)
    Self.forEachCell(of: box) { cells[$0, default: []].append(index) }
    return box
  }

  /// Calls `body` with each cell `box` covers, at most ``widestCells`` across and down;
  /// coordinates far outside any window are clamped, so that none overflows an `Int`.
  private static func forEachCell(of box: Rect, _ body: (Cell) -> Void) {
    func index(_ value: Double) -> Int { Int(max(-1e9, min(1e9, (value / cellSize).rounded(.down)))) }
    let columns = index(box.minX)...min(index(box.maxX), index(box.minX) + widestCells - 1)
    let rows = index(box.minY)...min(max(index(box.minY), index(box.maxY)), index(box.minY) + widestCells - 1)
    for row in rows {
      for column in columns { body(Cell(column: column, row: row)) }
    }
  }
}
