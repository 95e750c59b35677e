import CCairo
import GestureKit

/// A shape's anti-aliased coverage exactly as cairo rasterizes it (a fill, or a stroke of
/// some width), from cairo's own A8 image of it: each row's covered pixels listed as runs,
/// fully covered runs (stored without blending) and partly covered ones (blended pixel by
/// pixel, their coverage bytes kept one run after the other). Uncovered pixels (the inside
/// of a stroke's ring, the corners of a rounded rect) are in no run, so replaying a mask
/// touches only what cairo would change.
///
/// Only the partial runs' bytes are kept, not the whole image: a 200x150 card's edges are a
/// few kB where its image is 30 kB, and a drag replays its mask after every sleep, from
/// memory the caches have lost.
final class CoverageMask {
  /// A shape at any device position: the shape in user space, the stroke width (0 for a
  /// fill) and the device scale.
  struct Outline: Hashable {
    var shape: ViewShape
    var bounds: Rect
    var strokeWidth: Double
    var xx: Double
    var yy: Double
  }

  /// What determines a shape's coverage: its outline and the device translation less whole
  /// pixels (its phase).
  struct Key: Hashable {
    var outline: Outline
    var x0: Double
    var y0: Double
  }

  /// Columns `start..<end` of one row, fully covered (`isSolid`) or partly, with the
  /// coverage of column `start` at `coverage[offset]` (partly covered runs only).
  struct Run {
    var start: Int32
    var end: Int32
    var isSolid: Bool
    var offset: Int32 = 0
  }

  let width: Int
  let height: Int
  /// The coverage of the partly covered runs' pixels, run after run (see `Run.offset`).
  let coverage: UnsafeMutablePointer<UInt8>
  /// Every row's runs, one row after the other.
  let runs: UnsafeMutablePointer<Run>
  /// Row `r`'s runs are `runs[rowStarts[r]..<rowStarts[r + 1]]`.
  let rowStarts: UnsafeMutablePointer<Int32>
  /// The memory the mask holds: its coverage, runs and row starts, in bytes.
  let byteCount: Int

  private init(width: Int, height: Int, coverage: [UInt8], runs: [Run], rowStarts: [Int32]) {
    self.width = width
    self.height = height
    self.coverage = .allocate(capacity: max(1, coverage.count))
    self.coverage.initialize(from: coverage, count: coverage.count)
    self.runs = .allocate(capacity: max(1, runs.count))
    self.runs.initialize(from: runs, count: runs.count)
    self.rowStarts = .allocate(capacity: rowStarts.count)
    self.rowStarts.initialize(from: rowStarts, count: rowStarts.count)
    let runBytes = max(1, runs.count) * MemoryLayout<Run>.stride
    byteCount = coverage.count + runBytes + rowStarts.count * MemoryLayout<Int32>.stride
  }

  deinit {
    coverage.deallocate()
    runs.deallocate()
    rowStarts.deallocate()
  }

  /// Renders the key's shape with cairo, opaque onto transparent, into a `width` x `height`
  /// A8 image (each byte is then the coverage, as the alpha of an ARGB32 target would be):
  /// filled, or stroked as `ShapePainter.stroke` strokes it (outline inset by half the
  /// width, cairo's default joins and caps).
  static func make(_ key: Key, width: Int, height: Int) -> CoverageMask {
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
    pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    let surface = cairo_image_surface_create_for_data(
      pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8, Int32(width), Int32(height),
      Int32(stride))!
    let cr = cairo_create(surface)!
    let shape = key.outline
    var matrix = cairo_matrix_t(xx: shape.xx, yx: 0, xy: 0, yy: shape.yy, x0: key.x0, y0: key.y0)
    cairo_set_matrix(cr, &matrix)
    cairo_set_source_rgba(cr, 1, 1, 1, 1)
    if shape.strokeWidth > 0 {
      let (inset, outline) = ShapePainter.strokeOutline(
        shape.shape, in: shape.bounds, width: shape.strokeWidth)
      ShapePainter.addPath(inset, in: outline, to: cr)
      cairo_set_line_width(cr, shape.strokeWidth)
      cairo_stroke(cr)
    } else {
      ShapePainter.addPath(shape.shape, in: shape.bounds, to: cr)
      cairo_fill(cr)
    }
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    cairo_surface_destroy(surface)
    defer { pixels.deallocate() }
    return CoverageMask(a8: pixels, stride: stride, width: width, height: height)
  }

  /// The mask of an A8 image's bytes (`width` x `height`, rows `stride` bytes apart).
  convenience init(a8 pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int) {
    var runs: [Run] = []
    runs.reserveCapacity(4 * height)
    var rowStarts: [Int32] = [0]
    rowStarts.reserveCapacity(height + 1)
    var partial: [UInt8] = []
    for row in 0..<height {
      let line = pixels.advanced(by: row * stride).assumingMemoryBound(to: UInt8.self)
      let first = runs.count
      Self.scanRuns(of: UnsafeRawPointer(line), width: width, into: &runs)
      rowStarts.append(Int32(runs.count))
      for index in first..<runs.count where !runs[index].isSolid {
        runs[index].offset = Int32(partial.count)
        partial.append(
          contentsOf: UnsafeBufferPointer(
            start: line + Int(runs[index].start), count: Int(runs[index].end - runs[index].start)))
      }
    }
    self.init(width: width, height: height, coverage: partial, runs: runs, rowStarts: rowStarts)
  }

