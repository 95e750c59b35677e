/*
 * kwin-output-scale SCALE: sets the scale of KWin's output (the first kde_output_device_v2)
 * through kde_output_management_v2 (plasma-wayland-protocols), as System Settings does, and
 * exits once KWin has applied it: "ok scale SCALE" on standard output, else "error ..." and
 * status 1. For the end-to-end tests on KWin 6, whose X11-nested output (KWinSession) takes
 * `--scale` only for the size of its window.
 *
 * The output device's events are not listened to: libwayland drops events of a proxy without
 * a listener, and only the device's identity is needed here.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

#include "build/kde-output-device-v2-client-protocol.h"
#include "build/kde-output-management-v2-client-protocol.h"

static struct kde_output_device_v2 *device;
static struct kde_output_management_v2 *management;
static int result; /* 0 waiting, 1 applied, -1 failed */

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
		   uint32_t version)
{
	(void)data;
	if (strcmp(interface, kde_output_device_v2_interface.name) == 0 && !device)
		device = wl_registry_bind(registry, name, &kde_output_device_v2_interface, 1);
	else if (strcmp(interface, kde_output_management_v2_interface.name) == 0 && !management)
		management = wl_registry_bind(registry, name, &kde_output_management_v2_interface, 1);
	(void)version;
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static void applied(void *data, struct kde_output_configuration_v2 *configuration)
{
	(void)data; (void)configuration;
	result = 1;
}

static void failed(void *data, struct kde_output_configuration_v2 *configuration)
{
	(void)data; (void)configuration;
	result = -1;
}

static const struct kde_output_configuration_v2_listener configuration_listener = { applied, failed };

int main(int argc, char **argv)
{
	char *end;
	double scale;
	struct wl_display *display;
	struct kde_output_configuration_v2 *configuration;

	if (argc != 2 || (scale = strtod(argv[1], &end), *end != '\0') || !(scale > 0 && scale <= 8)) {
		fprintf(stderr, "usage: kwin-output-scale SCALE (0 < SCALE <= 8)\n");
		return 64;
	}
	display = wl_display_connect(NULL);
	if (!display) {
		printf("error cannot connect to $WAYLAND_DISPLAY\n");
		return 1;
	}
	wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!device || !management) {
		printf("error KWin offers no kde_output_device_v2 or kde_output_management_v2\n");
		return 1;
	}
	configuration = kde_output_management_v2_create_configuration(management);
	kde_output_configuration_v2_add_listener(configuration, &configuration_listener, NULL);
	kde_output_configuration_v2_scale(configuration, device, wl_fixed_from_double(scale));
	kde_output_configuration_v2_apply(configuration);
	while (result == 0 && wl_display_dispatch(display) >= 0) {
	}
	if (result != 1) {
		printf("error KWin did not apply scale %s\n", argv[1]);
		return 1;
	}
	printf("ok scale %s\n", argv[1]);
	wl_display_disconnect(display);
	return 0;
}
