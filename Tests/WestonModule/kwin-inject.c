/*
 * kwin-inject: drives KWin's org_kde_kwin_fake_input (plasma-wayland-protocols, version 4)
 * for the end-to-end tests on KWin. Reads one command per line from standard input and
 * answers "ok COMMAND" (or "error ...") on standard output once the compositor has seen it:
 *
 *   touch-down ID X Y | touch-motion ID X Y | touch-up ID | touch-frame
 *   pointer-motion X Y          (absolute, global logical coordinates)
 *   pointer-button left|right pressed|released
 *   key CODE pressed|released   (evdev code)
 *   wait MS                     (sleeps; the fake device drops events in its first ~300 ms)
 *   run SHELL-COMMAND           (runs it and waits: a change to the output while touches
 *                               stay down, which a second injector's new device would end)
 *
 * Coordinates are global logical pixels, as KWin takes them.
 */
#define _POSIX_C_SOURCE 200809L
#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

#include "build/fake-input-client-protocol.h"

static struct org_kde_kwin_fake_input *fake;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
		   uint32_t version)
{
	if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && version >= 4)
		fake = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, 4);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static uint32_t state_of(const char *word)
{
	return strcmp(word, "pressed") == 0 ? 1 : 0;
}

int main(void)
{
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "kwin-inject: cannot connect to the compositor\n");
		return 2;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!fake) {
		fprintf(stderr, "kwin-inject: the compositor offers no org_kde_kwin_fake_input v4\n");
		return 2;
	}
	org_kde_kwin_fake_input_authenticate(fake, "gesture-playground tests", "end-to-end tests");
	wl_display_roundtrip(display);
	printf("ready\n");
	fflush(stdout);

	char line[4096];
	while (fgets(line, sizeof line, stdin)) {
		char command[32] = "", a[32] = "", b[32] = "", c[32] = "";
		int n = sscanf(line, "%31s %31s %31s %31s", command, a, b, c);
		if (n <= 0)
			continue;
		int ok = 1;
		if (strcmp(command, "run") == 0 && n >= 2) {
			if (system(line + strlen("run ")) != 0) {
				printf("error the command failed: %s", line + strlen("run "));
				fflush(stdout);
				continue;
			}
		} else if (strcmp(command, "touch-down") == 0 && n == 4) {
			org_kde_kwin_fake_input_touch_down(fake, atoi(a), wl_fixed_from_double(atof(b)),
							   wl_fixed_from_double(atof(c)));
		} else if (strcmp(command, "touch-motion") == 0 && n == 4) {
			org_kde_kwin_fake_input_touch_motion(fake, atoi(a), wl_fixed_from_double(atof(b)),
							     wl_fixed_from_double(atof(c)));
		} else if (strcmp(command, "touch-up") == 0 && n == 2) {
			org_kde_kwin_fake_input_touch_up(fake, atoi(a));
		} else if (strcmp(command, "touch-frame") == 0) {
			org_kde_kwin_fake_input_touch_frame(fake);
		} else if (strcmp(command, "pointer-motion") == 0 && n == 3) {
			org_kde_kwin_fake_input_pointer_motion_absolute(fake, wl_fixed_from_double(atof(a)),
									wl_fixed_from_double(atof(b)));
		} else if (strcmp(command, "pointer-button") == 0 && n == 3) {
			uint32_t button = strcmp(a, "right") == 0 ? BTN_RIGHT : BTN_LEFT;
			org_kde_kwin_fake_input_button(fake, button, state_of(b));
		} else if (strcmp(command, "key") == 0 && n == 3) {
			org_kde_kwin_fake_input_keyboard_key(fake, atoi(a), state_of(b));
		} else if (strcmp(command, "wait") == 0 && n == 2) {
			long ms = atol(a);
			struct timespec pause = { ms / 1000, (ms % 1000) * 1000000L };
			nanosleep(&pause, NULL);
		} else {
			ok = 0;
		}
		if (wl_display_roundtrip(display) < 0) {
			printf("error the compositor went away\n");
			fflush(stdout);
			return 3;
		}
		if (ok)
			printf("ok %s\n", command);
		else
			printf("error unknown command: %s", line);
		fflush(stdout);
	}
	wl_display_disconnect(display);
	return 0;
}