  /// Appends the runs of one row of coverage: each a longest stretch of full (255) or of
  /// partial (1...254) coverage. Uncovered and fully covered stretches are skipped 8 bytes
  /// at a time.
  private static func scanRuns(of line: UnsafeRawPointer, width: Int, into runs: inout [Run]) {
    let bytes = line.assumingMemoryBound(to: UInt8.self)
    var column = 0
    while column < width {
      while column + 8 <= width, line.loadUnaligned(fromByteOffset: column, as: UInt64.self) == 0 {
        column += 8
      }
      while column < width, bytes[column] == 0 { column += 1 }
      guard column < width else { return }
      let start = column
      let solid = bytes[column] == 255
      column += 1
      if solid {
        while column + 8 <= width, line.loadUnaligned(fromByteOffset: column, as: UInt64.self) == ~0 {
          column += 8
        }
        while column < width, bytes[column] == 255 { column += 1 }
      } else {
        while column < width, bytes[column] != 0, bytes[column] != 255 { column += 1 }
      }
      runs.append(Run(start: Int32(start), end: Int32(column), isSolid: solid))
    }
  }

  /// How partly covered pixels are blended: as cairo's shape path does (`lerp8x4`), or as
  /// pixman's `over_n_8_8888` does for an opaque colour (cairo's glyph path). They differ
  /// only in how each product is rounded (PixelMath.swift).
  enum Blend {
    case cairoLerp
    case pixmanOver
  }

  /// Blends `pixel` through the mask into `buffer` at (`x`, `y`) with cairo's arithmetic
  /// (`blend`): full coverage stores `pixel`, partial coverage `c` gives
  /// `lerp(pixel, c, old)`. The part of the mask outside the buffer is left out, and full
  /// coverage in `skip`'s pixels.
  func composite(
    _ pixel: UInt32, into buffer: PixelBuffer, x: Int, y: Int, blend: Blend = .cairoLerp,
    skip: PixelSkip = .none
  ) {
    let source = Self.spread(pixel)
    let skipping = skip.applies(to: buffer.data)
    let bias = blend == .cairoLerp ? Self.cairoBias : Self.pixmanBias
    // The mask's columns and rows inside the buffer.
    let columns = Int32(clamping: max(0, -x))..<Int32(clamping: max(0, buffer.width - x))
    for row in max(0, -y)..<max(max(0, -y), min(height, buffer.height - y)) {
      let first = Int(rowStarts[row])
      let end = Int(rowStarts[row + 1])
      guard first < end else { continue }
      let target = buffer.data.advanced(by: (y + row) * buffer.stride).assumingMemoryBound(to: UInt32.self)
        .advanced(by: x)
      for index in first..<end {
        let run = runs[index]
        let start = max(run.start, columns.lowerBound)
        let stop = min(run.end, columns.upperBound)
        guard start < stop else { continue }
        if run.isSolid {
          if skipping {
            skip.forEachKept(row: y + row, from: x + Int(start), to: x + Int(stop)) { from, to in
              FastFill.store(pixel, at: target.advanced(by: from - x), count: to - from)
            }
          } else {
            FastFill.store(pixel, at: target.advanced(by: Int(start)), count: Int(stop - start))
          }
        } else {
          // Column `start` of the run has its coverage at `run.offset`.
          let base = Int(run.offset) - Int(run.start)
          for column in Int(start)..<Int(stop) {
            target[column] = Self.lerp(spread: source, coverage[base + column], target[column], bias: bias)
          }
        }
      }
    }
  }

  /// `PixelMath.lerp` (cairo's `lerp8x4`; with `pixmanBias`, `PixelMath.over`) with the four
  /// channels of each pixel in the 16-bit lanes of one 64-bit word (`spread`), `src` already
  /// spread: the same per-channel products and roundings, done for all four channels at once.
  @inline(__always)
  static func lerp(spread src: UInt64, _ a: UInt8, _ dst: UInt32, bias: UInt64 = cairoBias) -> UInt32 {
    var t = mul(src, a, bias: bias) &+ mul(spread(dst), ~a, bias: bias)
    // Saturate each lane at 255, as cairo's `add8x2_8x2`.
    t |= 0x0100_0100_0100_0100 &- ((t >> 8) & laneMask)
    t &= laneMask
    return UInt32(truncatingIfNeeded: t) | UInt32(truncatingIfNeeded: t >> 24)
  }

  /// The low byte of each 16-bit lane.
  private static let laneMask: UInt64 = 0x00ff_00ff_00ff_00ff

  /// A pixel's channels 0 and 2 in lanes 0 and 1, channels 1 and 3 in lanes 2 and 3.
  @inline(__always)
  static func spread(_ x: UInt32) -> UInt64 {
    UInt64(x & 0x00ff_00ff) | (UInt64(x & 0xff00_ff00) << 24)
  }

  /// What cairo's `mul8x2_8` and pixman's `UN8x4_MUL_UN8` add to each lane's product
  /// (`PixelMath`'s biases in all four lanes).
  static let cairoBias = UInt64(PixelMath.cairoBias) | UInt64(PixelMath.cairoBias) << 32
  static let pixmanBias = UInt64(PixelMath.pixmanBias) | UInt64(PixelMath.pixmanBias) << 32

  /// Each lane times `a` / 255, rounded as cairo's `mul8x2_8` (or pixman, by `bias`).
  @inline(__always)
  private static func mul(_ x: UInt64, _ a: UInt8, bias: UInt64) -> UInt64 {
    let t = x &* UInt64(a) &+ bias
    return ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
  }
}
