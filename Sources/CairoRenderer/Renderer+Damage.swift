import GestureKit

/// Repairing damage: each damaged rectangle is drawn, in bands of rows, into a scratch image
/// and copied into the buffer, with exactly the pixels a full repaint gives.
///
/// cairo limits what it rasterizes to its target: a path crossing the scratch image's edges
/// is cut there in fixed point. Cut at the top or bottom (whole rows), the rows kept are
/// exact. Cut at the left or right, a slanted or curved edge is split where it crosses the
/// cut, at a rounded point, and the coverage carried along its rows shifts by a fraction of a
/// level, enough to flip some pixels. So:
/// - a margin of `repairMargin` pixels is drawn around each band and thrown away;
/// - shapes the exact shortcuts draw (opaque rects, rounded rects and circles, in the buffer
///   or in a translucent view's group) are not cut at all (`FastFill` replays their whole
///   coverage, clipped to the scratch image);
/// - when a shape cairo draws crosses the scratch image's left or right edge with a slanted
///   or curved edge (a rotated view, a circle, a rounded corner, custom drawing), the
///   band is drawn again with the scratch image widened past that shape (or to the
///   frame's edge, where a full repaint cuts it too). Straight vertical edges and the straight
///   top and bottom of boxes are cut exactly, and custom drawing that paints nothing (a
///   window-sized layer idle this frame) cuts nothing. A label clipped to a rotated view
///   widens the band to the frame's whole width, and a label drawn into a translucent view's
///   group widens it past its view even when the fast paths draw the view's fill and stroke
///   (`noteCut`).
/// - cairo's scan converter computes a row of pixels either whole or in 15 sample rows, as all
///   the shape's edges in that row decide; past the scratch image's side it replaces a curve
///   lying wholly outside by one line and folds the edges onto the side. So a cut through a
///   rounded rect's straight top and bottom is exact only in rows clear of its corners (in
///   a corner's rows the curve past the cut can flip a pixel at the other end of the row).
/// - a rectangle drawn through a clip with fractional edges is kept on the way cairo draws it
///   in the full repaint, and a curved shape under such a clip is drawn in a band holding all
///   of it the clip lets through (Renderer+ClipEdges.swift).
/// - a run of glyphs is not exact when cut, even at whole rows: cairo clips its glyphs to
///   their metrics' box only when the target cuts that box. A label the scratch image would
///   cut is drawn on an image of its own (Renderer+Labels.swift); inside a translucent view's
///   group, whose surface the scratch image limits, or under a clip off whole pixels, the
///   band is drawn again with rows and columns holding the label's whole reach
///   (Renderer+Content.swift).
extension Renderer {
  /// The damage rectangles in buffer pixels: scaled, rounded out, clipped to the buffer.
  public static func bufferRects(for damage: [Rect], scale: Double, width: Int, height: Int) -> [Rect] {
    let limit = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    return damage.compactMap { rect in
      let device = Rect(
        x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale
      ).roundedOut.intersection(limit)
      return device.isEmpty ? nil : device
    }
  }

  /// Device pixels drawn around each damaged band and then thrown away.
  static let repairMargin = 4

  /// The scratch image's usual size: 256 KiB, 60-odd rows of a 960-pixel-wide window.
  static let defaultScratchBudget = 256 * 1024

