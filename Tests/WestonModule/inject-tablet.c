/*
 * gp-inject's version 5 commands: gp-seat's tablet tools (see the XML; Weston
 * 13 and later, an error from the module on Weston 10).
 *   tablet-in pen|eraser X Y   the tool comes near at (X, Y)
 *   tablet-out                 the tool near leaves
 *   tablet-down, tablet-up     its tip touches the surface, lifts
 *   tablet-motion X Y          it moves
 *   tablet-pressure P          its pressure, 0...1
 *   tablet-distance D          its distance, 0...1
 *   tablet-tilt X Y            its tilt, whole degrees -90...90
 *   tablet-frame               ends its group of events
 * Each replies "ok COMMAND" once the compositor has handled it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inject-connection.h"

static bool
parse_real(const char *text, double *value)
{
	char *end;

	*value = strtod(text, &end);
	return end != text && *end == '\0' && isfinite(*value);
}

bool
run_tablet_command(int argc, char **argv)
{
	const char *cmd = argv[0];
	double x, y;

	if (strncmp(cmd, "tablet-", 7) != 0)
		return false;
	if (!require_version(cmd, 5))
		return true;
	if (strcmp(cmd, "tablet-in") == 0) {
		if (argc != 4 || (strcmp(argv[1], "pen") != 0 && strcmp(argv[1], "eraser") != 0) ||
		    !parse_real(argv[2], &x) || !parse_real(argv[3], &y)) {
			reply_line("error usage: tablet-in pen|eraser X Y");
			return true;
		}
		gp_test_tablet_proximity_in(gp_test, argv[1][0] == 'p' ? GP_TEST_TABLET_TOOL_PEN
									 : GP_TEST_TABLET_TOOL_ERASER,
					    wl_fixed_from_double(x), wl_fixed_from_double(y));
	} else if (strcmp(cmd, "tablet-out") == 0 && argc == 1) {
		gp_test_tablet_proximity_out(gp_test);
	} else if (strcmp(cmd, "tablet-down") == 0 && argc == 1) {
		gp_test_tablet_down(gp_test);
	} else if (strcmp(cmd, "tablet-up") == 0 && argc == 1) {
		gp_test_tablet_up(gp_test);
	} else if (strcmp(cmd, "tablet-frame") == 0 && argc == 1) {
		gp_test_tablet_frame(gp_test);
	} else if (strcmp(cmd, "tablet-motion") == 0) {
		if (argc != 3 || !parse_real(argv[1], &x) || !parse_real(argv[2], &y)) {
			reply_line("error usage: tablet-motion X Y");
			return true;
		}
		gp_test_tablet_motion(gp_test, wl_fixed_from_double(x), wl_fixed_from_double(y));
	} else if (strcmp(cmd, "tablet-pressure") == 0 || strcmp(cmd, "tablet-distance") == 0) {
		if (argc != 2 || !parse_real(argv[1], &x) || x < 0 || x > 1) {
			reply_line("error usage: %s 0...1", cmd);
			return true;
		}
		if (cmd[7] == 'p')
			gp_test_tablet_pressure(gp_test, (uint32_t)lround(x * 65535));
		else
			gp_test_tablet_distance(gp_test, (uint32_t)lround(x * 65535));
	} else if (strcmp(cmd, "tablet-button") == 0) {
		if (!require_version(cmd, 7))
			return true;
		if (argc != 3 || !parse_real(argv[1], &x) || x < 0 || x > 0xffff || x != floor(x) ||
		    (strcmp(argv[2], "pressed") != 0 && strcmp(argv[2], "released") != 0)) {
			reply_line("error usage: tablet-button CODE pressed|released (331: the barrel)");
			return true;
		}
		gp_test_tablet_button(gp_test, (uint32_t)x, argv[2][0] == 'p');
	} else if (strcmp(cmd, "tablet-tilt") == 0) {
		if (argc != 3 || !parse_real(argv[1], &x) || !parse_real(argv[2], &y) || fabs(x) > 90 ||
		    fabs(y) > 90) {
			reply_line("error usage: tablet-tilt X Y (whole degrees, -90...90)");
			return true;
		}
		gp_test_tablet_tilt(gp_test, (int32_t)lround(x), (int32_t)lround(y));
	} else {
		reply_line("error unknown tablet command %s", cmd);
		return true;
	}
	if (check_wait(round_trip(), "the compositor"))
		reply_line("ok %s", cmd);
	return true;
}
