import GestureKit
import Testing

@testable import WaylandBackend

@Suite("Damage region")
struct DamageRegionTests {
  @Test("rectangles are rounded out to whole pixels and clipped to the limit")
  func roundingAndLimit() {
    var region = DamageRegion(limit: Rect(x: 0, y: 0, width: 100, height: 100))
    region.add(Rect(x: 10.5, y: 20.2, width: 5, height: 5))
    region.add(Rect(x: 90, y: -10, width: 30, height: 20))
    region.add(Rect(x: 200, y: 200, width: 10, height: 10))
    #expect(
      region.rects == [Rect(x: 10, y: 20, width: 6, height: 6), Rect(x: 90, y: 0, width: 10, height: 10)])
  }

  @Test("overlapping or touching rectangles merge, transitively")
  func merging() {
    var region = DamageRegion()
    region.add(Rect(x: 0, y: 0, width: 10, height: 10))
    region.add(Rect(x: 20, y: 0, width: 10, height: 10))
    region.add(Rect(x: 10, y: 0, width: 10, height: 5))  // touches both
    #expect(region.rects == [Rect(x: 0, y: 0, width: 30, height: 10)])
  }

  @Test("beyond the maximum count the pair whose union wastes least merges")
  func maximumCount() {
    var region = DamageRegion()
    for index in 0..<DamageRegion.maximumCount {
      region.add(Rect(x: Double(index) * 100, y: 0, width: 10, height: 10))
    }
    region.add(Rect(x: 312, y: 0, width: 10, height: 10))  // closest to the one at 300
    #expect(region.rects.count == DamageRegion.maximumCount)
    #expect(region.rects.contains(Rect(x: 300, y: 0, width: 22, height: 10)))
    #expect(region.bounds == Rect(x: 0, y: 0, width: 322, height: 10))
  }

  @Test("a non-finite rectangle damages the whole limit")
  func nonFinite() {
    var region = DamageRegion(limit: Rect(x: 0, y: 0, width: 50, height: 50))
    region.add(Rect(x: .nan, y: 0, width: 1, height: 1))
    #expect(region.rects == [Rect(x: 0, y: 0, width: 50, height: 50)])
  }
}
