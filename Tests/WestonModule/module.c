/*
 * gesture-playground-test.so: a Weston 10 module for end-to-end tests.
 *
 * Loaded with `weston --modules=/abs/path/gesture-playground-test.so`, it
 * creates the seat "gp-seat" (pointer, keyboard with Weston's default keymap,
 * touch with one touch device) and serves the private protocol gp_test
 * (protocols/gesture-playground-test-v1.xml), through which the driver
 * gp-inject injects input, waits for commits and repaints, and captures the
 * output as PNG. Headless Weston has no seat of its own, so every input the
 * client under test sees comes from here.
 *
 * This file: the entry point, the global, per-binding state and the seat.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gp-module.h"
#include "weston-compat.h"

/* Weston's module entry point (compositor/weston.h, not shipped by Debian). */
WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]);

/** Whether client has bound gp_test (so it is a driver, not the client under test). */
bool
gp_module_is_driver_client(struct gp_module *module, struct wl_client *client)
{
	struct wl_resource *resource;

	wl_resource_for_each(resource, &module->resources) {
		if (wl_resource_get_client(resource) == client)
			return true;
	}
	return false;
}

/** The timestamp of the next injected event: set_time's choice, else
 * CLOCK_MONOTONIC now but never earlier than the previous one (a virtual
 * clock may have run ahead of the real one). */
void
gp_binding_event_time(struct gp_binding *binding, struct timespec *time)
{
	if (binding->explicit_time) {
		*time = binding->time;
	} else {
		clock_gettime(CLOCK_MONOTONIC, time);
		if (time->tv_sec < binding->last_time.tv_sec ||
		    (time->tv_sec == binding->last_time.tv_sec &&
		     time->tv_nsec < binding->last_time.tv_nsec))
			*time = binding->last_time;
	}
	binding->last_time = *time;
}

/** Splits a timespec into the protocol's hi/lo seconds and nanoseconds. */
void
gp_timespec_to_proto(const struct timespec *time, uint32_t *sec_hi,
		     uint32_t *sec_lo, uint32_t *nsec)
{
	uint64_t sec = (uint64_t)time->tv_sec;

	*sec_hi = (uint32_t)(sec >> 32);
	*sec_lo = (uint32_t)(sec & 0xffffffffu);
	*nsec = (uint32_t)time->tv_nsec;
}

static void
binding_resource_destroyed(struct wl_resource *resource)
{
	struct gp_binding *binding = wl_resource_get_user_data(resource);

	/* After the module is gone (compositor shutdown) only the memory remains. */
	wl_list_remove(wl_resource_get_link(resource));
	gp_sequence_binding_destroyed(binding);
	if (binding->module) {
		gp_observe_binding_destroyed(binding);
		gp_hold_binding_destroyed(binding);
		/* The last driver left: let go of whatever it still held down. */
		if (wl_list_empty(&binding->module->resources))
			gp_input_release_all(binding->module);
	}
	free(binding);
}

static void
bind_gp_test(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct gp_module *module = data;
	struct gp_binding *binding;
	struct wl_resource *resource;

	binding = calloc(1, sizeof *binding);
	if (!binding) {
		wl_client_post_no_memory(client);
		return;
	}
	resource = wl_resource_create(client, &gp_test_interface, (int)version, id);
	if (!resource) {
		free(binding);
		wl_client_post_no_memory(client);
		return;
	}
	binding->module = module;
	binding->resource = resource;
	wl_resource_set_implementation(resource, &gp_test_implementation, binding,
				       binding_resource_destroyed);
	wl_list_insert(module->resources.prev, wl_resource_get_link(resource));
}

/** Creates "gp-seat" (a new weston_seat, so a new wl_seat global): pointer,
 * keyboard (default keymap) and touch with one device. */
static bool
seat_create(struct gp_module *module)
{
	/* Never freed: after a seat_remove, the client's old wl_seat resources
	 * still point at the released seat until the client destroys them. */
	module->seat = calloc(1, sizeof *module->seat);
	if (!module->seat)
		return false;
	weston_seat_init(module->seat, module->compositor, "gp-seat");
	module->seat_ready = true;
	module->touch_removed = false;
	weston_seat_init_pointer(module->seat);
	if (weston_seat_init_keyboard(module->seat, NULL) < 0) {
		weston_log("gp-test: cannot create the keyboard (no xkb keymap?)\n");
		return false;
	}
	weston_seat_init_touch(module->seat);
	if (!module->seat->pointer_state || !module->seat->touch_state) {
		weston_log("gp-test: cannot create the pointer or the touch of gp-seat\n");
		return false;
	}
	module->touch_device = weston_touch_create_touch_device(module->seat->touch_state,
								"gp-touch", NULL, NULL);
	if (!module->touch_device) {
		weston_log("gp-test: cannot create the touch device\n");
		return false;
	}
	module->tablet_tool_near = -1;
	gp_tablet_create(module);
	return true;
}

