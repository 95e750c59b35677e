import CCairo
import GestureKit

/// A shape's anti-aliased coverage exactly as cairo rasterizes it (a fill, or a stroke of
/// some width), one byte per pixel, with each row's covered pixels listed as runs: fully
/// covered runs (stored without blending) and partly covered ones (blended pixel by pixel).
/// Uncovered pixels (the inside of a stroke's ring, the corners of a rounded rect) are in no
/// run, so replaying a mask touches only what cairo would change.
final class CoverageMask {
  /// What determines a shape's coverage: the shape in user space, the stroke width (0 for a
  /// fill), the device scale, and the device translation less whole pixels.
  struct Key: Hashable {
    var shape: ViewShape
    var bounds: Rect
    var strokeWidth: Double
    var xx: Double
    var yy: Double
    var x0: Double
    var y0: Double
  }

  /// Columns `start..<end` of one row, fully covered (`isSolid`) or partly.
  struct Run {
    var start: Int32
    var end: Int32
    var isSolid: Bool
  }

  let width: Int
  let height: Int
  /// Row-major coverage, `width` bytes a row.
  let coverage: UnsafeMutablePointer<UInt8>
  /// Every row's runs, one row after the other.
  let runs: UnsafeMutablePointer<Run>
  /// Row `r`'s runs are `runs[rowStarts[r]..<rowStarts[r + 1]]`.
  let rowStarts: UnsafeMutablePointer<Int32>

  private init(
    width: Int, height: Int, coverage: UnsafeMutablePointer<UInt8>, runs: [Run], rowStarts: [Int32]
  ) {
    self.width = width
    self.height = height
    self.coverage = coverage
    self.runs = .allocate(capacity: max(1, runs.count))
    self.runs.initialize(from: runs, count: runs.count)
    self.rowStarts = .allocate(capacity: rowStarts.count)
    self.rowStarts.initialize(from: rowStarts, count: rowStarts.count)
  }

  deinit {
    coverage.deallocate()
    runs.deallocate()
    rowStarts.deallocate()
  }

  /// Renders the key's shape with cairo, opaque white onto transparent (the alpha byte is
  /// then the coverage), into a `width` x `height` mask: filled, or stroked as
  /// `ShapePainter.stroke` strokes it (outline inset by half the width, cairo's default
  /// joins and caps).
  static func make(_ key: Key, width: Int, height: Int) -> CoverageMask {
    let stride = width * 4
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
    defer { pixels.deallocate() }
    pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    let surface = cairo_image_surface_create_for_data(
      pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
      Int32(stride))!
    let cr = cairo_create(surface)!
    var matrix = cairo_matrix_t(xx: key.xx, yx: 0, xy: 0, yy: key.yy, x0: key.x0, y0: key.y0)
    cairo_set_matrix(cr, &matrix)
    cairo_set_source_rgba(cr, 1, 1, 1, 1)
    if key.strokeWidth > 0 {
      let (shape, outline) = ShapePainter.strokeOutline(key.shape, in: key.bounds, width: key.strokeWidth)
      ShapePainter.addPath(shape, in: outline, to: cr)
      cairo_set_line_width(cr, key.strokeWidth)
      cairo_stroke(cr)
    } else {
      ShapePainter.addPath(key.shape, in: key.bounds, to: cr)
      cairo_fill(cr)
    }
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    cairo_surface_destroy(surface)

    let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
    var runs: [Run] = []
    var rowStarts: [Int32] = [0]
    for row in 0..<height {
      var column = 0
      while column < width {
        let alpha = alphaAt(pixels, row * stride + column * 4)
        coverage[row * width + column] = alpha
        guard alpha != 0 else {
          column += 1
          continue
        }
        // A run of the same kind (full, or partial) of non-zero coverage.
        let solid = alpha == 255
        let start = column
        column += 1
        while column < width {
          let next = alphaAt(pixels, row * stride + column * 4)
          guard next != 0, (next == 255) == solid else { break }
          coverage[row * width + column] = next
          column += 1
        }
        runs.append(Run(start: Int32(start), end: Int32(column), isSolid: solid))
      }
      rowStarts.append(Int32(runs.count))
    }
    return CoverageMask(width: width, height: height, coverage: coverage, runs: runs, rowStarts: rowStarts)
  }

  private static func alphaAt(_ pixels: UnsafeMutableRawPointer, _ offset: Int) -> UInt8 {
    UInt8(pixels.load(fromByteOffset: offset, as: UInt32.self) >> 24)
  }

  /// Blends `pixel` through the mask into `buffer` at (`x`, `y`) with cairo's arithmetic:
  /// full coverage stores `pixel`, partial coverage `c` gives `lerp(pixel, c, old)`. The part
  /// of the mask outside the buffer is left out.
  func composite(_ pixel: UInt32, into buffer: PixelBuffer, x: Int, y: Int) {
    // The mask's columns and rows inside the buffer.
    let columns = Int32(clamping: max(0, -x))..<Int32(clamping: max(0, buffer.width - x))
    for row in max(0, -y)..<max(max(0, -y), min(height, buffer.height - y)) {
      let first = Int(rowStarts[row])
      let end = Int(rowStarts[row + 1])
      guard first < end else { continue }
      let coverage = self.coverage.advanced(by: row * width)
      let target = buffer.data.advanced(by: (y + row) * buffer.stride).assumingMemoryBound(to: UInt32.self)
        .advanced(by: x)
      for index in first..<end {
        let run = runs[index]
        let start = max(run.start, columns.lowerBound)
        let stop = min(run.end, columns.upperBound)
        guard start < stop else { continue }
        if run.isSolid {
          FastFill.store(pixel, at: target.advanced(by: Int(start)), count: Int(stop - start))
        } else {
          for column in Int(start)..<Int(stop) {
            target[column] = FastFill.lerp(pixel, coverage[column], target[column])
          }
        }
      }
    }
  }
}
