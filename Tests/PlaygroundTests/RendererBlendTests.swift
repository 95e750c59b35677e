import Testing

@testable import CairoRenderer

/// The masks' blend with the four channels of a pixel in one 64-bit word gives exactly
/// `PixelMath.lerp` (cairo's `lerp8x4`) and, with pixman's bias, `PixelMath.over` (pixman's
/// `over_n_8_8888`, for an opaque colour) for every coverage; solid runs are stored exactly.
@Suite("Renderer blend")
struct RendererBlendTests {
  @Test("the four-lane lerp equals cairo's two-lane lerp, and pixman's OVER, for every coverage")
  func fourLanesMatchTwo() {
    var state: UInt64 = 11
    func next() -> UInt32 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32(truncatingIfNeeded: state >> 29)
    }
    let edges: [UInt32] = [0, 0xffff_ffff, 0xff00_0000, 0x00ff_00ff, 0xff80_7f01, 0x0101_0101]
    for a in 0...255 {
      let coverage = UInt8(a)
      var pairs = edges.flatMap { x in edges.map { (x, $0) } }
      for _ in 0..<200 { pairs.append((next(), next())) }
      for (src, dst) in pairs {
        let expected = PixelMath.lerp(src, coverage, dst)
        #expect(
          CoverageMask.lerp(spread: CoverageMask.spread(src), coverage, dst) == expected,
          "src \(String(src, radix: 16)), a \(a), dst \(String(dst, radix: 16))")
        let opaque = src | 0xff00_0000
        #expect(
          CoverageMask.lerp(spread: CoverageMask.spread(opaque), coverage, dst, bias: CoverageMask.pixmanBias)
            == PixelMath.over(opaque, coverage, dst),
          "over: src \(String(opaque, radix: 16)), a \(a), dst \(String(dst, radix: 16))")
      }
    }
  }

  @Test("a solid run's store writes exactly its pixels, whatever its length and alignment")
  func storeWritesTheRunOnly() {
    let sentinel: UInt32 = 0xdead_beef
    let pixel: UInt32 = 0xff12_3456
    let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 96)
    defer { words.deallocate() }
    for start in 0..<5 {
      for count in 0...70 {
        words.initialize(repeating: sentinel, count: 96)
        FastFill.store(pixel, at: words + 8 + start, count: count)
        let stored = (0..<96).filter { words[$0] == pixel }
        #expect(stored == Array((8 + start)..<(8 + start + count)), "start \(start), count \(count)")
        #expect((0..<96).allSatisfy { words[$0] == pixel || words[$0] == sentinel })
      }
    }
  }
}
