import CCairo
import GestureKit
import Testing

@testable import CairoRenderer

/// A coverage mask keeps only what a replay reads: the runs, and the coverage of the partly
/// covered pixels, which are exactly cairo's A8 rasterization of the shape.
@Suite("Coverage masks")
struct CoverageMaskTests {
  @Test("a rounded card's mask keeps its edges' coverage, cairo's bytes, not its whole image")
  func keepsOnlyPartialCoverage() {
    let outline = CoverageMask.Outline(
      shape: .roundRect(cornerRadius: 14), bounds: Rect(x: 0, y: 0, width: 200, height: 150), strokeWidth: 0,
      xx: 1, yy: 1)
    let key = CoverageMask.Key(outline: outline, x0: 3.25, y0: 2.5)
    let (width, height) = (206, 156)
    let mask = CoverageMask.make(key, width: width, height: height)
    // The whole image would be 206 x 156 = 32 kB. The edges' and corners' coverage is about
    // 1 kB; the runs (16 bytes each, about three a row) are most of the rest.
    #expect(mask.byteCount < 10 * 1024, "\(mask.byteCount) bytes")

    // Cairo's own A8 image of the same shape.
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
    var pixels = [UInt8](repeating: 0, count: stride * height)
    pixels.withUnsafeMutableBufferPointer { buffer in
      let surface = cairo_image_surface_create_for_data(
        buffer.baseAddress, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride))!
      let cr = cairo_create(surface)!
      var matrix = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 3.25, y0: 2.5)
      cairo_set_matrix(cr, &matrix)
      cairo_set_source_rgba(cr, 1, 1, 1, 1)
      ShapePainter.addPath(outline.shape, in: outline.bounds, to: cr)
      cairo_fill(cr)
      cairo_destroy(cr)
      cairo_surface_destroy(surface)
    }
    // Every pixel the runs cover has cairo's coverage; every other one has none.
    var mismatches = 0
    for row in 0..<height {
      var expected = Array(pixels[(row * stride)..<(row * stride + width)])
      for index in Int(mask.rowStarts[row])..<Int(mask.rowStarts[row + 1]) {
        let run = mask.runs[index]
        for column in Int(run.start)..<Int(run.end) {
          let coverage = run.isSolid ? 255 : mask.coverage[Int(run.offset) + column - Int(run.start)]
          if coverage != expected[column] { mismatches += 1 }
          expected[column] = 0
        }
      }
      mismatches += expected.filter { $0 != 0 }.count
    }
    #expect(mismatches == 0)
  }
}