  /// Redraws every rectangle of `damage` (window coordinates) in `buffer`.
  ///
  /// A rectangle is repaired in horizontal bands, each drawn with `repairMargin` rows above
  /// and below into the scratch image, which is allocated once: a band has as many rows as
  /// fit in it at the band's width (at least `minimumBandRows`), so that a tall rectangle
  /// (a pinched card) needs no larger image. Bands are cut at whole rows, which cairo keeps
  /// exact (see above; `RendererMemoryTests` repairs curved and rotated shapes in bands down
  /// to one row); their columns are widened as a whole rectangle's would be, and stay widened
  /// for the next bands.
  ///
  /// The pixels of `unchanged` (window coordinates, at most two rectangles; see
  /// Renderer+Unchanged.swift) already hold what the repair would give: they are neither
  /// painted by the exact shortcuts nor copied back.
  func repair(
    _ window: Window, background: Color, into buffer: PixelBuffer, scale: Double, damage: [Rect],
    unchanged: [Rect] = []
  ) {
    let whole = Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))
    let margin = Self.repairMargin
    reserveScratch(forWidth: buffer.width)
    fastFill.beginFrame()
    // The unchanged pixels in buffer pixels, whole ones only.
    var kept = PixelSkip.none
    for (index, rect) in unchanged.prefix(2).enumerated() {
      let device = Rect(
        x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale
      ).roundedIn
      let box = PixelBox(
        minX: Int(device.minX), minY: Int(device.minY), maxX: Int(device.maxX), maxY: Int(device.maxY))
      if index == 0 { kept.first = box } else { kept.second = box }
    }
    defer { fastFill.skip = .none }
    for damaged in damage {
      // As `bufferRects`, without building an array.
      let rect = Rect(
        x: damaged.minX * scale, y: damaged.minY * scale, width: damaged.width * scale,
        height: damaged.height * scale
      ).roundedOut.intersection(whole)
      if rect.isEmpty { continue }
      let (left, right) = (Int(rect.minX), Int(rect.maxX))
      // The scratch image's columns (the pixels kept and the margin), widened when a shape
      // needs it and kept for later bands.
      var x = max(0, left - margin)
      var end = min(buffer.width, right + margin)
      var top = Int(rect.minY)
      while top < Int(rect.maxY) {
        var bottom = Int(rect.maxY)
        var bandTop = 0
        // Rows drawn past the margins, for this band only (a label in a translucent view).
        var rows = (start: Int.max, end: Int.min)
        var scratch = PixelBuffer(data: buffer.data, width: 0, height: 0, stride: 0)
        // Again wider or taller when a shape needs it (each time more: at most a few times).
        while true {
          let fitting = scratchCapacity / ((end - x) * 4) - 2 * margin
          bottom = min(bottom, top + max(1, fitting))
          bandTop = max(0, min(top - margin, rows.start))
          let bandBottom = min(buffer.height, max(bottom + margin, rows.end))
          scratch = scratchBuffer(width: end - x, height: bandBottom - bandTop)
          fastFill.skip = kept.moved(by: (-x, -bandTop), onto: scratch.data)
          scratchColumns = (x, end)
          requiredColumns = (x, end)
          requiredRows = (Int.max, Int.min)
          // Views are culled against the pixels kept, in window coordinates: one that misses
          // them changes none of them (its pixels in the margins are thrown away), and drawing
          // it would only cost time and widen the band for nothing (a translucent card whose
          // top edge lies in the margin pushed and composited its group every frame).
          let cull = Rect(
            x: Double(left) / scale, y: Double(top) / scale, width: Double(right - left) / scale,
            height: Double(bottom - top) / scale)
          draw(
            window, background: background, into: scratch, origin: (x, bandTop), scale: scale,
            frameWidth: buffer.width, frameHeight: buffer.height, cull: cull)
          scratchColumns = nil
          // Past the frame's edges a full repaint cuts the shape too.
          let wider = (
            max(0, min(x, requiredColumns.start)), min(buffer.width, max(end, requiredColumns.end))
          )
          rows = (
            min(rows.start, max(0, requiredRows.start)), max(rows.end, min(buffer.height, requiredRows.end))
          )
          let taller = rows.start < bandTop || rows.end > bandBottom
          guard wider != (x, end) || taller else { break }
          (x, end) = wider
        }
        // Copy the band's rows back, but for the unchanged pixels.
        for row in top..<bottom {
          let from = scratch.data.advanced(by: (row - bandTop) * scratch.stride - x * 4)
          let to = buffer.data.advanced(by: row * buffer.stride)
          kept.forEachKept(row: row, from: left, to: right) { start, end in
            to.advanced(by: start * 4).copyMemory(
              from: from.advanced(by: start * 4), byteCount: (end - start) * 4)
          }
        }
        top = bottom
      }
    }
  }

  /// Notes, while repairing damage, that cairo draws `view`'s own content (its `deviceBox` in
  /// frame pixels, `toWindow` its transform) and whether a cut at the scratch image's left or
  /// right edge would change its pixels: when it would, the rectangle is drawn again wider.
  /// `cairoFill` and `cairoStroke` say which of the view's shapes cairo draws (rather than
  /// the exact shortcuts); `clipsLabel` whether its label was clipped to its bounds,
  /// `groupedLabel` whether it has a label drawn into a translucent view's group.
  func noteCut(
    of view: View, style: ViewStyle, deviceBox: Rect, toWindow: AffineTransform, scale: Double,
    cairoFill: Bool, cairoStroke: Bool, hasImage: Bool, clipsLabel: Bool, groupedLabel: Bool = false,
    isCustom: Bool
  ) {
    guard let columns = scratchColumns else { return }
    let axisAligned = toWindow.b == 0 && toWindow.c == 0
    let bounds = view.bounds
    for cut in [Double(columns.start), Double(columns.end)] where deviceBox.minX < cut && deviceBox.maxX > cut
    {
      // A clipped label, or one drawn into a group, is cut inexactly even in a view that is
      // not rotated (cairo composites the glyphs another way when the scratch image's side
      // crosses them): its view's box is kept whole.
      var exact = !isCustom && !groupedLabel && (axisAligned || !(hasImage || clipsLabel))
      if exact, cairoFill || cairoStroke {
        switch style.shape {
        case .rect:
          exact = axisAligned
        case .circle:
          exact = false
        case .roundRect(let radius):
          // Only the straight top and bottom may cross the cut (horizontal edges carry nothing),
          // and only in rows clear of the corners: past the cut, cairo turns a corner's curve
          // into one line, which can change how it rasterizes the corner's rows (see above).
          let corner = max(0, min(radius, bounds.width / 2, bounds.height / 2)) * abs(toWindow.a) * scale + 1
          let rows = (top: Double(-frameBox.minY), bottom: Double(targetBox.maxY - frameBox.minY))
          let cornerFree =
            (deviceBox.minY + corner <= rows.top || deviceBox.minY >= rows.bottom)
            && (deviceBox.maxY <= rows.top || deviceBox.maxY - corner >= rows.bottom)
          exact = axisAligned && cut - deviceBox.minX > corner && deviceBox.maxX - cut > corner && cornerFree
        }
      }
      guard !exact else { continue }
      if clipsLabel && !axisAligned {
        // Cut anywhere short of the frame's edges, a rotated label's clip inside a group came
        // out a pixel off (RendererLabelDamageTests); across the whole frame it is exact.
        requiredColumns = (Int.min / 2, Int.max / 2)
        return
      }
      requiredColumns = (
        min(requiredColumns.start, Int(deviceBox.minX.rounded(.down)) - 1),
        max(requiredColumns.end, Int(deviceBox.maxX.rounded(.up)) + 1)
      )
    }
  }

  /// Notes, while repairing damage, that the scratch image must hold the device pixels `box`
  /// (its own coordinates, within the frame) for cairo's output to be exact: the band is
  /// drawn again wider or taller when it does not (a label in a translucent group,
  /// `noteCoveringFill`).
  func require(_ box: PixelBox) {
    guard scratchColumns != nil else { return }
    // Scratch pixels to frame pixels.
    let (dx, dy) = (-frameBox.minX, -frameBox.minY)
    requiredColumns = (min(requiredColumns.start, box.minX + dx), max(requiredColumns.end, box.maxX + dx))
    requiredRows = (min(requiredRows.start, box.minY + dy), max(requiredRows.end, box.maxY + dy))
  }

  /// Allocates the scratch image once, at `scratchBudget` bytes or, for a wide buffer, what
  /// `minimumBandRows` rows of its width (and the margins) take; it grows only for a wider
  /// buffer.
  func reserveScratch(forWidth width: Int) {
    let needed = max(scratchBudget, width * 4 * (minimumBandRows + 2 * Self.repairMargin))
    guard needed > scratchCapacity else { return }
    dropScratchSurfaces()
    scratch?.deallocate()
    scratch = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: 16)
    scratchCapacity = needed
  }

  /// The scratch image for one band, inside the reserved pixels.
  func scratchBuffer(width: Int, height: Int) -> PixelBuffer {
    // A band never needs more than `reserveScratch` gave; grown all the same if it did.
    if width * height * 4 > scratchCapacity {
      dropScratchSurfaces()
      scratch?.deallocate()
      scratch = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16)
      scratchCapacity = width * height * 4
    }
    return PixelBuffer(data: scratch!, width: width, height: height, stride: width * 4)
  }
}
