/*
 * Observing repaints: every output's frame_signal, which the renderer emits
 * at the end of repaint_output, after Weston rebuilt its view list and
 * rendered the frame. The repaint, window and capture waits are answered here.
 *
 * A repaint cannot be scheduled from inside frame_signal: weston_output_repaint
 * clears repaint_needed after the renderer returns, so such a request would be
 * lost. Repaints wanted from there go through an idle callback.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gp-module.h"
#include "weston-compat.h"

struct gp_output_tracker {
	struct wl_list link; /* gp_module::output_trackers */
	struct gp_module *module;
	struct weston_output *output;
	struct wl_listener frame_listener;
	struct wl_listener destroy_listener;
};

static void
repaint_idle_fired(void *data)
{
	struct gp_module *module = data;

	module->repaint_idle = NULL;
	weston_compositor_schedule_repaint(module->compositor);
}

/** Schedules a repaint of every output once the current dispatch is over. */
static void
schedule_repaint_soon(struct gp_module *module)
{
	struct wl_event_loop *loop;

	if (module->repaint_idle)
		return;
	loop = wl_display_get_event_loop(module->compositor->wl_display);
	module->repaint_idle = wl_event_loop_add_idle(loop, repaint_idle_fired, module);
}

/** The topmost mapped toplevel view of a client under test, or NULL. */
static struct weston_view *
find_client_window(struct gp_module *module)
{
	struct weston_compositor *compositor = module->compositor;
	struct weston_view *view;

	wl_list_for_each(view, &compositor->view_list, link) {
		struct weston_surface *surface = view->surface;

		if (!surface->resource || surface->width <= 0 || surface->height <= 0)
			continue;
		if (gp_module_is_driver_client(module, wl_resource_get_client(surface->resource)))
			continue;
		/* Subsurfaces have no layer; cursors and drag icons live in cursor_layer. */
		if (!view->layer_link.layer || view->layer_link.layer == &compositor->cursor_layer)
			continue;
		if (!weston_view_is_mapped(view))
			continue;
		return view;
	}
	return NULL;
}

static void
answer_capture(struct gp_wait *wait, struct weston_output *output)
{
	char reason[256];
	const char *failure;
	int width = 0, height = 0;

	failure = gp_capture_output_to_png(output, wait->path, reason, sizeof reason,
					   &width, &height);
	if (failure)
		gp_test_send_capture_failed(wait->binding->resource, wait->token, failure);
	else
		gp_test_send_captured(wait->binding->resource, wait->token, width, height);
}

static void
output_repainted(struct wl_listener *listener, void *data)
{
	struct gp_output_tracker *tracker = wl_container_of(listener, tracker, frame_listener);
	struct gp_module *module = tracker->module;
	struct gp_wait *wait, *next;
	struct weston_view *window = NULL;
	int32_t window_x, window_y;
	bool window_looked_up = false;
	bool want_repaint = false;
	struct timespec now;
	uint32_t hi, lo, nsec;

	(void)data; /* the damage or the output, depending on the renderer */
	module->repaints++;
	gp_trace_repaint(module);
	clock_gettime(CLOCK_MONOTONIC, &now);
	gp_timespec_to_proto(&now, &hi, &lo, &nsec);
	wl_list_for_each_safe(wait, next, &module->waits, link) {
		switch (wait->kind) {
		case GP_WAIT_COMMIT:
			continue;
		case GP_WAIT_REPAINT:
			gp_test_send_repainted(wait->binding->resource, wait->token,
					       module->repaints, hi, lo, nsec);
			break;
		case GP_WAIT_WINDOW:
			if (!window_looked_up) {
				window = find_client_window(module);
				window_looked_up = true;
			}
			if (!window) {
				want_repaint = true;
				continue;
			}
			gp_view_position(window, &window_x, &window_y);
			gp_test_send_window(wait->binding->resource, wait->token, window_x, window_y,
					    window->surface->width, window->surface->height);
			break;
		case GP_WAIT_CAPTURE:
			if (wait->output != tracker->output)
				continue;
			answer_capture(wait, tracker->output);
			break;
		}
		gp_wait_free(wait);
	}
	/* With repaint_always (the bench), the next cycle is asked for at once: the output never
	 * idles, so a client's first commit does not restart the cycle at a time of its own. */
	if (want_repaint || module->repaint_always)
		schedule_repaint_soon(module);
}

static void
output_tracker_free(struct gp_output_tracker *tracker)
{
	wl_list_remove(&tracker->frame_listener.link);
	wl_list_remove(&tracker->destroy_listener.link);
	wl_list_remove(&tracker->link);
	free(tracker);
}

static void
output_destroyed(struct wl_listener *listener, void *data)
{
	struct gp_output_tracker *tracker = wl_container_of(listener, tracker, destroy_listener);
	struct gp_module *module = tracker->module;
	struct gp_wait *wait, *next;

	(void)data;
	wl_list_for_each_safe(wait, next, &module->waits, link) {
		if (wait->kind == GP_WAIT_CAPTURE && wait->output == tracker->output) {
			gp_test_send_capture_failed(wait->binding->resource, wait->token,
						    "the output went away");
			gp_wait_free(wait);
		}
	}
	output_tracker_free(tracker);
}

static void
track_output(struct gp_module *module, struct weston_output *output)
{
	struct gp_output_tracker *tracker = calloc(1, sizeof *tracker);

	if (!tracker) {
		weston_log("gp-test: out of memory; repaints of %s go unseen\n", output->name);
		return;
	}
	tracker->module = module;
	tracker->output = output;
	tracker->frame_listener.notify = output_repainted;
	wl_signal_add(&output->frame_signal, &tracker->frame_listener);
	tracker->destroy_listener.notify = output_destroyed;
	wl_signal_add(&output->destroy_signal, &tracker->destroy_listener);
	wl_list_insert(&module->output_trackers, &tracker->link);
}

static void
output_created(struct wl_listener *listener, void *data)
{
	struct gp_module *module = wl_container_of(listener, module, output_created_listener);

	track_output(module, data);
}

void
gp_repaint_init(struct gp_module *module)
{
	struct weston_output *output;

	wl_list_init(&module->output_trackers);
	module->output_created_listener.notify = output_created;
	wl_signal_add(&module->compositor->output_created_signal,
		      &module->output_created_listener);
	wl_list_for_each(output, &module->compositor->output_list, link)
		track_output(module, output);
}

void
gp_repaint_fini(struct gp_module *module)
{
	while (!wl_list_empty(&module->output_trackers))
		output_tracker_free(wl_container_of(module->output_trackers.next,
						    (struct gp_output_tracker *)NULL, link));
	wl_list_remove(&module->output_created_listener.link);
	if (module->repaint_idle)
		wl_event_source_remove(module->repaint_idle);
	module->repaint_idle = NULL;
}
