/*
 * gp-inject's version 4 commands: output and buffer faults (see the XML).
 *   output-scale N         the output's scale becomes N (1...4), its logical
 *                          size kept -> ok output-scale N
 *   hold-buffers MS        client buffers committed during the next MS
 *                          milliseconds stay busy until then; replies once
 *                          the hold has started -> ok hold-buffers MS
 *   wait-buffers-released  waits for the end of that hold (the module's
 *                          timer, not the driver's); REFS is the number of
 *                          buffer references it took -> ok buffers-released REFS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inject-connection.h"

struct hold_reply hold;

static bool
parse_count(const char *text, long low, long high, long *value)
{
	char *end;

	*value = strtol(text, &end, 10);
	return end != text && *end == '\0' && *value >= low && *value <= high;
}

bool
run_fault_command(int argc, char **argv)
{
	const char *cmd = argv[0];
	long value;

	if (strcmp(cmd, "output-scale") == 0) {
		if (argc != 2 || !parse_count(argv[1], 1, 4, &value)) {
			reply_line("error usage: output-scale 1...4");
			return true;
		}
		if (!require_version(cmd, 4))
			return true;
		gp_test_output_scale(gp_test, (int32_t)value);
		if (check_wait(round_trip(), "the compositor"))
			reply_line("ok output-scale %ld", value);
	} else if (strcmp(cmd, "hold-buffers") == 0) {
		if (argc != 2 || !parse_count(argv[1], 1, 60000, &value)) {
			reply_line("error usage: hold-buffers MS (1...60000)");
			return true;
		}
		if (!require_version(cmd, 4))
			return true;
		if (hold.active && !hold.done) {
			reply_line("error a hold is in progress (wait-buffers-released first)");
			return true;
		}
		memset(&hold, 0, sizeof hold);
		hold.token = begin_reply();
		hold.active = true;
		gp_test_hold_buffers(gp_test, hold.token, (uint32_t)value);
		if (check_wait(round_trip(), "the compositor"))
			reply_line("ok hold-buffers %ld", value);
	} else if (strcmp(cmd, "wait-buffers-released") == 0 && argc == 1) {
		if (!hold.active) {
			reply_line("error no hold-buffers to wait for");
			return true;
		}
		if (!check_wait(dispatch_until(&hold.done), "the end of the hold"))
			return true;
		hold.active = false;
		reply_line("ok buffers-released %u", hold.buffers);
	} else {
		return false;
	}
	return true;
}
