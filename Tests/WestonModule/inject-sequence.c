/*
 * gp-inject's timed sequence commands (gp_test version 2, the pen 6; see the XML), the
 * same playback gp-bench uses: a finger's steady stream, injected from a
 * timerfd in Weston's loop whatever the clients do.
 *   sequence-touch FRAME down|motion ID X Y | sequence-touch FRAME up ID
 *                          appends a touch event to input frame FRAME (0, 1,
 *                          ...) of the sequence -> ok sequence-touch
 *   sequence-pen FRAME down|motion X Y | sequence-pen FRAME up
 *                          (version 6, Weston 13 and later) appends an event
 *                          of gp-seat's tablet pen to frame FRAME: down brings
 *                          it near and puts its tip down, up lifts it and
 *                          takes it away -> ok sequence-pen
 *   sequence-play PERIOD_MS
 *                          injects the sequence's frames, one every PERIOD_MS
 *                          milliseconds (decimals allowed), never waiting on a
 *                          client; replies once the last one is injected, with
 *                          the largest lateness of a frame behind its time
 *                          (the timeout applies) -> ok sequence FRAMES LATE_MS
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inject-connection.h"

static const char *const kind_names[] = { "down", "motion", "up", NULL };
static const uint32_t kind_values[] = {
	GP_TEST_TOUCH_KIND_DOWN, GP_TEST_TOUCH_KIND_MOTION, GP_TEST_TOUCH_KIND_UP
};

bool
run_sequence_command(int argc, char **argv)
{
	const char *cmd = argv[0];
	uint32_t frame, kind, id;
	double x = 0, y = 0, period;

	if (strcmp(cmd, "sequence-touch") == 0) {
		if (argc < 4 || !parse_uint(argv[1], &frame) ||
		    !parse_enum(argv[2], kind_names, kind_values, &kind) || kind > GP_TEST_TOUCH_KIND_UP ||
		    !parse_uint(argv[3], &id) ||
		    (kind == GP_TEST_TOUCH_KIND_UP
			 ? argc != 4
			 : argc != 6 || !parse_number(argv[4], &x) || !isfinite(x) ||
				   !parse_number(argv[5], &y) || !isfinite(y))) {
			reply_line("error usage: sequence-touch FRAME down|motion ID X Y | sequence-touch FRAME up ID");
			return true;
		}
		if (!require_version(cmd, 2))
			return true;
		gp_test_sequence_touch(gp_test, frame, kind, (int32_t)id, wl_fixed_from_double(x),
				       wl_fixed_from_double(y));
		if (check_wait(round_trip(), "the compositor"))
			reply_line("ok sequence-touch");
		return true;
	}
	if (strcmp(cmd, "sequence-pen") == 0) {
		if (argc < 3 || !parse_uint(argv[1], &frame) ||
		    !parse_enum(argv[2], kind_names, kind_values, &kind) || kind > GP_TEST_TOUCH_KIND_UP ||
		    (kind == GP_TEST_TOUCH_KIND_UP
			 ? argc != 3
			 : argc != 5 || !parse_number(argv[3], &x) || !isfinite(x) ||
				   !parse_number(argv[4], &y) || !isfinite(y))) {
			reply_line("error usage: sequence-pen FRAME down|motion X Y | sequence-pen FRAME up");
			return true;
		}
		if (!require_version(cmd, 6))
			return true;
		gp_test_sequence_touch(gp_test, frame, kind + GP_TEST_TOUCH_KIND_PEN_DOWN, -1,
				       wl_fixed_from_double(x), wl_fixed_from_double(y));
		if (check_wait(round_trip(), "the compositor"))
			reply_line("ok sequence-pen");
		return true;
	}
	if (strcmp(cmd, "sequence-play") == 0) {
		if (argc != 2 || !parse_number(argv[1], &period) || !(period > 0) || period > 4000) {
			reply_line("error usage: sequence-play PERIOD_MS (0 < PERIOD_MS <= 4000)");
			return true;
		}
		if (!require_version(cmd, 2))
			return true;
		begin_reply();
		gp_test_sequence_play(gp_test, reply.token, (uint32_t)llround(period * 1e6));
		if (check_wait(dispatch_until(&reply.done), "the sequence"))
			reply_line("ok sequence %u %.3f", reply.count, reply.seconds * 1e3);
		return true;
	}
	return false;
}
