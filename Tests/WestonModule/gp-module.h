/*
 * Shared state of the gesture-playground test module (gesture-playground-test.so).
 *
 * module.c   entry point, the gp_test global, per-binding state, the seat
 * touch.c    the touch requests and the Weston 10 touch workarounds
 * input.c    the other requests (pointer, keyboard, waits, capture)
 * observe.c  commit observation and the registry of waits
 * repaint.c  repaint observation: the repaint, window and capture waits
 * capture.c  reading an output's pixels and writing them as PNG
 * bench.c    version 2: timed touch sequences and the trace (the benchmark); version 6:
 *            the tablet pen in sequences
 * output-scale.c  version 4: the output's scale changed (output_scale)
 * buffer-hold.c   version 4: client buffers held unreleased (hold_buffers)
 */
#ifndef GP_MODULE_H
#define GP_MODULE_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <wayland-server.h>
#include <libweston/libweston.h>

#include "generated/gesture-playground-test-v1-server-protocol.h"

/** Touch points that may be down at once (ids are the driver's). */
#define GP_MAX_TOUCHES 16
/** Pointer buttons the module remembers as held (to release them later). */
#define GP_MAX_BUTTONS 8

/** What a pending wait replies to. */
enum gp_wait_kind {
	GP_WAIT_COMMIT,  /**< a commit after the last injection */
	GP_WAIT_REPAINT, /**< the end of a repaint started after the request */
	GP_WAIT_WINDOW,  /**< a repaint whose view list holds a client window */
	GP_WAIT_CAPTURE, /**< a repaint of the output, then a PNG */
};

struct gp_module;

/** One bound gp_test object. */
struct gp_binding {
	struct gp_module *module;
	struct wl_resource *resource;
	bool explicit_time;      /**< set_time chose the timestamps */
	struct timespec time;    /**< the chosen time, if explicit_time */
	struct timespec last_time; /**< the latest timestamp used */
	struct gp_sequence *sequence; /**< bench.c: the timed sequence, if any */
};

/** A request waiting for a commit or a repaint; owned by module->waits. */
struct gp_wait {
	struct wl_list link;
	enum gp_wait_kind kind;
	struct gp_binding *binding;
	uint32_t token;
	struct weston_output *output; /**< GP_WAIT_CAPTURE: the output to read */
	char *path;                   /**< GP_WAIT_CAPTURE: where the PNG goes */
};

/** The module: one per compositor. */
struct gp_module {
	struct weston_compositor *compositor;
	struct wl_global *global;
	struct wl_list resources; /**< bound gp_test resources (wl_resource_get_link) */
	struct wl_listener destroy_listener;

	/* The seat "gp-seat" and its touch device. */
	struct weston_seat *seat; /**< heap: a removed seat is leaked on purpose (old wl_seat resources point at it) */
	bool seat_ready;   /**< module->seat is a live seat (not removed) */
	bool touch_removed; /**< touch_capability(0) took the touch capability away */
	struct weston_touch_device *touch_device;

	/* Touch bookkeeping (input.c). */
	int32_t touch_ids[GP_MAX_TOUCHES];
	int touch_count;
	/* Buttons held through gp_test, released when the last driver leaves. */
	uint32_t held_buttons[GP_MAX_BUTTONS];
	int held_button_count;
	/* The client owed a wl_touch.frame after the last finger lifted. */
	struct wl_client *frame_owed_client;
	struct wl_listener frame_owed_client_destroy;

	/* Observation (observe.c). */
	struct wl_listener create_surface_listener;
	struct wl_listener output_created_listener;
	struct wl_list surface_trackers; /**< struct gp_surface_tracker::link */
	struct wl_list output_trackers;  /**< struct gp_output_tracker::link */
	struct wl_list waits;            /**< struct gp_wait::link */
	struct wl_event_source *repaint_idle; /**< deferred schedule_repaint */
	/** GP_TEST_REPAINT_ALWAYS=1 in Weston's environment: every repaint schedules the next,
	 * so the outputs never go idle and no client's commit restarts their cycle. */
	bool repaint_always;
	uint32_t commits;
	uint32_t repaints;
	struct timespec last_commit_time;
	bool committed_since_injection;
	struct wl_protocol_logger *attach_logger; /**< sees wl_surface.attach */

	/* The trace (bench.c). */
	bool tracing;
	struct gp_trace_record *trace;
	size_t trace_count, trace_capacity;
	int32_t trace_frame; /**< the sequence frame being injected, else -1 */

	/* Weston 12+: authorises weston_capture_v1 (module.c). */
	struct wl_listener capture_authority;

	/* hold_buffers (buffer-hold.c): the hold in progress, else NULL. */
	struct gp_hold *hold;

	/* gp-seat's tablet and its pen and eraser (tablet.c; Weston 13 and later). */
	struct weston_tablet *tablet;
	struct weston_tablet_tool *tablet_tools[2];
	int tablet_tool_near; /**< the tool near (0 pen, 1 eraser), else -1 */
	bool tablet_tool_leaving; /**< proximity_out sent, its frame not yet */
};

/* module.c */
bool gp_module_is_driver_client(struct gp_module *module, struct wl_client *client);
void gp_binding_event_time(struct gp_binding *binding, struct timespec *time);
void gp_timespec_to_proto(const struct timespec *time, uint32_t *sec_hi,
			  uint32_t *sec_lo, uint32_t *nsec);

