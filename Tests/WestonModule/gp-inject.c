/*
 * gp-inject: the test driver. Connects to $WAYLAND_DISPLAY, binds gp_test
 * (served by gesture-playground-test.so), reads commands from standard input,
 * one per line, runs them in order and prints exactly one line per command,
 * "ok ..." or "error ...", flushing standard output after each, so a test can
 * drive it interactively through pipes. Empty lines and lines starting with
 * '#' are ignored and get no reply. End of input or `quit` ends it (status 0);
 * a lost connection ends it with status 1 after its error line. Start-up
 * failures go to standard error, status 1.
 *
 * Commands (coordinates are global compositor pixels, decimals allowed):
 *   touch-down ID X Y | touch-motion ID X Y | touch-up ID | touch-frame | touch-cancel
 *   pointer-motion X Y | pointer-button BUTTON STATE | pointer-frame
 *   pointer-axis AXIS VALUE [DISCRETE] | pointer-axis-source SOURCE
 *   key CODE STATE
 *   touch-capability on|off | pointer-clear-focus | seat-remove | seat-add
 *                          device faults (protocol version 3)
 *   sequence-touch FRAME down|motion ID X Y | sequence-touch FRAME up ID
 *   sequence-pen FRAME down|motion X Y | sequence-pen FRAME up
 *   sequence-play PERIOD_MS
 *                          touch (and tablet pen) frames injected from a timer
 *                          in Weston's loop (version 2; the pen version 6,
 *                          Weston 13 and later; inject-sequence.c)
 *   output-scale N | hold-buffers MS | wait-buffers-released
 *                          output and buffer faults (version 4, inject-faults.c)
 *   tablet-in pen|eraser X Y | tablet-out | tablet-down | tablet-up |
 *   tablet-motion X Y | tablet-pressure P | tablet-distance D | tablet-tilt X Y |
 *   tablet-frame           gp-seat's tablet tools (version 5, Weston 13 and
 *                          later, inject-tablet.c)
 *   tablet-button CODE pressed|released
 *                          a button of the tool near (version 7; 331 is the
 *                          pen's first barrel button)
 *     BUTTON: left right middle side extra or a Linux code (272, 0x110)
 *     STATE: pressed released (or 1 0); AXIS: vertical horizontal
 *     SOURCE: wheel finger continuous wheel-tilt; CODE: an evdev key code
 *   time now | time +MS | time MS | time live
 *                          timestamps of later injections (a virtual clock):
 *                          pinned to now (or to the last virtual time, if that
 *                          is later), advanced by MS milliseconds, MS after
 *                          gp-inject started (all CLOCK_MONOTONIC), or live
 *                          again (never earlier than the last time used)
 *                          -> ok time SECONDS (or ok time live)
 *   wait-commit            -> ok commit COUNT SECONDS
 *   wait-repaint           -> ok repaint COUNT SECONDS
 *   wait-window            -> ok window X Y WIDTH HEIGHT
 *   capture PATH           -> ok capture WIDTH HEIGHT PATH
 *   sync                   -> ok sync (a round trip with the compositor)
 *   timeout MS             -> ok timeout MS (limit of every wait; default 5000)
 *   quit                   -> ok quit
 * Injections reply "ok COMMAND" after a round trip, so the compositor has
 * handled them. SECONDS are CLOCK_MONOTONIC, with microseconds. A protocol
 * error (e.g. touch-up for a finger that is not down) ends the connection:
 * its error line names the object and libwayland prints the message on
 * standard error.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "inject-connection.h"

static struct timespec start_time;
static struct timespec event_time; /* the explicit timestamp, if explicit_time */
static bool explicit_time;

static void
add_milliseconds(struct timespec *time, double ms)
{
	long long ns = llround(ms * 1e6);

	time->tv_sec += (time_t)(ns / 1000000000LL);
	time->tv_nsec += (long)(ns % 1000000000LL);
	time->tv_sec += time->tv_nsec / 1000000000L;
	time->tv_nsec %= 1000000000L;
}

bool
parse_number(const char *text, double *value)
{
	char *end;

	if (!text)
		return false;
	errno = 0;
	*value = strtod(text, &end);
	return errno == 0 && end != text && *end == '\0';
}

bool
parse_uint(const char *text, uint32_t *value)
{
	char *end;
	unsigned long v;

	if (!text)
		return false;
	errno = 0;
	v = strtoul(text, &end, 0);
	if (errno != 0 || end == text || *end != '\0' || v > UINT32_MAX)
		return false;
	*value = (uint32_t)v;
	return true;
}

/** Looks text up in names (NULL-terminated, value = index + base), else a number. */
bool
parse_enum(const char *text, const char *const *names, const uint32_t *values, uint32_t *value)
{
	if (!text)
		return false;
	for (int i = 0; names[i]; i++) {
		if (strcasecmp(text, names[i]) == 0) {
			*value = values[i];
			return true;
		}
	}
	return parse_uint(text, value);
}

