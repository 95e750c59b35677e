/*
 * output_scale (gp_test version 4): the output's integer scale changed while
 * clients are connected, its logical size kept (the mode becomes the logical
 * size times the scale), as when a user picks another scale in a display
 * settings panel. The wl_output global stays; its clients get mode, scale
 * and done.
 *
 * Weston 10's way is weston_output_mode_set_native, which needs the output's
 * switch_mode, and the headless backend has none. For the duration of the
 * request the output gets one of the module's: it rebuilds the frame buffers
 * at the new mode size through the backend's own disable and enable hooks
 * (which free and allocate the backend's image and the renderer's output
 * state from current_mode). The backend's disable also removes the timer
 * that would complete a repaint in flight, so that repaint is completed here.
 */
#include "gp-module.h"
#include "weston-compat.h"

/** The largest scale output_scale accepts. */
#define GP_MAX_OUTPUT_SCALE 4

/** switch_mode for a backend without one. mode is the output's current mode,
 * already given its new size by gp_output_scale. */
static int
rebuild_frame_buffers(struct weston_output *output, struct weston_mode *mode)
{
	(void)mode;
	if (!output->disable || !output->enable || output->disable(output) < 0)
		return -1;
	return output->enable(output);
}

/** The first enabled output (the headless backend makes exactly one), or NULL. */
static struct weston_output *
first_output(struct weston_compositor *compositor)
{
	if (wl_list_empty(&compositor->output_list))
		return NULL;
	return wl_container_of(compositor->output_list.next, (struct weston_output *)NULL, link);
}

void
gp_output_scale(struct wl_client *client, struct wl_resource *resource, int32_t scale)
{
	struct gp_binding *binding = wl_resource_get_user_data(resource);
	struct weston_compositor *compositor = binding->module->compositor;
	struct weston_output *output = first_output(compositor);
	int (*backend_switch_mode)(struct weston_output *, struct weston_mode *);
	struct weston_mode *mode;
	int32_t old_scale, old_width, old_height;
	struct timespec now;
	int ret;

	(void)client;
	if (scale < 1 || scale > GP_MAX_OUTPUT_SCALE) {
		wl_resource_post_error(resource, GP_TEST_ERROR_INVALID_SCALE,
				       "scale %d is outside 1...%d", scale, GP_MAX_OUTPUT_SCALE);
		return;
	}
	if (!output || !output->current_mode || output->current_scale == scale)
		return;
	mode = output->current_mode;
	old_scale = output->current_scale;
	old_width = mode->width;
	old_height = mode->height;
	mode->width = old_width / old_scale * scale;
	mode->height = old_height / old_scale * scale;

	backend_switch_mode = output->switch_mode;
	if (!backend_switch_mode)
		output->switch_mode = rebuild_frame_buffers;
	ret = weston_output_mode_set_native(output, mode, scale);
	output->switch_mode = backend_switch_mode;
	if (ret < 0) {
		weston_log("gp-test: output_scale %d failed on %s\n", scale, output->name);
		mode->width = old_width;
		mode->height = old_height;
		wl_client_post_no_memory(client);
		return;
	}
	/* A repaint waiting for the backend's (now removed) finish-frame timer
	 * would wait forever: complete it, as that timer would have. */
	if (output->repaint_status == REPAINT_AWAITING_COMPLETION) {
		weston_compositor_read_presentation_clock(compositor, &now);
		weston_output_finish_frame(output, &now, 0);
	}
	weston_output_damage(output);
	weston_log("gp-test: output %s now has scale %d, mode %dx%d\n", output->name, scale,
		   mode->width, mode->height);
}
