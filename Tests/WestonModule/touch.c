/*
 * The gp_test touch requests and the Weston 10 touch workarounds.
 *
 * Workaround 1, no wl_touch.frame after the last up. In Weston 10 the last
 * touch up clears the touch focus (process_touch_normal calls
 * weston_touch_set_focus(NULL) when num_tp drops to 0), which moves the
 * focused client's wl_touch resources from focus_resource_list back to
 * resource_list; the following notify_touch_frame then reaches nobody. So
 * touch_up remembers the focused client when it lifts the last finger, and
 * touch_frame sends wl_touch.frame itself to that client's resources in
 * weston_touch::resource_list (unless a new touch in the same frame gave the
 * focus back to the same client, in which case Weston's own frame reached it).
 * struct weston_touch with both lists is public in libweston-10's libweston.h.
 * Weston 13 and 14 send that frame themselves: there the workaround is off
 * (with it, the client got two frames).
 *
 * Workaround 2, no wl_touch.cancel. notify_touch_cancel only calls the grab's
 * cancel hook, which the default grab leaves empty, and it leaves Weston's
 * touch points down (num_tp), so the next touch would not pick a new surface.
 * touch_cancel therefore sends wl_touch.cancel to every resource in
 * focus_resource_list (the focus client's), calls notify_touch_cancel for any
 * grab, then clears the focus and lifts the remaining points inside Weston,
 * which then sends the client nothing for them. Weston 14 still sends no
 * wl_touch.cancel (the harness test sees exactly one): the workaround stays.
 */
#include "gp-module.h"
#include "weston-compat.h"

