/*
 * The gp_test tablet requests (version 5): gp-seat's tablet "gp-tablet" and
 * its two tools, a pen and an eraser, fed to libweston's tablet
 * notifications as a backend (libinput) feeds them.
 *
 * Weston 13 and 14 only: Weston 10 has no tablet support, and there every
 * request is a no_tablet error. The tablet and its tools are made with the
 * seat (weston_seat_add_tablet also creates the zwp_tablet_manager_v2
 * global, which a client must see when it starts) and destroyed with it
 * (weston_seat_release destroys the seat's tablets and tools).
 */
#include <stdlib.h>
#include <string.h>

#include "gp-module.h"
#include "weston-compat.h"

#if GP_WESTON_LEGACY

void
gp_tablet_create(struct gp_module *module)
{
	(void)module;
}

void
gp_tablet_forget(struct gp_module *module)
{
	(void)module;
}

static bool
require_tool(struct gp_binding *binding)
{
	wl_resource_post_error(binding->resource, GP_TEST_ERROR_NO_TABLET,
			       "Weston 10 has no tablet support");
	return false;
}

#else

/* tablet-unstable-v2's zwp_tablet_tool_v2 type and capability values
 * (protocols/wayland-protocols-1.31/tablet-unstable-v2.xml): Weston ships no
 * header with them. */
enum {
	TOOL_TYPE_PEN = 0x140,
	TOOL_TYPE_ERASER = 0x141,
	CAPABILITY_TILT = 1,
	CAPABILITY_PRESSURE = 2,
	CAPABILITY_DISTANCE = 3,
};

void
gp_tablet_create(struct gp_module *module)
{
	struct weston_seat *seat = module->seat;
	struct weston_tablet *tablet = weston_seat_add_tablet(seat);

	if (!tablet) {
		weston_log("gp-test: cannot create the tablet\n");
		return;
	}
	tablet->name = strdup("gp-tablet");
	/* Sent as zwp_tablet_v2.path, which may not be null (a null path is a marshalling
	 * error that disconnects the client); never freed by Weston (a udev devnode). */
	tablet->path = "/dev/input/gp-tablet";
	wl_list_insert(&seat->tablet_list, &tablet->link);
	notify_tablet_added(tablet);
	module->tablet = tablet;
	for (int i = 0; i < 2; i++) {
		struct weston_tablet_tool *tool = weston_seat_add_tablet_tool(seat);

		if (!tool) {
			weston_log("gp-test: cannot create a tablet tool\n");
			return;
		}
		tool->type = i == 0 ? TOOL_TYPE_PEN : TOOL_TYPE_ERASER;
		tool->serial = (uint64_t)(i + 1);
		tool->hwid = 0;
		tool->capabilities = 1u << CAPABILITY_TILT | 1u << CAPABILITY_PRESSURE |
				     1u << CAPABILITY_DISTANCE;
		wl_list_insert(&seat->tablet_tool_list, &tool->link);
		notify_tablet_tool_added(tool);
		module->tablet_tools[i] = tool;
	}
}

void
gp_tablet_forget(struct gp_module *module)
{
	/* weston_seat_release destroyed them. */
	module->tablet = NULL;
	module->tablet_tools[0] = module->tablet_tools[1] = NULL;
	module->tablet_tool_near = -1;
	module->tablet_tool_leaving = false;
}

/** Whether a tool is near (and the seat there); else posts no_tablet. */
static bool
require_tool(struct gp_binding *binding)
{
	struct gp_module *module = binding->module;

	if (!gp_require_seat(binding))
		return false;
	if (module->tablet_tool_near < 0 || !module->tablet_tools[module->tablet_tool_near]) {
		wl_resource_post_error(binding->resource, GP_TEST_ERROR_NO_TABLET,
				       "no tablet tool is near (tablet_proximity_in first)");
		return false;
	}
	return true;
}

#endif

