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
  /// The smallest rectangle with integer edges containing this one (standardized).
  public var roundedOut: Rect {
    let x0 = minX.rounded(.down)
    let y0 = minY.rounded(.down)
    return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
  }

  /// The largest rectangle with integer edges inside this one (standardized); `Rect.zero`
  /// (empty) when it holds no whole pixel.
  public var roundedIn: Rect {
    let x0 = minX.rounded(.up)
    let y0 = minY.rounded(.up)
    let x1 = maxX.rounded(.down)
    let y1 = maxY.rounded(.down)
    guard x1 > x0, y1 > y0 else { return .zero }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The area (width times height).
  var area: Double { width * height }

  /// True when the rectangles overlap or share an edge (so their union wastes nothing there).
  func overlapsOrTouches(_ other: Rect) -> Bool {
    minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
  }

  /// The bounding box of the four corners mapped through `t`, like `applying(_:)` but
  /// without its temporary arrays (damage is computed on every motion event and must not
  /// allocate; the renderer culls every view with it).
  public func boundingBox(applying t: AffineTransform) -> Rect {
    let p0 = Point(x: minX, y: minY).applying(t)
    let p1 = Point(x: maxX, y: minY).applying(t)
    let p2 = Point(x: minX, y: maxY).applying(t)
    let p3 = Point(x: maxX, y: maxY).applying(t)
    let x0 = min(p0.x, p1.x, p2.x, p3.x)
    let y0 = min(p0.y, p1.y, p2.y, p3.y)
    return Rect(
      x: x0, y: y0, width: max(p0.x, p1.x, p2.x, p3.x) - x0, height: max(p0.y, p1.y, p2.y, p3.y) - y0)
  }
}
