/*
 * gp-inject's `capture PATH` on Weston 12 and later, through Weston's own
 * weston_capture_v1 (protocols/weston-14/weston-output-capture.xml): from
 * Weston 12 the renderer is private to libweston, so the module cannot read
 * pixels itself (weston-compat.h), and it authorises this client's captures
 * instead. On Weston 10, which has no weston_capture_v1, the module captures
 * (gp_test.capture).
 *
 * The capture: a source on the first wl_output's framebuffer, its format and
 * size, a wl_shm buffer of that size, `capture`, and the frame Weston renders
 * next lands in the buffer (complete); `retry` (the size changed) starts
 * over. The pixels are written as a PNG with alpha forced opaque, as the
 * module's capture does.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cairo.h>

#include "inject-connection.h"
#include "generated/weston-output-capture-client-protocol.h"

/* DRM fourcc codes of the formats handled (drm_fourcc.h). */
#define GP_DRM_FORMAT_XRGB8888 0x34325258u
#define GP_DRM_FORMAT_ARGB8888 0x34325241u

/** Returned when a wait timed out: check_wait has printed the reply line. */
static const char replied[] = "";

static struct weston_capture_v1 *capture_manager;
static struct wl_output *first_output;
static struct wl_shm *shm;

/** What the source told. */
struct capture_state {
	bool have_format, have_size, done, failed, retry;
	uint32_t drm_format;
	int32_t width, height;
	char reason[256];
};

static void
on_format(void *data, struct weston_capture_source_v1 *source, uint32_t drm_format)
{
	struct capture_state *state = data;

	(void)source;
	state->drm_format = drm_format;
	state->have_format = true;
}

static void
on_size(void *data, struct weston_capture_source_v1 *source, int32_t width, int32_t height)
{
	struct capture_state *state = data;

	(void)source;
	state->width = width;
	state->height = height;
	state->have_size = true;
}

static void
on_complete(void *data, struct weston_capture_source_v1 *source)
{
	(void)source;
	((struct capture_state *)data)->done = true;
}

static void
on_retry(void *data, struct weston_capture_source_v1 *source)
{
	struct capture_state *state = data;

	(void)source;
	state->retry = true;
	state->done = true;
}

static void
on_failed(void *data, struct weston_capture_source_v1 *source, const char *msg)
{
	struct capture_state *state = data;

	(void)source;
	snprintf(state->reason, sizeof state->reason, "%s", msg ? msg : "no reason given");
	state->failed = true;
	state->done = true;
}

static const struct weston_capture_source_v1_listener source_listener = {
	.format = on_format,
	.size = on_size,
	.complete = on_complete,
	.retry = on_retry,
	.failed = on_failed,
};

