import CCairo
import GestureKit

/// Draws a view's label centred in its bounds with cairo's toy font API, never outside them:
/// each line converted to glyphs once (LabelPainter+Glyphs.swift), the characters the font
/// lacks in fallback faces (FontFallback.swift), the label rendered into a mask and
/// composited from it (LabelMasks.swift).
///
/// Like `UILabel` (`lineBreakMode` `.byTruncatingTail`), a line whose advance is wider than
/// the bounds is drawn as its longest prefix of whole characters followed by `"…"` that fits
/// (nothing when not even `"…"` fits), and the glyphs are clipped to the bounds (a font
/// taller than the view, descenders; in a view that is not rotated, to the whole device pixels
/// the bounds touch). So the label's pixels are inside the view's box, which is what damage
/// (rounded out to whole pixels) and culling go by. Lines are separated by `"\n"`.
///
/// Glyphs are rasterised at device resolution (after the buffer scale), so
/// labels stay crisp at any scale; metric hinting is off so the layout does not
/// shift between scales.
enum LabelPainter {
  /// The font family asked of fontconfig.
  static let family = "sans-serif"

  /// What ends a truncated line.
  static let ellipsis = "…"

  /// The font face, font options, lines, their glyphs and their extents of recently drawn
  /// labels, so that a frame lays out no text: what `cairo_select_font_face`,
  /// `cairo_font_extents`, `cairo_text_extents` and `cairo_scaled_font_text_to_glyphs` would
  /// give, computed once per label, font size, device matrix (less its translation: the scaled
  /// font depends on nothing else here) and, for a label too wide for its view, width
  /// (LabelPainter+Layout.swift).
  final class Cache {
    /// One label's layout at one font size, width and device matrix (less its translation).
    struct Key: Hashable {
      var label: String
      var fontSize: Double
      /// The width the lines are truncated to: `.infinity` for the label's own layout.
      var width: Double
      var xx: Double
      var yx: Double
      var xy: Double
      var yy: Double
    }

    /// One laid-out line: its text as drawn, its glyphs, and its horizontal centring offset.
    struct Line {
      /// The line as drawn (truncated, when it is, with its `"…"`).
      var text: String
      /// `text`'s glyphs in the label's scaled font (LabelPainter+Glyphs.swift).
      var glyphs: ContiguousArray<Glyph>
      /// How far right of the line's origin its ink's centre is: the line starts this far left
      /// of the bounds' centre.
      var centre: Double
    }

    /// A laid-out label: each line's text, glyphs and horizontal centring offset, and the
    /// line height.
    struct Layout {
      var lines: [Line]
      var lineHeight: Double
      var baselineOffset: Double
      /// The widest line's advance before truncation.
      var widestAdvance: Double
      /// Where the glyphs' pixels may be, relative to the centre of the bounds: the ink grown
      /// by `inkMargin` device pixels; nil when the lines draw nothing.
      var inkReach: Rect?
      /// `inkMargin` device pixels in user space (at the matrix's smaller axis scale).
      var margin: Double
      /// Whether a glyph is in a face that draws in its own colours (an emoji font:
      /// ``FontFallback/isColored(_:)``), so that the label's mask keeps colours.
      var colored = false

      /// Whether the label, centred in `bounds`, draws inside them (no clip needed): its
      /// `inkReach` lies within half their size of their centre.
      func fits(in bounds: Rect) -> Bool {
        guard let reach = inkReach else { return false }
        let halfWidth = bounds.width / 2
        let halfHeight = bounds.height / 2
        return reach.minX >= -halfWidth && reach.maxX <= halfWidth && reach.minY >= -halfHeight
          && reach.maxY <= halfHeight
      }

      /// The user-space box the label's pixels stay in when centred in `bounds`: `inkReach`
      /// with a second `margin` (`inkReach` bounds the pixels with one to spare); nil when the
      /// lines draw nothing.
      func drawBox(in bounds: Rect) -> Rect? {
        inkReach?.offsetBy(dx: bounds.midX, dy: bounds.midY).insetBy(dx: -margin, dy: -margin)
      }
    }

    /// Layouts kept at most; the cache is emptied when full.
    static let maximumLayouts = 256
    /// Layouts of the labels drawn last, looked up by comparing keys, not hashing them.
    static let recentLayouts = 8

