import GestureKit

/// A small set of integer-aligned rectangles covering everything that changed on screen: what
/// a frame must redraw and what it reports to the compositor (`wl_surface.damage_buffer`).
///
/// The policy, in one line: every added rectangle is rounded out to whole pixels and clipped
/// to `limit`; rectangles that overlap or touch are merged into their union, and beyond
/// `maximumCount` rectangles the pair whose union adds the least area is merged.
///
/// The region may cover more than what changed (unions are boxes) but never less. Its storage
/// is reserved once: adding, merging and `removeAll()` allocate nothing in steady state.
public struct DamageRegion: Sendable {
  /// How many rectangles the region keeps before merging the cheapest pair (a few: cairo
  /// clips to each, and compositors handle short damage lists best).
  public static let maximumCount = 4

  /// The rectangles, disjoint, non-empty, integer-aligned and inside `limit`.
  public private(set) var rects: [Rect]
  /// What added rectangles are clipped to (the window's area), or nil for no clipping.
  public var limit: Rect?

  /// An empty region clipping to `limit`.
  public init(limit: Rect? = nil) {
    self.limit = limit
    rects = []
    rects.reserveCapacity(Self.maximumCount + 1)
  }

  /// True when nothing is damaged.
  public var isEmpty: Bool { rects.isEmpty }

  /// The smallest rectangle containing the whole region (`Rect.zero` when empty).
  public var bounds: Rect {
    guard var result = rects.first else { return .zero }
    for rect in rects.dropFirst() { result = result.union(rect) }
    return result
  }

  /// True when some rectangle of the region shares area with `rect`.
  public func intersects(_ rect: Rect) -> Bool {
    rects.contains { $0.intersects(rect) }
  }

  /// Adds `rect` (any coordinates; rounded out to whole pixels, then clipped to `limit`).
  public mutating func add(_ rect: Rect) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
      if let limit { add(limit) }
      return
    }
    var aligned = rect.roundedOut
    if let limit { aligned = aligned.intersection(limit.roundedOut) }
    guard !aligned.isEmpty else { return }
    // Merge with everything it overlaps or touches, repeatedly (a union can reach others).
    var index = 0
    while index < rects.count {
      if rects[index].overlapsOrTouches(aligned) {
        aligned = aligned.union(rects.remove(at: index))
        index = 0
      } else {
        index += 1
      }
    }
    rects.append(aligned)
    while rects.count > Self.maximumCount { mergeCheapestPair() }
  }

  /// Adds every rectangle of `other`.
  public mutating func formUnion(_ other: DamageRegion) {
    for rect in other.rects { add(rect) }
  }

  /// Empties the region, keeping its storage.
  public mutating func removeAll() {
    rects.removeAll(keepingCapacity: true)
  }

  /// Merges the two rectangles whose union adds the least area beyond their own.
  private mutating func mergeCheapestPair() {
    var best = (first: 0, second: 1, cost: Double.infinity)
    for i in rects.indices {
      for j in rects.indices where j > i {
        let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
        if cost < best.cost { best = (i, j, cost) }
      }
    }
    let merged = rects[best.first].union(rects.remove(at: best.second))
    rects.remove(at: best.first)
    // The union may now overlap a third rectangle; re-adding merges it.
    add(merged)
  }
}

extension Rect {
  /// The area (width times height).
  fileprivate var area: Double { width * height }

  /// True when the rectangles overlap or share an edge (so their union wastes nothing there).
  fileprivate func overlapsOrTouches(_ other: Rect) -> Bool {
    minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
  }
}
