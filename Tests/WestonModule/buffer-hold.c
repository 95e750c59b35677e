/*
 * hold_buffers (gp_test version 4): client buffers kept busy for a while, as
 * by a compositor that still scans them out or a slow GPU.
 *
 * While a hold runs, every commit that attaches a buffer (seen by observe.c)
 * adds a weston_buffer_reference of the module's own to that buffer, so its
 * busy count cannot reach zero and Weston sends no wl_buffer.release for it.
 * A timer in Weston's loop ends the hold: every reference is dropped at once
 * (weston_buffer_reference sends the release of each buffer nothing else
 * uses) and buffers_released goes to the driver that asked.
 *
 * States: no hold (module->hold NULL) -> holding (hold_buffers) -> no hold
 * (the timer fired, or the compositor went away). The driver leaving during
 * a hold does not end it; there is just nobody to tell.
 */
#include <stdlib.h>

#include "gp-module.h"
#include "weston-compat.h"

/** The longest hold, in milliseconds. */
#define GP_MAX_HOLD_MS 60000

/** One reference the hold took. */
struct gp_held_buffer {
	struct wl_list link; /* gp_hold::buffers */
	struct weston_buffer_reference ref;
};

/** A hold in progress; owned by module->hold. */
struct gp_hold {
	struct gp_module *module;
	struct gp_binding *binding; /**< who gets buffers_released; NULL once it left */
	uint32_t token;
	uint32_t count;        /**< references taken */
	struct wl_list buffers; /**< struct gp_held_buffer::link */
	struct wl_event_source *timer;
};

/** Drops every reference (releasing the buffers nothing else uses) and frees the hold. */
static void
hold_end(struct gp_hold *hold)
{
	struct gp_held_buffer *held, *next;

	wl_list_for_each_safe(held, next, &hold->buffers, link) {
		gp_buffer_reference(&held->ref, NULL);
		wl_list_remove(&held->link);
		free(held);
	}
	if (hold->timer)
		wl_event_source_remove(hold->timer);
	hold->module->hold = NULL;
	free(hold);
}

static int
hold_timer_fired(void *data)
{
	struct gp_hold *hold = data;
	struct gp_binding *binding = hold->binding;
	uint32_t token = hold->token, count = hold->count;

	hold_end(hold);
	if (binding)
		gp_test_send_buffers_released(binding->resource, token, count);
	return 0;
}

void
gp_hold_buffers(struct wl_client *client, struct wl_resource *resource, uint32_t token,
		uint32_t duration_ms)
{
	struct gp_binding *binding = wl_resource_get_user_data(resource);
	struct gp_module *module = binding->module;
	struct wl_event_loop *loop = wl_display_get_event_loop(module->compositor->wl_display);
	struct gp_hold *hold;

	if (module->hold) {
		wl_resource_post_error(resource, GP_TEST_ERROR_HOLD_BUSY,
				       "a hold_buffers is in progress");
		return;
	}
	hold = calloc(1, sizeof *hold);
	if (!hold) {
		wl_client_post_no_memory(client);
		return;
	}
	hold->module = module;
	hold->binding = binding;
	hold->token = token;
	wl_list_init(&hold->buffers);
	hold->timer = wl_event_loop_add_timer(loop, hold_timer_fired, hold);
	module->hold = hold;
	if (!hold->timer) {
		hold_end(hold);
		wl_client_post_no_memory(client);
		return;
	}
	if (duration_ms < 1)
		duration_ms = 1;
	if (duration_ms > GP_MAX_HOLD_MS)
		duration_ms = GP_MAX_HOLD_MS;
	wl_event_source_timer_update(hold->timer, (int)duration_ms);
}

void
gp_hold_commit(struct gp_module *module, struct weston_surface *surface, bool attached)
{
	struct gp_hold *hold = module->hold;
	struct gp_held_buffer *held;

	if (!hold || !attached || !surface->buffer_ref.buffer || !surface->resource ||
	    gp_module_is_driver_client(module, wl_resource_get_client(surface->resource)))
		return;
	held = calloc(1, sizeof *held);
	if (!held) {
		weston_log("gp-test: out of memory; a buffer escapes the hold\n");
		return;
	}
	gp_buffer_reference(&held->ref, surface->buffer_ref.buffer);
	wl_list_insert(hold->buffers.prev, &held->link);
	hold->count++;
}

void
gp_hold_binding_destroyed(struct gp_binding *binding)
{
	struct gp_hold *hold = binding->module->hold;

	if (hold && hold->binding == binding)
		hold->binding = NULL;
}

void
gp_hold_fini(struct gp_module *module)
{
	if (module->hold)
		hold_end(module->hold);
}
