/*
 * The Wayland side of gp-inject: the connection, the gp_test object, replies
 * to waits, and bounded dispatching.
 */
#ifndef GP_INJECT_CONNECTION_H
#define GP_INJECT_CONNECTION_H

#include <stdbool.h>
#include <stdint.h>

#include <wayland-client.h>

#include "generated/gesture-playground-test-v1-client-protocol.h"

/** The reply a command is waiting for. */
struct reply {
	uint32_t token;
	bool done;
	bool failed;
	uint32_t count;
	double seconds;
	int32_t x, y, width, height;
	char reason[512];
};

/** The hold_buffers in progress (inject-faults.c), answered by buffers_released. */
struct hold_reply {
	uint32_t token;
	bool active; /**< hold-buffers sent, wait-buffers-released not yet answered */
	bool done;   /**< buffers_released came */
	uint32_t buffers;
};

/** The connection to $WAYLAND_DISPLAY. */
extern struct wl_display *display;
/** The bound gp_test. */
extern struct gp_test *gp_test;
/** The reply the current command waits for (token set by begin_reply). */
extern struct reply reply;
/** Limit of every wait, in milliseconds. */
extern int timeout_ms;
/** The hold in progress (inject-faults.c). */
extern struct hold_reply hold;

/** Connects and binds gp_test; prints why not on standard error. */
bool connect_to_compositor(void);
/** Unbinds and disconnects. */
void disconnect_from_compositor(void);
/** Clears the reply and gives it a fresh token to send with a request. */
uint32_t begin_reply(void);
/** Dispatches events until *flag is set: 0, -1 on a dead connection, -2 on timeout. */
int dispatch_until(bool *flag);
/** A wl_display.sync round trip, bounded like dispatch_until. */
int round_trip(void);
/** Whether the module serves gp_test `version`; else prints cmd's error line. */
bool require_version(const char *cmd, uint32_t version);
/** Prints one reply line and flushes standard output. */
void reply_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/** After a wait: on a dead connection prints the error line and exits 1; on a
 * timeout prints it and returns false; else returns true. */
bool check_wait(int status, const char *what);
/** Parses a whole decimal number (gp-inject.c). */
bool parse_number(const char *text, double *value);
/** Parses a whole unsigned 32-bit number, decimal or 0x hexadecimal (gp-inject.c). */
bool parse_uint(const char *text, uint32_t *value);
/** Looks text up in names (NULL-terminated; values index for index), else parses a
 * number (gp-inject.c). */
bool parse_enum(const char *text, const char *const *names, const uint32_t *values, uint32_t *value);
/** Runs a version 4 command (inject-faults.c) and prints its reply; false if
 * argv[0] is not one. */
bool run_fault_command(int argc, char **argv);
/** Runs a version 5 tablet command (inject-tablet.c); false when argv is none. */
bool run_tablet_command(int argc, char **argv);
/** Binds registry global `name` if the protocol capture needs it
 * (inject-capture.c); false when it is not one of those. */
bool capture_global(struct wl_registry *registry, uint32_t name, const char *interface);
/** Whether `capture` goes through weston_capture_v1 (Weston 12 and later). */
bool capture_by_protocol(void);
/** `capture PATH` through weston_capture_v1; prints the reply line. */
void run_protocol_capture(const char *path);
/** Runs a sequence command (inject-sequence.c) and prints its reply; false if
 * argv[0] is not one. */
bool run_sequence_command(int argc, char **argv);

#endif
