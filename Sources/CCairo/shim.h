#include <cairo.h>
// cairo's FreeType font faces and fontconfig, for the fonts that draw what the interface's
// font has no glyph for (CairoRenderer's FontFallback). cairo already loads both libraries.
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
// HarfBuzz and FriBidi shape and order the lines that need it (CairoRenderer's
// FontFallback+Shaping.swift): joined scripts, right-to-left text, emoji sequences. Their
// headers give the types; the libraries are loaded the first time a line needs them
// (gp_shaping_load), since linking them costs every process 1.2 MiB of peak memory and 0.35
// ms before main (BENCHMARKS.md, session 38).
#include <dlfcn.h>
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <fribidi/fribidi.h>

/// FriBidi's "find the paragraph's direction from its first strong character" (a macro).
static inline FriBidiParType gp_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
/// FriBidi's "the paragraph runs right to left" (a macro), as it resolves a paragraph.
static inline FriBidiParType gp_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }

/// The HarfBuzz and FriBidi functions the renderer uses, each typed as its header declares it.
typedef struct gp_shaping {
  __typeof__(hb_ft_face_create) *ft_face_create;
  __typeof__(hb_face_destroy) *face_destroy;
  __typeof__(hb_face_get_upem) *face_get_upem;
  __typeof__(hb_font_create) *font_create;
  __typeof__(hb_font_destroy) *font_destroy;
  __typeof__(hb_font_set_scale) *font_set_scale;
  __typeof__(hb_font_get_face) *font_get_face;
  __typeof__(hb_buffer_create) *buffer_create;
  __typeof__(hb_buffer_destroy) *buffer_destroy;
  __typeof__(hb_buffer_clear_contents) *buffer_clear_contents;
  __typeof__(hb_buffer_add_utf32) *buffer_add_utf32;
  __typeof__(hb_buffer_set_direction) *buffer_set_direction;
  __typeof__(hb_buffer_guess_segment_properties) *buffer_guess_segment_properties;
  __typeof__(hb_shape) *shape;
  __typeof__(hb_buffer_get_glyph_infos) *buffer_get_glyph_infos;
  __typeof__(hb_buffer_get_glyph_positions) *buffer_get_glyph_positions;
  __typeof__(fribidi_get_bidi_types) *get_bidi_types;
  __typeof__(fribidi_get_bracket_types) *get_bracket_types;
  __typeof__(fribidi_get_par_embedding_levels_ex) *get_par_embedding_levels_ex;
} gp_shaping;

/// Loads HarfBuzz and FriBidi (their sonames, as the distribution installs them) and finds
/// the functions into `s`; 0 when a library or a function is missing.
static inline int gp_shaping_load(gp_shaping *s) {
  void *harfbuzz = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
  void *fribidi = dlopen("libfribidi.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!harfbuzz || !fribidi) return 0;
#define GP_FIND(library, field, name) \
  if (!(s->field = (__typeof__(s->field))dlsym(library, #name))) return 0;
  GP_FIND(harfbuzz, ft_face_create, hb_ft_face_create)
  GP_FIND(harfbuzz, face_destroy, hb_face_destroy)
  GP_FIND(harfbuzz, face_get_upem, hb_face_get_upem)
  GP_FIND(harfbuzz, font_create, hb_font_create)
  GP_FIND(harfbuzz, font_destroy, hb_font_destroy)
  GP_FIND(harfbuzz, font_set_scale, hb_font_set_scale)
  GP_FIND(harfbuzz, font_get_face, hb_font_get_face)
  GP_FIND(harfbuzz, buffer_create, hb_buffer_create)
  GP_FIND(harfbuzz, buffer_destroy, hb_buffer_destroy)
  GP_FIND(harfbuzz, buffer_clear_contents, hb_buffer_clear_contents)
  GP_FIND(harfbuzz, buffer_add_utf32, hb_buffer_add_utf32)
  GP_FIND(harfbuzz, buffer_set_direction, hb_buffer_set_direction)
  GP_FIND(harfbuzz, buffer_guess_segment_properties, hb_buffer_guess_segment_properties)
  GP_FIND(harfbuzz, shape, hb_shape)
  GP_FIND(harfbuzz, buffer_get_glyph_infos, hb_buffer_get_glyph_infos)
  GP_FIND(harfbuzz, buffer_get_glyph_positions, hb_buffer_get_glyph_positions)
  GP_FIND(fribidi, get_bidi_types, fribidi_get_bidi_types)
  GP_FIND(fribidi, get_bracket_types, fribidi_get_bracket_types)
  GP_FIND(fribidi, get_par_embedding_levels_ex, fribidi_get_par_embedding_levels_ex)
#undef GP_FIND
  return 1;
}
