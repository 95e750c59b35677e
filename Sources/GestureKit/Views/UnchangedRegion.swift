/// A few integer-aligned rectangles, inside a frame's damage, whose pixels are known to be
/// the same as before the frame's changes: what a repair need not redraw and a commit need
/// not report (the inside of a card that only moved, see `ViewMove`).
///
/// The region may cover less than what did not change, never more. Its storage is reserved
/// once: setting, intersecting and `removeAll()` allocate nothing in steady state.
public struct UnchangedRegion: Sendable {
  /// How many rectangles the region keeps (the largest ones).
  public static let maximumCount = 2

  /// The rectangles: non-empty, integer-aligned, largest first, at most `maximumCount`.
  public private(set) var rects: [Rect]

  /// An empty region.
  public init() {
    rects = []
    rects.reserveCapacity(Self.maximumCount * Self.maximumCount + 1)
  }

  /// True when no pixel is known to be unchanged.
  public var isEmpty: Bool { rects.isEmpty }

  /// Adds `rect` rounded in to whole pixels (nothing when that is empty or not finite); beyond
  /// `maximumCount` rectangles the smallest is dropped. Rectangles added should not overlap.
  public mutating func add(_ rect: Rect) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return }
    let aligned = rect.roundedIn
    guard !aligned.isEmpty else { return }
    let index = rects.firstIndex { $0.area < aligned.area } ?? rects.count
    rects.insert(aligned, at: index)
    if rects.count > Self.maximumCount { rects.removeLast() }
  }

  /// Keeps only the pixels also in `other`: pixels unchanged across two frames are those
  /// unchanged in both (the largest `maximumCount` pieces of the pairwise intersections).
  public mutating func formIntersection(_ other: UnchangedRegion) {
    let count = rects.count
    for i in 0..<count {
      for rect in other.rects {
        let piece = rects[i].intersection(rect)
        guard !piece.isEmpty else { continue }
        // Largest first, without `sort` (which may allocate a buffer).
        let index = rects[count...].firstIndex { $0.area < piece.area } ?? rects.count
        rects.insert(piece, at: index)
      }
    }
    rects.removeFirst(count)
    if rects.count > Self.maximumCount { rects.removeLast(rects.count - Self.maximumCount) }
  }

  /// Empties the region, keeping its storage.
  public mutating func removeAll() {
    rects.removeAll(keepingCapacity: true)
  }
}
