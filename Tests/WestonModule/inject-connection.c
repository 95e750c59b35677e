/*
 * The Wayland side of gp-inject (see inject-connection.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "inject-connection.h"

struct wl_display *display;
struct gp_test *gp_test;
struct reply reply;
int timeout_ms = 5000;
static uint32_t next_token = 1;
static struct wl_registry *registry;

static double
proto_seconds(uint32_t hi, uint32_t lo, uint32_t nsec)
{
	return (double)(((uint64_t)hi << 32) | lo) + nsec / 1e9;
}

static void
on_committed(void *data, struct gp_test *t, uint32_t token, uint32_t commits,
	     uint32_t hi, uint32_t lo, uint32_t nsec)
{
	(void)data; (void)t;
	if (token != reply.token)
		return;
	reply.count = commits;
	reply.seconds = proto_seconds(hi, lo, nsec);
	reply.done = true;
}

static void
on_repainted(void *data, struct gp_test *t, uint32_t token, uint32_t repaints,
	     uint32_t hi, uint32_t lo, uint32_t nsec)
{
	on_committed(data, t, token, repaints, hi, lo, nsec);
}

static void
on_window(void *data, struct gp_test *t, uint32_t token, int32_t x, int32_t y,
	  int32_t width, int32_t height)
{
	(void)data; (void)t;
	if (token != reply.token)
		return;
	reply.x = x;
	reply.y = y;
	reply.width = width;
	reply.height = height;
	reply.done = true;
}

static void
on_captured(void *data, struct gp_test *t, uint32_t token, int32_t width, int32_t height)
{
	on_window(data, t, token, 0, 0, width, height);
}

static void
on_capture_failed(void *data, struct gp_test *t, uint32_t token, const char *reason)
{
	(void)data; (void)t;
	if (token != reply.token)
		return;
	snprintf(reply.reason, sizeof reply.reason, "%s", reason);
	reply.failed = true;
	reply.done = true;
}

static void
on_buffers_released(void *data, struct gp_test *t, uint32_t token, uint32_t buffers)
{
	(void)data; (void)t;
	if (token != hold.token)
		return;
	hold.buffers = buffers;
	hold.done = true;
}

static void
on_sequence_done(void *data, struct gp_test *t, uint32_t token, uint32_t frames, uint32_t late_ns)
{
	(void)data; (void)t;
	if (token != reply.token)
		return;
	reply.count = frames;
	reply.seconds = late_ns / 1e9;
	reply.done = true;
}

static const struct gp_test_listener gp_test_listener = {
	.committed = on_committed,
	.repainted = on_repainted,
	.window = on_window,
	.captured = on_captured,
	.capture_failed = on_capture_failed,
	.sequence_done = on_sequence_done,
	.buffers_released = on_buffers_released,
};

static void
sync_done(void *data, struct wl_callback *callback, uint32_t serial)
{
	(void)serial;
	wl_callback_destroy(callback);
	*(bool *)data = true;
}

static const struct wl_callback_listener sync_listener = { .done = sync_done };

static void
registry_global(void *data, struct wl_registry *registry, uint32_t name,
		const char *interface, uint32_t version)
{
	(void)data; (void)version;
	if (strcmp(interface, gp_test_interface.name) == 0 && !gp_test)
		gp_test = wl_registry_bind(registry, name, &gp_test_interface, version < 7 ? version : 7);
	else
		capture_global(registry, name, interface);
}

static void
registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

static long
elapsed_ms(const struct timespec *since)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - since->tv_sec) * 1000L + (now.tv_nsec - since->tv_nsec) / 1000000L;
}

int
dispatch_until(bool *flag)
{
	struct timespec began;

	clock_gettime(CLOCK_MONOTONIC, &began);
	while (!*flag) {
		struct pollfd fd = { .fd = wl_display_get_fd(display), .events = POLLIN };
		long left = timeout_ms - elapsed_ms(&began);

		if (wl_display_dispatch_pending(display) < 0)
			return -1;
		if (*flag)
			break;
		if (left <= 0)
			return -2;
		while (wl_display_prepare_read(display) != 0) {
			if (wl_display_dispatch_pending(display) < 0)
				return -1;
		}
		if (wl_display_flush(display) < 0 && errno != EAGAIN) {
			wl_display_cancel_read(display);
			return -1;
		}
		if (poll(&fd, 1, (int)left) < 0 && errno != EINTR) {
			wl_display_cancel_read(display);
			return -1;
		}
		if (fd.revents & (POLLIN | POLLERR | POLLHUP)) {
			if (wl_display_read_events(display) < 0)
				return -1;
		} else {
			wl_display_cancel_read(display);
		}
	}
	return 0;
}

int
round_trip(void)
{
	bool done = false;
	struct wl_callback *callback = wl_display_sync(display);

	wl_callback_add_listener(callback, &sync_listener, &done);
	return dispatch_until(&done);
}

void
reply_line(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vprintf(fmt, args);
	va_end(args);
	putchar('\n');
	fflush(stdout);
}

bool
check_wait(int status, const char *what)
{
	if (status == -1) {
		const struct wl_interface *interface = NULL;
		uint32_t id = 0;
		int code = wl_display_get_protocol_error(display, &interface, &id);

		if (interface)
			reply_line("error protocol error %d on %s@%u (the message is on standard error)",
				   code, interface->name, id);
		else
			reply_line("error connection lost: %s", strerror(wl_display_get_error(display)));
		exit(1);
	}
	if (status == -2) {
		reply_line("error timeout after %d ms waiting for %s", timeout_ms, what);
		return false;
	}
	return true;
}

bool
connect_to_compositor(void)
{
	/* libwayland creates the socket file by bind() and only then calls listen(): a
	 * connection in between is refused. The harness starts gp-inject once the file
	 * exists, so on a loaded machine it met that window (session 45: "Connection
	 * refused", 1 run in 12 with a process spinning on one of 2 cores). Nothing
	 * announces the listen(), so a refused connection is tried again, every
	 * millisecond for at most 2 s. */
	for (int attempt = 0; attempt < 2000; attempt++) {
		display = wl_display_connect(NULL);
		if (display || errno != ECONNREFUSED)
			break;
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
	}
	if (!display) {
		fprintf(stderr, "gp-inject: cannot connect to WAYLAND_DISPLAY=%s: %s\n",
			getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "(unset)",
			strerror(errno));
		return false;
	}
	registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	if (wl_display_roundtrip(display) < 0 || !gp_test) {
		fprintf(stderr, "gp-inject: the compositor offers no gp_test "
			"(was weston started with --modules=.../gesture-playground-test.so?)\n");
		return false;
	}
	gp_test_add_listener(gp_test, &gp_test_listener, NULL);
	return true;
}

void
disconnect_from_compositor(void)
{
	gp_test_destroy(gp_test);
	wl_registry_destroy(registry);
	wl_display_roundtrip(display);
	wl_display_disconnect(display);
}

uint32_t
begin_reply(void)
{
	memset(&reply, 0, sizeof reply);
	reply.token = next_token++;
	return reply.token;
}

bool
require_version(const char *cmd, uint32_t version)
{
	if (wl_proxy_get_version((struct wl_proxy *)gp_test) >= version)
		return true;
	reply_line("error %s needs gp_test version %u (the module is older)", cmd, version);
	return false;
}