/* module.c (version 3): seat faults */
bool gp_require_seat(struct gp_binding *binding);
void gp_seat_remove(struct wl_client *client, struct wl_resource *resource);
void gp_seat_add(struct wl_client *client, struct wl_resource *resource);

/* input.c */
extern const struct gp_test_interface gp_test_implementation;
void gp_input_release_all(struct gp_module *module);

/* touch.c: the touch requests of gp_test_implementation */
void gp_touch_down(struct wl_client *client, struct wl_resource *resource,
		   int32_t id, wl_fixed_t x, wl_fixed_t y);
void gp_touch_motion(struct wl_client *client, struct wl_resource *resource,
		     int32_t id, wl_fixed_t x, wl_fixed_t y);
void gp_touch_up(struct wl_client *client, struct wl_resource *resource, int32_t id);
void gp_touch_frame(struct wl_client *client, struct wl_resource *resource);
void gp_touch_cancel(struct wl_client *client, struct wl_resource *resource);
/** Cancels every touch (workaround 2), stamping Weston's events with time. */
void gp_touch_cancel_all(struct gp_module *module, const struct timespec *time);
void gp_touch_module_destroyed(struct gp_module *module);
void gp_touch_capability(struct wl_client *client, struct wl_resource *resource,
			 uint32_t present);

/* tablet.c (version 5): gp-seat's tablet tools */
void gp_tablet_create(struct gp_module *module);
void gp_tablet_forget(struct gp_module *module);
void gp_tablet_proximity_in(struct wl_client *client, struct wl_resource *resource, uint32_t tool,
			    wl_fixed_t x, wl_fixed_t y);
void gp_tablet_proximity_out(struct wl_client *client, struct wl_resource *resource);
void gp_tablet_down(struct wl_client *client, struct wl_resource *resource);
void gp_tablet_up(struct wl_client *client, struct wl_resource *resource);
void gp_tablet_motion(struct wl_client *client, struct wl_resource *resource, wl_fixed_t x, wl_fixed_t y);
void gp_tablet_pressure(struct wl_client *client, struct wl_resource *resource, uint32_t pressure);
void gp_tablet_distance(struct wl_client *client, struct wl_resource *resource, uint32_t distance);
void gp_tablet_tilt(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y);
void gp_tablet_frame(struct wl_client *client, struct wl_resource *resource);
void gp_tablet_button(struct wl_client *client, struct wl_resource *resource, uint32_t button,
		      uint32_t pressed);

/* observe.c */
void gp_wait_free(struct gp_wait *wait);
void gp_observe_init(struct gp_module *module);
void gp_observe_fini(struct gp_module *module);
void gp_observe_injected(struct gp_module *module);
void gp_observe_add_wait(struct gp_binding *binding, enum gp_wait_kind kind,
			 uint32_t token, const char *path);
void gp_observe_binding_destroyed(struct gp_binding *binding);

/* repaint.c */
void gp_repaint_init(struct gp_module *module);
void gp_repaint_fini(struct gp_module *module);

/* capture.c */
/** Reads output's current frame and writes it to path as PNG. Returns NULL on
 * success, else a static or reason string the caller sends (reason_buf is
 * used for formatted reasons). */
const char *gp_capture_output_to_png(struct weston_output *output, const char *path,
				     char *reason_buf, size_t reason_len,
				     int *width, int *height);

/* bench.c (version 2) */
void gp_sequence_touch(struct wl_client *client, struct wl_resource *resource, uint32_t frame,
		       uint32_t kind, int32_t id, wl_fixed_t x, wl_fixed_t y);
void gp_sequence_play(struct wl_client *client, struct wl_resource *resource, uint32_t token,
		      uint32_t period_ns);
void gp_trace_start(struct wl_client *client, struct wl_resource *resource);
void gp_trace_dump(struct wl_client *client, struct wl_resource *resource, uint32_t token,
		   const char *path);
/** Stops and frees the binding's sequence (its driver went, or the module). */
void gp_sequence_binding_destroyed(struct gp_binding *binding);
/** Trace records; no-ops unless tracing. kind is a gp_test_touch_kind. */
void gp_trace_touch(struct gp_module *module, int kind, int32_t id, wl_fixed_t x, wl_fixed_t y);
void gp_trace_commit(struct gp_module *module, struct weston_surface *surface, bool buffer);
void gp_trace_repaint(struct gp_module *module);
/** Frees the trace (module teardown). */
void gp_trace_fini(struct gp_module *module);

/* output-scale.c (version 4) */
void gp_output_scale(struct wl_client *client, struct wl_resource *resource, int32_t scale);

/* buffer-hold.c (version 4) */
void gp_hold_buffers(struct wl_client *client, struct wl_resource *resource, uint32_t token,
		     uint32_t duration_ms);
/** A commit of surface; attached: it attached a buffer. Held if a hold runs. */
void gp_hold_commit(struct gp_module *module, struct weston_surface *surface, bool attached);
/** The driver that asked for the hold left: nobody gets buffers_released. */
void gp_hold_binding_destroyed(struct gp_binding *binding);
/** Ends a hold in progress at once (module teardown). */
void gp_hold_fini(struct gp_module *module);

#endif
