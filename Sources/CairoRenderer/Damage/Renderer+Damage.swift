import CCairo
import GestureKit

/// Repairing damage: the window is drawn again with cairo clipped to the rows of the damaged
/// rectangles, across the buffer's whole width.
///
/// Each rectangle is rounded out to whole logical pixels first and then to whole device
/// pixels, so that at a fractional scale no compositor that converts the damage back rounds
/// it inward, and cairo clips to whole pixels (a clip it applies without a mask).
///
/// Why whole rows: cairo's anti-aliasing of a row of pixels depends on every edge of a shape
/// in that row, and a clip that cuts a shape at its side replaces the edges beyond it, so
/// pixels inside the clip came out up to ten levels off a full repaint. A band of whole rows
/// cuts shapes only where the window's own edges do. Still needed on cairo 1.16 and 1.18
/// alike: clipped to the damage rectangles instead, `RendererWindowDamageTests` fails in its
/// first runs on both (4 to 8 levels, the same pixels). Outside the bands nothing is touched;
/// the pixels of a band outside the damage are drawn again as they were.
extension Renderer {
  /// The damage rectangles in buffer pixels: rounded out to whole logical pixels, scaled,
  /// rounded out to whole buffer pixels, clipped to the buffer; empty ones dropped.
  public static func bufferRects(for damage: [Rect], scale: Double, width: Int, height: Int) -> [Rect] {
    let limit = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    return damage.compactMap { rect in
      let device = bufferRect(for: rect, scale: scale).intersection(limit)
      return device.isEmpty ? nil : device
    }
  }

  /// `rect` (window coordinates) in buffer pixels: rounded out to whole logical pixels,
  /// scaled and rounded out to whole buffer pixels (a scale like 1.25 puts a logical edge
  /// between buffer pixels).
  static func bufferRect(for rect: Rect, scale: Double) -> Rect {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite, !rect.isEmpty else {
      return Rect(x: 0, y: 0, width: 0, height: 0)
    }
    let logical = rect.roundedOut
    return Rect(
      x: logical.minX * scale, y: logical.minY * scale, width: logical.width * scale,
      height: logical.height * scale
    ).roundedOut
  }

  /// Redraws only the rows of `damage`: the buffer's pixels in the rows of the damaged
  /// rectangles (rounded out as `bufferRects` rounds them; `bands(for:scale:width:height:)`)
  /// become what a full repaint would give, and every other pixel is left untouched. Empty
  /// `damage` draws nothing.
  ///
  /// - Parameters:
  ///   - window: the tree to draw; window coordinates are the root view's.
  ///   - background: the colour under everything inside the damage.
  ///   - buffer: the pixels to repair, holding an earlier frame of the same window.
  ///   - scale: device pixels per logical pixel (the Wayland buffer scale).
  ///   - damage: what changed since the frame the buffer holds, in window coordinates.
  ///   - excluding: views not drawn, with their subtrees (they are on layers of their own).
  public func render(
    _ window: Window, background: Color, into buffer: PixelBuffer, scale: Double, damage: [Rect],
    excluding: [View] = []
  ) {
    guard !damage.isEmpty else { return }
    layerMode = excluding.isEmpty ? .all : .without(excluding)
    defer { layerMode = .all }
    let cr: OpaquePointer = cairo_create(surface(for: buffer))
    defer { cairo_destroy(cr) }
    // One pass per band, each culled to it: views far from every band never reach cairo.
    for band in Self.bands(for: damage, scale: scale, width: buffer.width, height: buffer.height) {
      cairo_save(cr)
      cairo_rectangle(cr, 0, Double(band.lowerBound), Double(buffer.width), Double(band.count))
      cairo_clip(cr)
      let cull = Rect(
        x: 0, y: Double(band.lowerBound) / scale, width: Double(buffer.width) / scale,
        height: Double(band.count) / scale)
      paint(window, background: background, on: cr, scale: scale, cull: cull)
      cairo_restore(cr)
    }
    cairo_surface_flush(cairo_get_target(cr))
  }

  /// The rows of `damage` (window coordinates) in a buffer of `width` x `height` at `scale`:
  /// each rectangle's rows as `bufferRects` rounds them, overlapping and touching ones merged,
  /// top to bottom.
  public static func bands(for damage: [Rect], scale: Double, width: Int, height: Int) -> [Range<Int>] {
    let rows = bufferRects(for: damage, scale: scale, width: width, height: height)
      .map { Int($0.minY)..<Int($0.maxY) }
      .sorted { $0.lowerBound < $1.lowerBound }
    var bands: [Range<Int>] = []
    for row in rows {
      if let last = bands.last, row.lowerBound <= last.upperBound {
        bands[bands.count - 1] = last.lowerBound..<max(last.upperBound, row.upperBound)
      } else {
        bands.append(row)
      }
    }
    return bands
  }
}
