/*
 * libweston 10.0.1 functions that libweston-10.so exports but declares only in
 * headers Debian does not ship (libweston/backend.h and
 * libweston/libweston-internal.h of the 10.0.1 sources). The prototypes below
 * restate those declarations; keep them in step with the Weston version the
 * Makefile builds against (pkg-config libweston-10).
 *
 * Notes on the 10.0.1 ABI:
 * - Coordinates are plain doubles in global compositor space (Weston 11
 *   replaced them with struct weston_coord_global; do not "upgrade" these).
 * - weston_seat_init_pointer/weston_seat_init_touch return nothing in some
 *   10.x trees and int in others; the result is never used here, so they are
 *   declared void (a discarded int return is harmless on every ABI Debian
 *   ships).
 */
#ifndef GP_WESTON_PRIVATE_H
#define GP_WESTON_PRIVATE_H

#include <libweston/libweston.h>

struct xkb_keymap;

/* libweston-internal.h: seats. */
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
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
			    double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time,
		   int32_t button, enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time,
		 struct weston_pointer_axis_event *event);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
		enum wl_keyboard_key_state state,
		enum weston_key_state_update update_state);
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id,
			     double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);

/* libweston-internal.h: buffers. Takes a reference to buffer (NULL: none)
 * and drops the one ref held; wl_buffer.release goes out when a buffer's last
 * reference is dropped. */
void weston_buffer_reference(struct weston_buffer_reference *ref,
			     struct weston_buffer *buffer);

/* backend.h: outputs. mode_set_native needs output->switch_mode (-1 without
 * one); finish_frame completes a repaint (repaint_status
 * REPAINT_AWAITING_COMPLETION). */
int weston_output_mode_set_native(struct weston_output *output,
				  struct weston_mode *mode, int32_t scale);
void weston_output_finish_frame(struct weston_output *output,
				const struct timespec *stamp, uint32_t presented_flags);
void weston_compositor_read_presentation_clock(struct weston_compositor *compositor,
					       struct timespec *ts);
/* libweston-internal.h: damages the whole output and schedules its repaint. */
void weston_output_damage(struct weston_output *output);

#endif