static const char *const state_names[] = { "released", "pressed", "up", "down", NULL };
static const uint32_t state_values[] = { 0, 1, 0, 1 };
static const char *const button_names[] = { "left", "right", "middle", "side", "extra", NULL };
static const uint32_t button_values[] = { 0x110, 0x111, 0x112, 0x113, 0x114 };
static const char *const axis_names[] = { "vertical", "horizontal", NULL };
static const uint32_t axis_values[] = { 0, 1 };
static const char *const source_names[] = { "wheel", "finger", "continuous", "wheel-tilt", NULL };
static const uint32_t source_values[] = { 0, 1, 2, 3 };

#define MAX_ARGS 8

/** Runs one command line (already split); prints its reply line. */
static void
run_command(int argc, char **argv)
{
	const char *cmd = argv[0];
	double x, y, value;
	uint32_t a, b, id;
	bool injected = true;

#define USAGE(text) do { reply_line("error usage: %s", text); return; } while (0)
	if (strcmp(cmd, "touch-down") == 0 || strcmp(cmd, "touch-motion") == 0) {
		if (argc != 4 || !parse_uint(argv[1], &id) || !parse_number(argv[2], &x) ||
		    !parse_number(argv[3], &y))
			USAGE("touch-down|touch-motion ID X Y");
		if (cmd[6] == 'd')
			gp_test_touch_down(gp_test, (int32_t)id, wl_fixed_from_double(x), wl_fixed_from_double(y));
		else
			gp_test_touch_motion(gp_test, (int32_t)id, wl_fixed_from_double(x), wl_fixed_from_double(y));
	} else if (strcmp(cmd, "touch-up") == 0) {
		if (argc != 2 || !parse_uint(argv[1], &id))
			USAGE("touch-up ID");
		gp_test_touch_up(gp_test, (int32_t)id);
	} else if (strcmp(cmd, "touch-frame") == 0 && argc == 1) {
		gp_test_touch_frame(gp_test);
	} else if (strcmp(cmd, "touch-cancel") == 0 && argc == 1) {
		gp_test_touch_cancel(gp_test);
	} else if (strcmp(cmd, "pointer-motion") == 0) {
		if (argc != 3 || !parse_number(argv[1], &x) || !parse_number(argv[2], &y))
			USAGE("pointer-motion X Y");
		gp_test_pointer_motion(gp_test, wl_fixed_from_double(x), wl_fixed_from_double(y));
	} else if (strcmp(cmd, "pointer-button") == 0) {
		if (argc != 3 || !parse_enum(argv[1], button_names, button_values, &a) ||
		    !parse_enum(argv[2], state_names, state_values, &b))
			USAGE("pointer-button left|right|middle|CODE pressed|released");
		gp_test_pointer_button(gp_test, a, b);
	} else if (strcmp(cmd, "pointer-axis") == 0) {
		double discrete = 0;

		if ((argc != 3 && argc != 4) || !parse_enum(argv[1], axis_names, axis_values, &a) ||
		    !parse_number(argv[2], &value) || (argc == 4 && !parse_number(argv[3], &discrete)))
			USAGE("pointer-axis vertical|horizontal VALUE [DISCRETE]");
		gp_test_pointer_axis(gp_test, a, wl_fixed_from_double(value), (int32_t)discrete);
	} else if (strcmp(cmd, "pointer-axis-source") == 0) {
		if (argc != 2 || !parse_enum(argv[1], source_names, source_values, &a))
			USAGE("pointer-axis-source wheel|finger|continuous|wheel-tilt");
		gp_test_pointer_axis_source(gp_test, a);
	} else if (strcmp(cmd, "pointer-frame") == 0 && argc == 1) {
		gp_test_pointer_frame(gp_test);
	} else if (strcmp(cmd, "key") == 0) {
		if (argc != 3 || !parse_uint(argv[1], &a) ||
		    !parse_enum(argv[2], state_names, state_values, &b))
			USAGE("key CODE pressed|released");
		gp_test_key(gp_test, a, b);
	} else if (strcmp(cmd, "touch-capability") == 0) {
		if (argc != 2 || (strcmp(argv[1], "on") != 0 && strcmp(argv[1], "off") != 0))
			USAGE("touch-capability on|off");
		gp_test_touch_capability(gp_test, argv[1][1] == 'n');
	} else if (strcmp(cmd, "pointer-clear-focus") == 0 && argc == 1) {
		gp_test_pointer_clear_focus(gp_test);
	} else if (strcmp(cmd, "seat-remove") == 0 && argc == 1) {
		gp_test_seat_remove(gp_test);
	} else if (strcmp(cmd, "seat-add") == 0 && argc == 1) {
		gp_test_seat_add(gp_test);
	} else {
		injected = false;
	}
	if (injected) {
		if (check_wait(round_trip(), "the compositor"))
			reply_line("ok %s", cmd);
		return;
	}

	if (strcmp(cmd, "time") == 0) {
		if (argc == 2 && strcmp(argv[1], "live") == 0) {
			explicit_time = false;
			gp_test_set_time(gp_test, 0, 0, 0);
			reply_line("ok time live");
			return;
		}
		if (argc == 2 && strcmp(argv[1], "now") == 0) {
			struct timespec now;

			/* Never behind a virtual clock that ran ahead of the real one. */
			clock_gettime(CLOCK_MONOTONIC, &now);
			if (now.tv_sec > event_time.tv_sec ||
			    (now.tv_sec == event_time.tv_sec && now.tv_nsec > event_time.tv_nsec))
				event_time = now;
		} else if (argc == 2 && argv[1][0] == '+' && parse_number(argv[1] + 1, &value) &&
			   value >= 0 && explicit_time) {
			add_milliseconds(&event_time, value);
		} else if (argc == 2 && argv[1][0] != '+' && parse_number(argv[1], &value) && value >= 0) {
			event_time = start_time;
			add_milliseconds(&event_time, value);
		} else {
			USAGE("time now|+MS|MS|live (+MS needs an explicit time first)");
		}
		explicit_time = true;
		gp_test_set_time(gp_test, (uint32_t)((uint64_t)event_time.tv_sec >> 32),
				 (uint32_t)((uint64_t)event_time.tv_sec & 0xffffffffu),
				 (uint32_t)event_time.tv_nsec);
		reply_line("ok time %lld.%06ld", (long long)event_time.tv_sec,
			   event_time.tv_nsec / 1000);
	} else if (strcmp(cmd, "timeout") == 0) {
		if (argc != 2 || !parse_uint(argv[1], &a) || a == 0 || a > 600000)
			USAGE("timeout MS (1...600000)");
		timeout_ms = (int)a;
		reply_line("ok timeout %d", timeout_ms);
	} else if (strcmp(cmd, "sync") == 0 && argc == 1) {
		if (check_wait(round_trip(), "the compositor"))
			reply_line("ok sync");
	} else if (strcmp(cmd, "quit") == 0 && argc == 1) {
		reply_line("ok quit");
		exit(0);
	} else if ((strcmp(cmd, "wait-commit") == 0 || strcmp(cmd, "wait-repaint") == 0 ||
		    strcmp(cmd, "wait-window") == 0) && argc == 1) {
		begin_reply();
		if (cmd[5] == 'c')
			gp_test_wait_commit(gp_test, reply.token);
		else if (cmd[5] == 'r')
			gp_test_wait_repaint(gp_test, reply.token);
		else
			gp_test_wait_window(gp_test, reply.token);
		if (!check_wait(dispatch_until(&reply.done), cmd + 5))
			return;
		if (cmd[5] == 'w')
			reply_line("ok window %d %d %d %d", reply.x, reply.y, reply.width, reply.height);
		else
			reply_line("ok %s %u %.6f", cmd[5] == 'c' ? "commit" : "repaint",
				   reply.count, reply.seconds);
	} else if (strcmp(cmd, "capture") == 0) {
		if (argc != 2 || argv[1][0] != '/')
			USAGE("capture /ABSOLUTE/PATH.png");
		if (capture_by_protocol()) {
			run_protocol_capture(argv[1]);
			return;
		}
		begin_reply();
		gp_test_capture(gp_test, reply.token, argv[1]);
		if (!check_wait(dispatch_until(&reply.done), "the capture"))
			return;
		if (reply.failed)
			reply_line("error capture failed: %s", reply.reason);
		else
			reply_line("ok capture %d %d %s", reply.width, reply.height, argv[1]);
	} else if (!run_fault_command(argc, argv) && !run_sequence_command(argc, argv) &&
		   !run_tablet_command(argc, argv)) {
		reply_line("error unknown command or wrong arguments: %s", cmd);
	}
#undef USAGE
}

int
main(void)
{
	char *line = NULL;
	size_t capacity = 0;

	clock_gettime(CLOCK_MONOTONIC, &start_time);
	if (!connect_to_compositor())
		return 1;
	while (getline(&line, &capacity, stdin) >= 0) {
		char *argv[MAX_ARGS + 1];
		int argc = 0;
		char *save = NULL;

		for (char *word = strtok_r(line, " \t\r\n", &save); word;
		     word = strtok_r(NULL, " \t\r\n", &save)) {
			if (argc == MAX_ARGS) {
				argc = MAX_ARGS + 1;
				break;
			}
			argv[argc++] = word;
		}
		if (argc == 0 || argv[0][0] == '#')
			continue;
		if (argc > MAX_ARGS) {
			reply_line("error too many arguments");
			continue;
		}
		argv[argc] = NULL;
		run_command(argc, argv);
	}
	free(line);
	disconnect_from_compositor();
	return 0;
}
