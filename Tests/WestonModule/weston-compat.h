/*
 * Everything the test module needs from libweston that differs between the
 * Weston releases it builds against, in one place: Weston 10 (Debian 12) and
 * Weston 13 and 14 (Ubuntu 24.04; Debian 13, Fedora 41+, Arch). Checked by
 * building and running the end-to-end suites on 10.0.1 and 14.0.2; 13 has
 * the same prototypes as 14 (its backend.h and libweston-internal.h).
 * Weston 11 and 12 are refused at build time: no distribution this project
 * supports ships them, and their prototypes were not checked.
 *
 * 1. Prototypes of functions that libweston exports but declares only in
 *    headers Debian does not ship (libweston/backend.h and
 *    libweston/libweston-internal.h of the upstream sources), restated per
 *    release. Seat initialisers are declared void: some releases return int,
 *    never used here, and a discarded int return is harmless on every ABI.
 * 2. gp_* helpers for what changed between releases:
 *    - coordinates: plain doubles on 10; struct weston_coord_global from 12
 *      (notify_motion_absolute by value, notify_touch_normalized by pointer);
 *    - a view's position: view->geometry.x/y on 10,
 *      weston_view_get_pos_offset_global() from 12;
 *    - weston_buffer_reference: a third argument (the access type) from 11;
 *    - tablets: Weston 13 and 14 only (10 has none): the tablet API of
 *      libweston-internal.h and backend.h, restated below (tablet.c);
 *    - screenshots: the renderer's read_pixels on 10 (struct
 *      weston_renderer is public there); from 12 it is private, and the
 *      driver captures through Weston's own weston_capture_v1 protocol,
 *      which the module authorises (GP_CAPTURE_BY_PROTOCOL).
 */
#ifndef GP_WESTON_COMPAT_H
#define GP_WESTON_COMPAT_H

#include <math.h>

#include <libweston/libweston.h>
#include <libweston/version.h>

#if WESTON_VERSION_MAJOR == 10
#define GP_WESTON_LEGACY 1
#elif WESTON_VERSION_MAJOR >= 13 && WESTON_VERSION_MAJOR <= 14
#define GP_WESTON_LEGACY 0
#else
#error "the test module builds against libweston 10, 13 or 14 (see weston-compat.h to add another)"
#endif

/** The driver captures through weston_capture_v1, not the module (12 and later). */
#define GP_CAPTURE_BY_PROTOCOL (!GP_WESTON_LEGACY)

struct xkb_keymap;

/* libweston-internal.h: seats (the same on every supported release). */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
void weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
void weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);

/* libweston-internal.h: touch devices. A NULL ops means not calibratable, and
 * then notify_touch_normalized must get norm == NULL. */
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch,
				 const char *syspath,
				 void *backend_data,
				 const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);

/* backend.h: input notification, as a backend feeds it. */
void notify_button(struct weston_seat *seat, const struct timespec *time,
		   int32_t button, enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time,
		 struct weston_pointer_axis_event *event);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
		enum wl_keyboard_key_state state,
		enum weston_key_state_update update_state);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);

/* backend.h: outputs. mode_set_native needs output->switch_mode (-1 without
 * one); finish_frame completes a repaint (repaint_status
 * REPAINT_AWAITING_COMPLETION). */
int weston_output_mode_set_native(struct weston_output *output,
				  struct weston_mode *mode, int32_t scale);
void weston_output_finish_frame(struct weston_output *output,
				const struct timespec *stamp, uint32_t presented_flags);
void weston_compositor_read_presentation_clock(struct weston_compositor *compositor,
					       struct timespec *ts);
/* Damages the whole output and schedules its repaint. */
void weston_output_damage(struct weston_output *output);

#if GP_WESTON_LEGACY

void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
			    double x, double y);
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id,
			     double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
/* Takes a reference to buffer (NULL: none) and drops the one ref held;
 * wl_buffer.release goes out when a buffer's last reference is dropped. */
void weston_buffer_reference(struct weston_buffer_reference *ref,
			     struct weston_buffer *buffer);

