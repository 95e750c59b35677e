#include <cairo.h>
// cairo's FreeType font faces and fontconfig, for the fonts that draw what the interface's
// font has no glyph for (CairoRenderer's FontFallback). cairo already loads both libraries.
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
