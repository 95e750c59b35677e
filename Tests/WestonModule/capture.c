/*
 * Capturing an output: read the pixels of the frame just rendered with the
 * renderer's read_pixels (called from the output's frame_signal, so the
 * buffer holds that frame), bring them to cairo's ARGB32 (native-endian
 * 0xAARRGGBB, top row first), force alpha opaque, and write a PNG.
 *
 * Renderers differ: pixman reads top-down in the format asked for; the GL
 * renderer reads bottom-up (WESTON_CAP_CAPTURE_YFLIP) and may only offer
 * a8b8g8r8. compositor->read_format is the format the renderer prefers.
 *
 * Weston 10 only: from 12 the renderer is private, and gp-inject captures
 * through Weston's weston_capture_v1 instead (weston-compat.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <pixman.h>

#include "gp-module.h"
#include "weston-compat.h"

#if GP_CAPTURE_BY_PROTOCOL

const char *
gp_capture_output_to_png(struct weston_output *output, const char *path,
			 char *reason_buf, size_t reason_len, int *width, int *height)
{
	(void)output; (void)path; (void)reason_buf; (void)reason_len; (void)width; (void)height;
	return "this Weston's renderer is private: gp-inject captures through weston_capture_v1";
}

#else

/** Converts one row to opaque 0xAARRGGBB; swap_rb for a8b8g8r8 sources. */
static void
convert_row(uint32_t *dst, const uint32_t *src, int width, bool swap_rb)
{
	for (int x = 0; x < width; x++) {
		uint32_t v = src[x];

		if (swap_rb)
			v = (v & 0x0000ff00u) | ((v >> 16) & 0xffu) | ((v & 0xffu) << 16);
		dst[x] = v | 0xff000000u;
	}
}

const char *
gp_capture_output_to_png(struct weston_output *output, const char *path,
			 char *reason_buf, size_t reason_len, int *width, int *height)
{
	struct weston_compositor *compositor = output->compositor;
	pixman_format_code_t format = compositor->read_format;
	bool yflip = (compositor->capabilities & WESTON_CAP_CAPTURE_YFLIP) != 0;
	bool swap_rb;
	cairo_surface_t *surface;
	cairo_status_t status;
	uint32_t *pixels;
	unsigned char *data;
	int w, h, stride;

	if (!compositor->renderer || !compositor->renderer->read_pixels || !output->current_mode)
		return "the renderer cannot read pixels (run weston with --use-pixman)";
	switch (format) {
	case PIXMAN_a8r8g8b8:
	case PIXMAN_x8r8g8b8:
		swap_rb = false;
		break;
	case PIXMAN_a8b8g8r8:
	case PIXMAN_x8b8g8r8:
		swap_rb = true;
		break;
	default:
		snprintf(reason_buf, reason_len, "unsupported renderer read format 0x%x",
			 (unsigned)format);
		return reason_buf;
	}
	w = output->current_mode->width;
	h = output->current_mode->height;
	pixels = malloc((size_t)w * (size_t)h * 4);
	if (!pixels)
		return "out of memory";
	if (compositor->renderer->read_pixels(output, format, pixels, 0, 0,
					      (uint32_t)w, (uint32_t)h) < 0) {
		free(pixels);
		return "the renderer failed to read the pixels";
	}

	surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
		snprintf(reason_buf, reason_len, "cairo: %s",
			 cairo_status_to_string(cairo_surface_status(surface)));
		cairo_surface_destroy(surface);
		free(pixels);
		return reason_buf;
	}
	cairo_surface_flush(surface);
	data = cairo_image_surface_get_data(surface);
	stride = cairo_image_surface_get_stride(surface);
	for (int y = 0; y < h; y++) {
		const uint32_t *src = pixels + (size_t)(yflip ? h - 1 - y : y) * (size_t)w;

		convert_row((uint32_t *)(data + (size_t)y * (size_t)stride), src, w, swap_rb);
	}
	cairo_surface_mark_dirty(surface);
	free(pixels);

	status = cairo_surface_write_to_png(surface, path);
	cairo_surface_destroy(surface);
	if (status != CAIRO_STATUS_SUCCESS) {
		snprintf(reason_buf, reason_len, "cannot write %s: %s", path,
			 cairo_status_to_string(status));
		return reason_buf;
	}
	*width = w;
	*height = h;
	return NULL;
}

#endif