/** Releases gp-seat (its wl_seat global goes); the seat memory is kept. */
static void
seat_destroy(struct gp_module *module)
{
	if (module->touch_device) {
		weston_touch_device_destroy(module->touch_device);
		module->touch_device = NULL;
	}
	if (module->seat_ready) {
		weston_seat_release(module->seat);
		module->seat_ready = false;
	}
	gp_tablet_forget(module);
}

/** seat_remove (since 3): lets go of everything held, then releases the seat. */
void
gp_seat_remove(struct wl_client *client, struct wl_resource *resource)
{
	struct gp_binding *binding = wl_resource_get_user_data(resource);
	struct gp_module *module = binding->module;

	(void)client;
	if (!gp_require_seat(binding))
		return;
	gp_input_release_all(module);
	seat_destroy(module);
	gp_observe_injected(module);
}

/** seat_add (since 3): a new gp-seat after seat_remove. */
void
gp_seat_add(struct wl_client *client, struct wl_resource *resource)
{
	struct gp_binding *binding = wl_resource_get_user_data(resource);
	struct gp_module *module = binding->module;

	(void)client;
	if (module->seat_ready) {
		wl_resource_post_error(resource, GP_TEST_ERROR_NO_SEAT, "gp-seat is already there");
		return;
	}
	if (!seat_create(module))
		wl_client_post_no_memory(client);
	gp_observe_injected(module);
}

/** Whether the seat is there; else posts no_seat on the binding's resource. */
bool
gp_require_seat(struct gp_binding *binding)
{
	if (binding->module->seat_ready)
		return true;
	wl_resource_post_error(binding->resource, GP_TEST_ERROR_NO_SEAT,
			       "gp-seat was removed (seat_remove)");
	return false;
}

static void
module_free(struct gp_module *module)
{
	struct wl_resource *resource, *next;

	/* Bindings may outlive the module (clients are destroyed after the
	 * compositor): detach them so their destructors touch only themselves. */
	wl_resource_for_each_safe(resource, next, &module->resources) {
		struct gp_binding *binding = wl_resource_get_user_data(resource);

		gp_sequence_binding_destroyed(binding);
		binding->module = NULL;
		wl_list_remove(wl_resource_get_link(resource));
		wl_list_init(wl_resource_get_link(resource));
	}
	gp_hold_fini(module);
	gp_observe_fini(module);
	gp_trace_fini(module);
	gp_touch_module_destroyed(module);
	seat_destroy(module);
	if (module->global)
		wl_global_destroy(module->global);
	wl_list_remove(&module->destroy_listener.link);
#if GP_CAPTURE_BY_PROTOCOL
	if (module->capture_authority.notify)
		wl_list_remove(&module->capture_authority.link);
#endif
	free(module);
}

#if GP_CAPTURE_BY_PROTOCOL
/** Weston 12 and later: every capture through weston_capture_v1 is allowed
 * (gp-inject's `capture`; this is a test compositor). */
static void
authorize_capture(struct wl_listener *listener, struct weston_output_capture_attempt *attempt)
{
	(void)listener;
	attempt->authorized = true;
}
#endif

static void
compositor_destroyed(struct wl_listener *listener, void *data)
{
	struct gp_module *module = wl_container_of(listener, module, destroy_listener);

	module_free(module);
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
	struct gp_module *module;
	const char *always;

	(void)argc;
	(void)argv;
	module = calloc(1, sizeof *module);
	if (!module)
		return -1;
	module->compositor = compositor;
	module->trace_frame = -1;
	always = getenv("GP_TEST_REPAINT_ALWAYS");
	module->repaint_always = always && strcmp(always, "1") == 0;
	wl_list_init(&module->resources);
	wl_list_init(&module->frame_owed_client_destroy.link);
	module->destroy_listener.notify = compositor_destroyed;
	wl_signal_add(&compositor->destroy_signal, &module->destroy_listener);

	if (!seat_create(module)) {
		module_free(module);
		return -1;
	}
	gp_observe_init(module);
#if GP_CAPTURE_BY_PROTOCOL
	weston_compositor_add_screenshot_authority(compositor, &module->capture_authority,
						   authorize_capture);
#endif
	module->global = wl_global_create(compositor->wl_display, &gp_test_interface, 7,
					  module, bind_gp_test);
	if (!module->global) {
		module_free(module);
		return -1;
	}
	weston_log("gp-test: seat gp-seat and global gp_test ready%s\n",
		   module->repaint_always ? " (outputs repaint every cycle)" : "");
	if (module->repaint_always)
		weston_compositor_schedule_repaint(compositor);
	return 0;
}
