import CCairo
import Glibc

/// Loads the fonts the renderer's text uses on a thread of its own, so that a window's first
/// frame does not wait for them.
///
/// The first text cairo lays out sets up fontconfig (it reads and parses every file of its
/// configuration) and opens the font file through FreeType: about 5 ms of the app's ~20 ms
/// from start to first frame in `make bench` (`perf`, BENCHMARKS.md, session 19), all on the
/// way to that frame. Started first thing, that work runs on the other core while the app
/// reads its scene and meets the compositor. cairo and fontconfig are thread-safe: a frame
/// drawn before the warm-up is done waits for it where it would have done the work itself.
public enum FontWarmUp {
  /// The text of the warm-up: the glyphs of the strip's labels and digits.
  static let sample = "Drag me 0123456789 cards paint photos"

  /// Starts the warm-up on a detached thread; returns at once. Harmless to call twice.
  public static func start() {
    var thread = pthread_t()
    guard
      pthread_create(
        &thread, nil,
        { _ in
          FontWarmUp.warm()
          return nil
        }, nil) == 0
    else { return }
    pthread_detach(thread)
  }

  /// Lays out `sample` in the faces the renderer uses (`LabelPainter`, `DrawingContext`): the
  /// same toy faces, so that cairo's caches hold what the first frame asks for.
  static func warm() {
    var matrix = cairo_matrix_t()
    cairo_matrix_init_scale(&matrix, 14, 14)
    var identity = cairo_matrix_t()
    cairo_matrix_init_identity(&identity)
    let options = cairo_font_options_create()
    defer { cairo_font_options_destroy(options) }
    for weight in [CAIRO_FONT_WEIGHT_NORMAL, CAIRO_FONT_WEIGHT_BOLD] {
      let face = cairo_toy_font_face_create(LabelPainter.family, CAIRO_FONT_SLANT_NORMAL, weight)
      let font = cairo_scaled_font_create(face, &matrix, &identity, options)
      var extents = cairo_text_extents_t()
      cairo_scaled_font_text_extents(font, sample, &extents)
      cairo_scaled_font_destroy(font)
      cairo_font_face_destroy(face)
    }
  }
}