static struct gp_binding *
binding_of(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

#if !GP_WESTON_LEGACY
static struct weston_tablet_tool *
tool_near(struct gp_module *module)
{
	return module->tablet_tools[module->tablet_tool_near];
}
#endif

void
gp_tablet_proximity_in(struct wl_client *client, struct wl_resource *resource, uint32_t which,
		       wl_fixed_t x, wl_fixed_t y)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
#if GP_WESTON_LEGACY
	(void)which; (void)x; (void)y;
	require_tool(binding);
#else
	struct gp_module *module = binding->module;
	struct timespec time;

	if (!gp_require_seat(binding))
		return;
	if (which > 1 || !module->tablet || !module->tablet_tools[which]) {
		wl_resource_post_error(resource, GP_TEST_ERROR_NO_TABLET, "no such tablet tool %u", which);
		return;
	}
	gp_binding_event_time(binding, &time);
	if (module->tablet_tool_near >= 0 && module->tablet_tool_near != (int)which &&
	    !module->tablet_tool_leaving) {
		notify_tablet_tool_proximity_out(tool_near(module), &time);
		notify_tablet_tool_frame(tool_near(module), &time);
	}
	module->tablet_tool_leaving = false;
	module->tablet_tool_near = (int)which;
	notify_tablet_tool_proximity_in(tool_near(module), &time, module->tablet);
	notify_tablet_tool_motion(tool_near(module), &time,
				  gp_global(wl_fixed_to_double(x), wl_fixed_to_double(y)));
	gp_observe_injected(module);
#endif
}

#define TOOL_REQUEST(name, call)                                                          \
	void name(struct wl_client *client, struct wl_resource *resource)                 \
	{                                                                                  \
		struct gp_binding *binding = binding_of(resource);                         \
		(void)client;                                                              \
		if (!require_tool(binding))                                                \
			return;                                                            \
		TOOL_CALL(binding, call);                                                  \
	}

#if GP_WESTON_LEGACY
#define TOOL_CALL(binding, call) do { (void)(binding); } while (0)
#else
#define TOOL_CALL(binding, call)                                                          \
	do {                                                                               \
		struct gp_module *module = (binding)->module;                              \
		struct timespec time;                                                      \
		gp_binding_event_time(binding, &time);                                     \
		call;                                                                      \
		gp_observe_injected(module);                                               \
	} while (0)
#endif

TOOL_REQUEST(gp_tablet_down, notify_tablet_tool_down(tool_near(module), &time))
TOOL_REQUEST(gp_tablet_up, notify_tablet_tool_up(tool_near(module), &time))

void
gp_tablet_frame(struct wl_client *client, struct wl_resource *resource)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	if (!require_tool(binding))
		return;
#if !GP_WESTON_LEGACY
	TOOL_CALL(binding, notify_tablet_tool_frame(tool_near(module), &time));
	/* After proximity_out's frame the tool is no longer near. */
	if (binding->module->tablet_tool_leaving) {
		binding->module->tablet_tool_leaving = false;
		binding->module->tablet_tool_near = -1;
	}
#endif
}

void
gp_tablet_proximity_out(struct wl_client *client, struct wl_resource *resource)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	if (!require_tool(binding))
		return;
#if !GP_WESTON_LEGACY
	TOOL_CALL(binding, notify_tablet_tool_proximity_out(tool_near(module), &time));
	binding->module->tablet_tool_leaving = true;
#endif
}

void
gp_tablet_motion(struct wl_client *client, struct wl_resource *resource, wl_fixed_t x, wl_fixed_t y)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	if (!require_tool(binding))
		return;
	TOOL_CALL(binding, notify_tablet_tool_motion(tool_near(module), &time,
						     gp_global(wl_fixed_to_double(x), wl_fixed_to_double(y))));
}

void
gp_tablet_pressure(struct wl_client *client, struct wl_resource *resource, uint32_t pressure)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	if (!require_tool(binding))
		return;
	TOOL_CALL(binding, notify_tablet_tool_pressure(tool_near(module), &time, pressure));
}

void
gp_tablet_distance(struct wl_client *client, struct wl_resource *resource, uint32_t distance)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	if (!require_tool(binding))
		return;
	TOOL_CALL(binding, notify_tablet_tool_distance(tool_near(module), &time, distance));
}

void
gp_tablet_tilt(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	if (!require_tool(binding))
		return;
	/* The prototype says int32_t: wl_fixed_t degrees, as the libinput backend passes them. */
	TOOL_CALL(binding, notify_tablet_tool_tilt(tool_near(module), &time, wl_fixed_from_int(x),
						   wl_fixed_from_int(y)));
}

void
gp_tablet_button(struct wl_client *client, struct wl_resource *resource, uint32_t button,
		 uint32_t pressed)
{
	struct gp_binding *binding = binding_of(resource);

	(void)client;
	(void)button;
	(void)pressed;
	if (!require_tool(binding))
		return;
	TOOL_CALL(binding, notify_tablet_tool_button(tool_near(module), &time, button, pressed ? 1 : 0));
}
