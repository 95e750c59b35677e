/*
 * The gp_test requests other than touch (touch.c): timestamps, pointer,
 * keyboard, the waits and capture, and the request table.
 *
 * When the last driver unbinds, whatever it still held (touches, buttons,
 * keys) is let go, so the next driver starts from a clean seat.
 */
#include <string.h>

#include "gp-module.h"
#include "weston-compat.h"

static struct gp_binding *
binding_of(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static void
test_destroy(struct wl_client *client, struct wl_resource *resource)
{
	(void)client;
	wl_resource_destroy(resource);
}

static void
test_set_time(struct wl_client *client, struct wl_resource *resource,
	      uint32_t tv_sec_hi, uint32_t tv_sec_lo, uint32_t tv_nsec)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	binding->explicit_time = tv_sec_hi || tv_sec_lo || tv_nsec;
	binding->time.tv_sec = (time_t)(((uint64_t)tv_sec_hi << 32) | tv_sec_lo);
	binding->time.tv_nsec = (long)tv_nsec;
}

/** Releases, as a driver would, every touch, button and key still held:
 * touches are cancelled, buttons and keys released. */
void
gp_input_release_all(struct gp_module *module)
{
	struct weston_keyboard *keyboard;
	struct timespec time;

	if (!module->seat_ready) {
		module->touch_count = 0;
		module->held_button_count = 0;
		return;
	}
	keyboard = weston_seat_get_keyboard(module->seat);
	clock_gettime(CLOCK_MONOTONIC, &time);
	if (module->touch_count > 0)
		gp_touch_cancel_all(module, &time);
	while (module->held_button_count > 0) {
		uint32_t button = module->held_buttons[--module->held_button_count];

		notify_button(module->seat, &time, (int32_t)button,
			      WL_POINTER_BUTTON_STATE_RELEASED);
		notify_pointer_frame(module->seat);
	}
	/* notify_key removes a released key from keyboard->keys: take the last. */
	for (size_t left = keyboard ? keyboard->keys.size / sizeof(uint32_t) : 0; left > 0; left--) {
		uint32_t *keys = keyboard->keys.data;
		uint32_t key = keys[keyboard->keys.size / sizeof(uint32_t) - 1];

		notify_key(module->seat, &time, key, WL_KEYBOARD_KEY_STATE_RELEASED,
			   STATE_UPDATE_AUTOMATIC);
	}
}

static void
test_pointer_motion(struct wl_client *client, struct wl_resource *resource,
		    wl_fixed_t x, wl_fixed_t y)
{
	struct gp_binding *binding = binding_of(resource);
	struct timespec time;

	(void)client;
	if (!gp_require_seat(binding))
		return;
	gp_binding_event_time(binding, &time);
	gp_notify_motion_absolute(binding->module->seat, &time, wl_fixed_to_double(x),
				  wl_fixed_to_double(y));
	gp_observe_injected(binding->module);
}

/** Keeps module->held_buttons in step with the injected button states. */
static void
remember_button(struct gp_module *module, uint32_t button, bool pressed)
{
	for (int i = 0; i < module->held_button_count; i++) {
		if (module->held_buttons[i] == button) {
			if (!pressed)
				module->held_buttons[i] = module->held_buttons[--module->held_button_count];
			return;
		}
	}
	if (pressed && module->held_button_count < GP_MAX_BUTTONS)
		module->held_buttons[module->held_button_count++] = button;
}

static void
test_pointer_button(struct wl_client *client, struct wl_resource *resource,
		    uint32_t button, uint32_t state)
{
	struct gp_binding *binding = binding_of(resource);
	struct timespec time;

	(void)client;
	if (!gp_require_seat(binding))
		return;
	remember_button(binding->module, button, state != 0);
	gp_binding_event_time(binding, &time);
	notify_button(binding->module->seat, &time, (int32_t)button,
		      state ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
	gp_observe_injected(binding->module);
}

static void
test_pointer_axis(struct wl_client *client, struct wl_resource *resource,
		  uint32_t axis, wl_fixed_t value, int32_t discrete)
{
	struct gp_binding *binding = binding_of(resource);
	struct weston_pointer_axis_event event;
	struct timespec time;

	(void)client;
	if (!gp_require_seat(binding))
		return;
	memset(&event, 0, sizeof event);
	event.axis = axis;
	event.value = wl_fixed_to_double(value);
	event.has_discrete = discrete != 0;
	event.discrete = discrete;
	gp_binding_event_time(binding, &time);
	notify_axis(binding->module->seat, &time, &event);
	gp_observe_injected(binding->module);
}

static void
test_pointer_axis_source(struct wl_client *client, struct wl_resource *resource,
			 uint32_t source)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	if (!gp_require_seat(binding))
		return;
	notify_axis_source(binding->module->seat, source);
	gp_observe_injected(binding->module);
}