bool
capture_global(struct wl_registry *registry, uint32_t name, const char *interface)
{
	if (strcmp(interface, weston_capture_v1_interface.name) == 0 && !capture_manager) {
		capture_manager = wl_registry_bind(registry, name, &weston_capture_v1_interface, 1);
	} else if (strcmp(interface, wl_output_interface.name) == 0 && !first_output) {
		first_output = wl_registry_bind(registry, name, &wl_output_interface, 1);
	} else if (strcmp(interface, wl_shm_interface.name) == 0 && !shm) {
		shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else {
		return false;
	}
	return true;
}

bool
capture_by_protocol(void)
{
	return capture_manager && first_output && shm;
}

/** Writes the w x h XRGB/ARGB8888 pixels (stride bytes a row) to path as an
 * opaque PNG; NULL or the reason it failed. */
static const char *
write_png(const uint8_t *pixels, int w, int h, int stride, const char *path, char *reason,
	  size_t reason_len)
{
	cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	cairo_status_t status = cairo_surface_status(surface);
	uint8_t *data;
	int out_stride;

	if (status != CAIRO_STATUS_SUCCESS) {
		snprintf(reason, reason_len, "cairo: %s", cairo_status_to_string(status));
		cairo_surface_destroy(surface);
		return reason;
	}
	cairo_surface_flush(surface);
	data = cairo_image_surface_get_data(surface);
	out_stride = cairo_image_surface_get_stride(surface);
	for (int y = 0; y < h; y++) {
		const uint32_t *src = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
		uint32_t *dst = (uint32_t *)(data + (size_t)y * (size_t)out_stride);

		for (int x = 0; x < w; x++)
			dst[x] = src[x] | 0xff000000u;
	}
	cairo_surface_mark_dirty(surface);
	status = cairo_surface_write_to_png(surface, path);
	cairo_surface_destroy(surface);
	if (status != CAIRO_STATUS_SUCCESS) {
		snprintf(reason, reason_len, "cannot write %s: %s", path, cairo_status_to_string(status));
		return reason;
	}
	return NULL;
}

/** One attempt: NULL on success (*retry false), or a reason; *retry when
 * Weston asked to start over. */
static const char *
capture_once(const char *path, int *width, int *height, bool *retry, char *reason,
	     size_t reason_len)
{
	struct capture_state state = { 0 };
	struct weston_capture_source_v1 *source;
	struct wl_shm_pool *pool = NULL;
	struct wl_buffer *buffer = NULL;
	uint8_t *pixels = MAP_FAILED;
	size_t size = 0;
	int stride, fd = -1, status;
	const char *failure = NULL;

	*retry = false;
	source = weston_capture_v1_create(capture_manager, first_output,
					  WESTON_CAPTURE_V1_SOURCE_FRAMEBUFFER);
	weston_capture_source_v1_add_listener(source, &source_listener, &state);
	if (!check_wait(round_trip(), "the capture source")) {
		weston_capture_source_v1_destroy(source);
		return replied;
	}
	if (state.failed) {
		snprintf(reason, reason_len, "%s", state.reason);
		failure = reason;
		goto out;
	}
	if (!state.have_format || !state.have_size || state.width <= 0 || state.height <= 0) {
		failure = "the capture source sent no format or size";
		goto out;
	}
	if (state.drm_format != GP_DRM_FORMAT_XRGB8888 && state.drm_format != GP_DRM_FORMAT_ARGB8888) {
		snprintf(reason, reason_len, "unsupported capture format 0x%08x", state.drm_format);
		failure = reason;
		goto out;
	}
	stride = state.width * 4;
	size = (size_t)stride * (size_t)state.height;
	fd = memfd_create("gp-inject-capture", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		snprintf(reason, reason_len, "cannot make a buffer: %s", strerror(errno));
		failure = reason;
		goto out;
	}
	pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pixels == MAP_FAILED) {
		snprintf(reason, reason_len, "cannot map the buffer: %s", strerror(errno));
		failure = reason;
		goto out;
	}
	pool = wl_shm_create_pool(shm, fd, (int32_t)size);
	/* wl_shm's codes for these two are 0 and 1; every other equals the fourcc. */
	buffer = wl_shm_pool_create_buffer(pool, 0, state.width, state.height, stride,
					   state.drm_format == GP_DRM_FORMAT_ARGB8888 ?
					   WL_SHM_FORMAT_ARGB8888 : WL_SHM_FORMAT_XRGB8888);
	state.done = false;
	weston_capture_source_v1_capture(source, buffer);
	status = dispatch_until(&state.done);
	if (!check_wait(status, "the capture")) {
		failure = replied;
		goto out;
	}
	if (state.retry) {
		*retry = true;
		goto out;
	}
	if (state.failed) {
		snprintf(reason, reason_len, "%s", state.reason);
		failure = reason;
		goto out;
	}
	failure = write_png(pixels, state.width, state.height, stride, path, reason, reason_len);
	*width = state.width;
	*height = state.height;
out:
	if (buffer)
		wl_buffer_destroy(buffer);
	if (pool)
		wl_shm_pool_destroy(pool);
	if (pixels != MAP_FAILED)
		munmap(pixels, size);
	if (fd >= 0)
		close(fd);
	weston_capture_source_v1_destroy(source);
	return failure;
}

void
run_protocol_capture(const char *path)
{
	char reason[512];
	int width = 0, height = 0;
	bool retry = true;
	const char *failure = NULL;

	/* A retry means the output changed size between the size event and the
	 * frame: a few are expected around an output_scale, not more. */
	for (int attempt = 0; attempt < 4 && retry; attempt++)
		failure = capture_once(path, &width, &height, &retry, reason, sizeof reason);
	if (failure == replied)
		return;
	if (retry)
		reply_line("error capture failed: the output kept changing size");
	else if (failure)
		reply_line("error capture failed: %s", failure);
	else
		reply_line("ok capture %d %d %s", width, height, path);
}
