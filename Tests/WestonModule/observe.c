/*
 * Observing commits: every wl_surface.commit, through each surface's
 * commit_signal (hooked from the compositor's create_surface_signal), and the
 * registry of pending waits (answered here for commits, in repaint.c for
 * repaints). A protocol logger notes each wl_surface.attach of a buffer, and
 * each wl_subsurface.set_position (which the parent's next commit applies), so
 * the trace (bench.c) can tell which commits show something new: a new buffer,
 * or a subsurface moved (a client that moves a layer instead of drawing). A
 * synchronized subsurface's commit shows nothing until its parent's commit, so
 * only the parent's counts (nested synchronized subsurfaces are not followed).
 */
#include <stdlib.h>
#include <string.h>

#include "gp-module.h"

struct gp_surface_tracker {
	struct wl_list link; /* gp_module::surface_trackers */
	struct gp_module *module;
	struct weston_surface *surface;
	bool attached; /* a non-null wl_surface.attach since the last commit */
	bool moved; /* a wl_subsurface.set_position of a child since the last commit */
	bool sync_child; /* a synchronized subsurface: its commits show nothing until the parent's */
	struct wl_listener commit_listener;
	struct wl_listener destroy_listener;
};

void
gp_wait_free(struct gp_wait *wait)
{
	wl_list_remove(&wait->link);
	free(wait->path);
	free(wait);
}

/* ---- commits ---------------------------------------------------------- */

static void
surface_tracker_free(struct gp_surface_tracker *tracker)
{
	wl_list_remove(&tracker->commit_listener.link);
	wl_list_remove(&tracker->destroy_listener.link);
	wl_list_remove(&tracker->link);
	free(tracker);
}

static void
surface_committed(struct wl_listener *listener, void *data)
{
	struct gp_surface_tracker *tracker =
		wl_container_of(listener, tracker, commit_listener);
	struct gp_module *module = tracker->module;
	struct gp_wait *wait, *next;
	uint32_t hi, lo, nsec;

	(void)data;
	gp_trace_commit(module, tracker->surface,
			!tracker->sync_child && (tracker->attached || tracker->moved));
	gp_hold_commit(module, tracker->surface, tracker->attached);
	tracker->attached = false;
	tracker->moved = false;
	module->commits++;
	clock_gettime(CLOCK_MONOTONIC, &module->last_commit_time);
	module->committed_since_injection = true;
	gp_timespec_to_proto(&module->last_commit_time, &hi, &lo, &nsec);
	wl_list_for_each_safe(wait, next, &module->waits, link) {
		if (wait->kind != GP_WAIT_COMMIT)
			continue;
		gp_test_send_committed(wait->binding->resource, wait->token,
				       module->commits, hi, lo, nsec);
		gp_wait_free(wait);
	}
}

static void
surface_destroyed(struct wl_listener *listener, void *data)
{
	struct gp_surface_tracker *tracker =
		wl_container_of(listener, tracker, destroy_listener);

	(void)data;
	surface_tracker_free(tracker);
}

static void
surface_created(struct wl_listener *listener, void *data)
{
	struct gp_module *module = wl_container_of(listener, module, create_surface_listener);
	struct weston_surface *surface = data;
	struct gp_surface_tracker *tracker = calloc(1, sizeof *tracker);

	if (!tracker) {
		weston_log("gp-test: out of memory; commits of a surface go unseen\n");
		return;
	}
	tracker->module = module;
	tracker->surface = surface;
	tracker->commit_listener.notify = surface_committed;
	wl_signal_add(&surface->commit_signal, &tracker->commit_listener);
	tracker->destroy_listener.notify = surface_destroyed;
	wl_signal_add(&surface->destroy_signal, &tracker->destroy_listener);
	wl_list_insert(&module->surface_trackers, &tracker->link);
}

/** The tracker of surface, or NULL. */
static struct gp_surface_tracker *
tracker_of(struct weston_surface *surface)
{
	struct wl_listener *listener;
	struct gp_surface_tracker *tracker;

	if (!surface)
		return NULL;
	listener = wl_signal_get(&surface->commit_signal, surface_committed);
	if (!listener)
		return NULL;
	return wl_container_of(listener, tracker, commit_listener);
}

/** Notes wl_surface.attach requests with a buffer, wl_subsurface.set_position
 * requests (on the parent's tracker) and which surfaces are synchronized
 * subsurfaces, before Weston handles them. A
 * wl_subsurface resource's user data is its struct weston_subsurface (libweston
 * 10), whose parent is NULL once the parent is gone. */