static inline void
gp_notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
			  double x, double y)
{
	notify_motion_absolute(seat, time, x, y);
}

static inline void
gp_notify_touch(struct weston_touch_device *device, const struct timespec *time,
		int id, double x, double y, int type)
{
	notify_touch_normalized(device, time, id, x, y, NULL, type);
}

static inline void
gp_view_position(struct weston_view *view, int32_t *x, int32_t *y)
{
	*x = (int32_t)lroundf(view->geometry.x);
	*y = (int32_t)lroundf(view->geometry.y);
}

static inline void
gp_buffer_reference(struct weston_buffer_reference *ref, struct weston_buffer *buffer)
{
	weston_buffer_reference(ref, buffer);
}

#else

void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
			    struct weston_coord_global pos);
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id,
			     const struct weston_coord_global *pos,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void weston_buffer_reference(struct weston_buffer_reference *ref,
			     struct weston_buffer *buffer,
			     enum weston_buffer_reference_type type);

/* backend.h and libweston-internal.h of 13 and 14: tablets, as the libinput
 * backend feeds them (notify_tablet_tool_tilt takes wl_fixed_t degrees
 * though declared int32_t). */
struct weston_tablet *weston_seat_add_tablet(struct weston_seat *seat);
struct weston_tablet_tool *weston_seat_add_tablet_tool(struct weston_seat *seat);
void notify_tablet_added(struct weston_tablet *tablet);
void notify_tablet_tool_added(struct weston_tablet_tool *tool);
void notify_tablet_tool_proximity_in(struct weston_tablet_tool *tool, const struct timespec *time,
				     struct weston_tablet *tablet);
void notify_tablet_tool_proximity_out(struct weston_tablet_tool *tool, const struct timespec *time);
void notify_tablet_tool_motion(struct weston_tablet_tool *tool, const struct timespec *time,
			       struct weston_coord_global pos);
void notify_tablet_tool_pressure(struct weston_tablet_tool *tool, const struct timespec *time,
				 uint32_t pressure);
void notify_tablet_tool_distance(struct weston_tablet_tool *tool, const struct timespec *time,
				 uint32_t distance);
void notify_tablet_tool_tilt(struct weston_tablet_tool *tool, const struct timespec *time,
			     int32_t tilt_x, int32_t tilt_y);
void notify_tablet_tool_up(struct weston_tablet_tool *tool, const struct timespec *time);
void notify_tablet_tool_down(struct weston_tablet_tool *tool, const struct timespec *time);
void notify_tablet_tool_frame(struct weston_tablet_tool *tool, const struct timespec *time);
/* The state is backend.h's enum zwp_tablet_tool_v2_button_state: 1 pressed, 0 released. */
void notify_tablet_tool_button(struct weston_tablet_tool *tool, const struct timespec *time,
			       uint32_t button, uint32_t state);

static inline struct weston_coord_global
gp_global(double x, double y)
{
	struct weston_coord_global pos;

	pos.c.x = x;
	pos.c.y = y;
	return pos;
}

static inline void
gp_notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
			  double x, double y)
{
	notify_motion_absolute(seat, time, gp_global(x, y));
}

static inline void
gp_notify_touch(struct weston_touch_device *device, const struct timespec *time,
		int id, double x, double y, int type)
{
	struct weston_coord_global pos = gp_global(x, y);

	/* An up has no position: NULL, as the backends pass it. */
	notify_touch_normalized(device, time, id, type == WL_TOUCH_UP ? NULL : &pos, NULL, type);
}

static inline void
gp_view_position(struct weston_view *view, int32_t *x, int32_t *y)
{
	struct weston_coord_global pos = weston_view_get_pos_offset_global(view);

	*x = (int32_t)lround(pos.c.x);
	*y = (int32_t)lround(pos.c.y);
}

static inline void
gp_buffer_reference(struct weston_buffer_reference *ref, struct weston_buffer *buffer)
{
	weston_buffer_reference(ref, buffer, buffer ? BUFFER_MAY_BE_ACCESSED : BUFFER_WILL_NOT_BE_ACCESSED);
}

#endif

#endif