static void
test_pointer_frame(struct wl_client *client, struct wl_resource *resource)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	if (!gp_require_seat(binding))
		return;
	notify_pointer_frame(binding->module->seat);
	/* A frame closes the group before it; it does not reset wait_commit. */
}

static void
test_key(struct wl_client *client, struct wl_resource *resource, uint32_t key,
	 uint32_t state)
{
	struct gp_binding *binding = binding_of(resource);
	struct timespec time;

	(void)client;
	if (!gp_require_seat(binding))
		return;
	gp_binding_event_time(binding, &time);
	notify_key(binding->module->seat, &time, key,
		   state ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
		   STATE_UPDATE_AUTOMATIC);
	gp_observe_injected(binding->module);
}

static void
test_wait_commit(struct wl_client *client, struct wl_resource *resource, uint32_t token)
{
	(void)client;
	gp_observe_add_wait(binding_of(resource), GP_WAIT_COMMIT, token, NULL);
}

static void
test_wait_repaint(struct wl_client *client, struct wl_resource *resource, uint32_t token)
{
	(void)client;
	gp_observe_add_wait(binding_of(resource), GP_WAIT_REPAINT, token, NULL);
}

static void
test_wait_window(struct wl_client *client, struct wl_resource *resource, uint32_t token)
{
	(void)client;
	gp_observe_add_wait(binding_of(resource), GP_WAIT_WINDOW, token, NULL);
}

static void
test_capture(struct wl_client *client, struct wl_resource *resource, uint32_t token,
	     const char *path)
{
	(void)client;
	gp_observe_add_wait(binding_of(resource), GP_WAIT_CAPTURE, token, path);
}

/** pointer_clear_focus (since 3): the pointer leaves its surface, even with
 * a button held (Weston's implicit grab keeps it off every surface until the
 * buttons are released and the pointer moves). */
static void
test_pointer_clear_focus(struct wl_client *client, struct wl_resource *resource)
{
	struct gp_binding *binding = binding_of(resource);
	struct weston_pointer *pointer;

	(void)client;
	if (!gp_require_seat(binding))
		return;
	pointer = weston_seat_get_pointer(binding->module->seat);
	if (pointer)
		weston_pointer_clear_focus(pointer);
	gp_observe_injected(binding->module);
}

const struct gp_test_interface gp_test_implementation = {
	.destroy = test_destroy,
	.set_time = test_set_time,
	.touch_down = gp_touch_down,
	.touch_motion = gp_touch_motion,
	.touch_up = gp_touch_up,
	.touch_frame = gp_touch_frame,
	.touch_cancel = gp_touch_cancel,
	.pointer_motion = test_pointer_motion,
	.pointer_button = test_pointer_button,
	.pointer_axis = test_pointer_axis,
	.pointer_axis_source = test_pointer_axis_source,
	.pointer_frame = test_pointer_frame,
	.key = test_key,
	.wait_commit = test_wait_commit,
	.wait_repaint = test_wait_repaint,
	.wait_window = test_wait_window,
	.capture = test_capture,
	.sequence_touch = gp_sequence_touch,
	.sequence_play = gp_sequence_play,
	.trace_start = gp_trace_start,
	.trace_dump = gp_trace_dump,
	.touch_capability = gp_touch_capability,
	.pointer_clear_focus = test_pointer_clear_focus,
	.seat_remove = gp_seat_remove,
	.seat_add = gp_seat_add,
	.output_scale = gp_output_scale,
	.hold_buffers = gp_hold_buffers,
	.tablet_proximity_in = gp_tablet_proximity_in,
	.tablet_proximity_out = gp_tablet_proximity_out,
	.tablet_down = gp_tablet_down,
	.tablet_up = gp_tablet_up,
	.tablet_motion = gp_tablet_motion,
	.tablet_pressure = gp_tablet_pressure,
	.tablet_distance = gp_tablet_distance,
	.tablet_tilt = gp_tablet_tilt,
	.tablet_frame = gp_tablet_frame,
	.tablet_button = gp_tablet_button,
};