static void
log_protocol(void *user_data, enum wl_protocol_logger_type direction,
	     const struct wl_protocol_logger_message *message)
{
	struct gp_surface_tracker *tracker;
	const char *class;

	(void)user_data;
	if (direction != WL_PROTOCOL_LOGGER_REQUEST)
		return;
	class = wl_resource_get_class(message->resource);
	if (strcmp(message->message->name, "attach") == 0 && strcmp(class, "wl_surface") == 0 &&
	    message->arguments_count >= 1 && message->arguments[0].o) {
		tracker = tracker_of(wl_resource_get_user_data(message->resource));
		if (tracker)
			tracker->attached = true;
	} else if (strcmp(message->message->name, "get_subsurface") == 0 &&
		   strcmp(class, "wl_subcompositor") == 0 && message->arguments_count >= 2 &&
		   message->arguments[1].o) {
		/* New subsurfaces are synchronized. */
		tracker = tracker_of(wl_resource_get_user_data(
			(struct wl_resource *)message->arguments[1].o));
		if (tracker)
			tracker->sync_child = true;
	} else if (strcmp(class, "wl_subsurface") == 0) {
		struct weston_subsurface *sub = wl_resource_get_user_data(message->resource);
		const char *name = message->message->name;

		if (!sub)
			return;
		if (strcmp(name, "set_position") == 0) {
			tracker = tracker_of(sub->parent);
			if (tracker)
				tracker->moved = true;
		} else if (strcmp(name, "set_sync") == 0 || strcmp(name, "set_desync") == 0) {
			tracker = tracker_of(sub->surface);
			if (tracker)
				tracker->sync_child = strcmp(name, "set_sync") == 0;
		}
	}
}

/* ---- the module's side ------------------------------------------------ */

void
gp_observe_init(struct gp_module *module)
{
	wl_list_init(&module->surface_trackers);
	wl_list_init(&module->waits);
	module->create_surface_listener.notify = surface_created;
	wl_signal_add(&module->compositor->create_surface_signal,
		      &module->create_surface_listener);
	module->attach_logger = wl_display_add_protocol_logger(module->compositor->wl_display,
							       log_protocol, module);
	gp_repaint_init(module);
}

void
gp_observe_fini(struct gp_module *module)
{
	if (!module->create_surface_listener.notify)
		return; /* gp_observe_init never ran */
	while (!wl_list_empty(&module->waits))
		gp_wait_free(wl_container_of(module->waits.next, (struct gp_wait *)NULL, link));
	while (!wl_list_empty(&module->surface_trackers))
		surface_tracker_free(wl_container_of(module->surface_trackers.next,
						     (struct gp_surface_tracker *)NULL, link));
	wl_list_remove(&module->create_surface_listener.link);
	if (module->attach_logger)
		wl_protocol_logger_destroy(module->attach_logger);
	module->attach_logger = NULL;
	gp_repaint_fini(module);
}

void
gp_observe_injected(struct gp_module *module)
{
	module->committed_since_injection = false;
}

void
gp_observe_add_wait(struct gp_binding *binding, enum gp_wait_kind kind, uint32_t token,
		    const char *path)
{
	struct gp_module *module = binding->module;
	struct weston_compositor *compositor = module->compositor;
	struct gp_wait *wait;

	if (kind == GP_WAIT_COMMIT && module->committed_since_injection) {
		uint32_t hi, lo, nsec;

		gp_timespec_to_proto(&module->last_commit_time, &hi, &lo, &nsec);
		gp_test_send_committed(binding->resource, token, module->commits, hi, lo, nsec);
		return;
	}
	if (kind == GP_WAIT_CAPTURE && wl_list_empty(&compositor->output_list)) {
		gp_test_send_capture_failed(binding->resource, token, "no output");
		return;
	}
	wait = calloc(1, sizeof *wait);
	if (!wait || (path && !(wait->path = strdup(path)))) {
		free(wait);
		wl_resource_post_no_memory(binding->resource);
		return;
	}
	wait->kind = kind;
	wait->binding = binding;
	wait->token = token;
	wl_list_insert(module->waits.prev, &wait->link);

	switch (kind) {
	case GP_WAIT_COMMIT:
		break;
	case GP_WAIT_REPAINT:
	case GP_WAIT_WINDOW:
		weston_compositor_schedule_repaint(compositor);
		break;
	case GP_WAIT_CAPTURE:
		/* The first output; the headless backend makes exactly one. */
		wait->output = wl_container_of(compositor->output_list.next,
					       (struct weston_output *)NULL, link);
		weston_compositor_damage_all(compositor); /* also schedules the repaint */
		break;
	}
}

void
gp_observe_binding_destroyed(struct gp_binding *binding)
{
	struct gp_wait *wait, *next;

	wl_list_for_each_safe(wait, next, &binding->module->waits, link) {
		if (wait->binding == binding)
			gp_wait_free(wait);
	}
}