static struct gp_binding *
binding_of(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static int
touch_index(struct gp_module *module, int32_t id)
{
	for (int i = 0; i < module->touch_count; i++) {
		if (module->touch_ids[i] == id)
			return i;
	}
	return -1;
}

/** The client whose wl_touch resources currently get touch events, if any. */
static struct wl_client *
touch_focus_client(struct weston_touch *touch)
{
	if (!touch->focus || !touch->focus->surface->resource ||
	    wl_list_empty(&touch->focus_resource_list))
		return NULL;
	return wl_resource_get_client(touch->focus->surface->resource);
}

static void
forget_owed_frame(struct gp_module *module)
{
	module->frame_owed_client = NULL;
	wl_list_remove(&module->frame_owed_client_destroy.link);
	wl_list_init(&module->frame_owed_client_destroy.link);
}

static void
owed_frame_client_destroyed(struct wl_listener *listener, void *data)
{
	struct gp_module *module =
		wl_container_of(listener, module, frame_owed_client_destroy);

	(void)data;
	forget_owed_frame(module);
}

static void
owe_frame(struct gp_module *module, struct wl_client *client)
{
	forget_owed_frame(module);
	if (!client)
		return;
	module->frame_owed_client = client;
	module->frame_owed_client_destroy.notify = owed_frame_client_destroyed;
	wl_client_add_destroy_listener(client, &module->frame_owed_client_destroy);
}

void
gp_touch_module_destroyed(struct gp_module *module)
{
	forget_owed_frame(module);
}

void
gp_touch_down(struct wl_client *client, struct wl_resource *resource,
		int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	struct gp_binding *binding = binding_of(resource);
	struct gp_module *module = binding->module;
	struct timespec time;

	(void)client;
	if (!gp_require_seat(binding))
		return;
	if (module->touch_removed) {
		wl_resource_post_error(resource, GP_TEST_ERROR_NO_SEAT,
				       "the touch capability was removed (touch_capability 0)");
		return;
	}
	if (touch_index(module, id) >= 0) {
		wl_resource_post_error(resource, GP_TEST_ERROR_INVALID_TOUCH_ID,
				       "touch %d is already down", id);
		return;
	}
	if (module->touch_count == GP_MAX_TOUCHES) {
		wl_resource_post_error(resource, GP_TEST_ERROR_TOO_MANY_TOUCHES,
				       "more than %d touches down", GP_MAX_TOUCHES);
		return;
	}
	module->touch_ids[module->touch_count++] = id;
	gp_binding_event_time(binding, &time);
	gp_trace_touch(module, GP_TEST_TOUCH_KIND_DOWN, id, x, y);
	gp_notify_touch(module->touch_device, &time, id, wl_fixed_to_double(x), wl_fixed_to_double(y),
			WL_TOUCH_DOWN);
	gp_observe_injected(module);
}

void
gp_touch_motion(struct wl_client *client, struct wl_resource *resource,
		  int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	struct gp_binding *binding = binding_of(resource);
	struct gp_module *module = binding->module;
	struct timespec time;

	(void)client;
	if (touch_index(module, id) < 0) {
		wl_resource_post_error(resource, GP_TEST_ERROR_INVALID_TOUCH_ID,
				       "touch %d is not down", id);
		return;
	}
	gp_binding_event_time(binding, &time);
	gp_trace_touch(module, GP_TEST_TOUCH_KIND_MOTION, id, x, y);
	gp_notify_touch(module->touch_device, &time, id, wl_fixed_to_double(x), wl_fixed_to_double(y),
			WL_TOUCH_MOTION);
	gp_observe_injected(module);
}

void
gp_touch_up(struct wl_client *client, struct wl_resource *resource, int32_t id)
{
	struct gp_binding *binding = binding_of(resource);
	struct gp_module *module = binding->module;
	struct weston_touch *touch = module->seat->touch_state;
	struct timespec time;
	int index = touch_index(module, id);

	(void)client;
	if (index < 0) {
		wl_resource_post_error(resource, GP_TEST_ERROR_INVALID_TOUCH_ID,
				       "touch %d is not down", id);
		return;
	}
	/* Workaround 1 (Weston 10 only; 13 and 14 send that frame themselves): the
	 * last up drops the focus before the frame. */
	if (GP_WESTON_LEGACY && module->touch_count == 1)
		owe_frame(module, touch_focus_client(touch));
	module->touch_ids[index] = module->touch_ids[--module->touch_count];
	gp_binding_event_time(binding, &time);
	gp_trace_touch(module, GP_TEST_TOUCH_KIND_UP, id, 0, 0);
	gp_notify_touch(module->touch_device, &time, id, 0, 0, WL_TOUCH_UP);
	gp_observe_injected(module);
}

void
gp_touch_frame(struct wl_client *client, struct wl_resource *resource)
{
	struct gp_module *module = binding_of(resource)->module;
	struct weston_touch *touch;
	struct wl_client *owed = module->frame_owed_client;
	struct wl_resource *touch_resource;

	(void)client;
	if (!gp_require_seat(binding_of(resource)))
		return;
	touch = module->seat->touch_state;
	notify_touch_frame(module->touch_device);
	if (owed) {
		forget_owed_frame(module);
		if (touch_focus_client(touch) != owed) {
			wl_resource_for_each(touch_resource, &touch->resource_list) {
				if (wl_resource_get_client(touch_resource) == owed)
					wl_touch_send_frame(touch_resource);
			}
		}
	}
	/* A frame closes the group before it; it does not reset wait_commit. */
}

/** Workaround 2: cancels every touch for the focus client and lifts the
 * points inside Weston without telling anyone. */
void
gp_touch_cancel_all(struct gp_module *module, const struct timespec *time)
{
	struct weston_touch *touch;
	struct wl_resource *touch_resource;

	if (!module->seat_ready || module->touch_removed) {
		module->touch_count = 0;
		forget_owed_frame(module);
		return;
	}
	touch = module->seat->touch_state;
	if (touch->focus) {
		wl_resource_for_each(touch_resource, &touch->focus_resource_list)
			wl_touch_send_cancel(touch_resource);
	}
	notify_touch_cancel(module->touch_device);
	forget_owed_frame(module);
	if (module->touch_count > 0) {
		weston_touch_set_focus(touch, NULL);
		while (module->touch_count > 0) {
			int32_t id = module->touch_ids[--module->touch_count];

			gp_notify_touch(module->touch_device, time, id, 0, 0, WL_TOUCH_UP);
		}
		notify_touch_frame(module->touch_device);
	}
}

void
gp_touch_cancel(struct wl_client *client, struct wl_resource *resource)
{
	struct gp_binding *binding = binding_of(resource);
	struct timespec time;

	(void)client;
	gp_binding_event_time(binding, &time);
	gp_touch_cancel_all(binding->module, &time);
	gp_observe_injected(binding->module);
}

/** touch_capability (since 3): takes the seat's touch capability away (as
 * when the last touchscreen is unplugged) or gives it back. Weston's
 * weston_seat_release_touch clears the focus and forgets every touch point
 * without telling the client anything but the new capabilities; the module
 * forgets its own bookkeeping of them too. */
void
gp_touch_capability(struct wl_client *client, struct wl_resource *resource, uint32_t present)
{
	struct gp_binding *binding = binding_of(resource);
	struct gp_module *module = binding->module;

	(void)client;
	if (!gp_require_seat(binding))
		return;
	if (!present && !module->touch_removed) {
		module->touch_removed = true;
		module->touch_count = 0;
		forget_owed_frame(module);
		weston_seat_release_touch(module->seat);
	} else if (present && module->touch_removed) {
		module->touch_removed = false;
		weston_seat_init_touch(module->seat);
	}
	gp_observe_injected(module);
}