    let face: OpaquePointer
    let options: OpaquePointer
    var layouts: [Key: Layout] = [:]
    /// The keys of the last `recentLayouts` layouts looked up, oldest overwritten first (a
    /// frame repairs a few labels, the same ones frame after frame).
    @exclusivity(unchecked) var recentKeys: [Key] = []
    /// The layouts of `recentKeys`, index for index.
    @exclusivity(unchecked) var recent: [Layout] = []
    /// The entry of `recent` overwritten next once it is full.
    @exclusivity(unchecked) var nextRecent = 0
    /// The faces for the characters `face` has no glyph for.
    let fallback = FontFallback()
    /// The glyphs of the line being drawn, placed.
    let glyphBuffer = GlyphBuffer()
    /// Labels rendered into masks, composited from them (LabelMasks.swift).
    let masks = LabelMasks()
    /// The device scale of the frame being drawn. Layouts and masks are kept only for a
    /// device matrix that is this scale on both axes, unturned (``isSteady(_:)``).
    var steadyScale = 1.0

    init() {
      recentKeys.reserveCapacity(Self.recentLayouts)
      recent.reserveCapacity(Self.recentLayouts)
      face = cairo_toy_font_face_create(family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
      options = cairo_font_options_create()
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    }

    /// Whether layouts and masks made under device matrix `m` are worth keeping: it is the
    /// frame's scale on both axes, unturned, as for every view that is not scaled or turned.
    /// A pinched or turned view's matrix changes every frame, so keeping what it makes would
    /// fill the caches in a few seconds of a gesture and empty them over and over; made for
    /// the frame and let go, it costs what making it costs, and the kept entries stay.
    func isSteady(_ m: cairo_matrix_t) -> Bool {
      m.xy == 0 && m.yx == 0 && m.xx == steadyScale && m.yy == steadyScale
    }

    deinit {
      cairo_font_options_destroy(options)
      cairo_font_face_destroy(face)
    }
  }

  /// Paints `style.label`, if any, in `style.labelColor` at `style.fontSize`, truncated to
  /// and clipped by `bounds`. The clip is set only when the glyphs could reach past `bounds`:
  /// elsewhere it would change no pixel (and in a rotated view it costs a mask). Returns
  /// whether it was (or, when the label is out of `cr`'s clip and nothing is drawn, would
  /// have been) set. The path is left empty.
  @discardableResult
  static func paint(
    _ style: ViewStyle, in bounds: Rect, on cr: OpaquePointer, cache: Cache
  ) -> Bool {
    // A size cairo cannot take (a view scaled absurdly) draws no label.
    guard let label = style.label, !label.isEmpty, CairoLimits.isDrawable(textSize: style.fontSize, on: cr)
    else {
      return false
    }
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cache.setFont(style.fontSize, on: cr)

    let layout = cache.layout(label, fontSize: style.fontSize, fitting: bounds.width, on: cr)
    guard let box = layout.drawBox(in: bounds) else { return false }
    let inside = layout.fits(in: bounds)
    // Out of the clip (a repair that touches the view but not its label): no pixel to draw.
    guard reaches(box, cr) else { return !inside }
    if !inside { ShapePainter.clip(cr, to: bounds) }
    cache.masks.paint(layout, of: style, in: bounds, on: cr, cache: cache)
    return !inside
  }

  /// Whether `box` (user space) overlaps `cr`'s clip: `cairo_clip_extents`, the user-space
  /// box around the clip's device pixels. A label whose draw box does not overlap it draws no
  /// pixel (its ink, rounding of its glyph positions and hinting are inside it), and
  /// drawing it would only cost cairo the work of finding that out.
  static func reaches(_ box: Rect, _ cr: OpaquePointer) -> Bool {
    var left = 0.0
    var top = 0.0
    var right = 0.0
    var bottom = 0.0
    cairo_clip_extents(cr, &left, &top, &right, &bottom)
    // Written so that a box of NaNs (from a degenerate matrix) counts as reaching it.
    return !(box.maxX <= left || box.minX >= right || box.maxY <= top || box.minY >= bottom)
  }
}
