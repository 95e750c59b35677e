/*
 * gp-exec PROGRAM [ARGUMENT...]: runs PROGRAM (searched in $PATH) in this
 * process with a clean signal state, for the end-to-end tests.
 *
 * Processes started from the Swift test runner inherit its threads' signal
 * mask, which blocks nearly every signal (SIGTERM included), and the
 * harness's SIG_IGN for SIGPIPE; the exec'd program would keep both, so it
 * could not be stopped with SIGTERM and would behave unlike a program started
 * from a shell. gp-exec unblocks all signals, returns ignored ones to their
 * default action, and execs PROGRAM under the same process id.
 */
#define _GNU_SOURCE /* NSIG */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	sigset_t none;

	if (argc < 2) {
		fprintf(stderr, "usage: gp-exec PROGRAM [ARGUMENT...]\n");
		return 127;
	}
	for (int signo = 1; signo < NSIG; signo++) {
		struct sigaction action;

		if (sigaction(signo, NULL, &action) == 0 && action.sa_handler == SIG_IGN) {
			action.sa_handler = SIG_DFL;
			sigaction(signo, &action, NULL);
		}
	}
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execvp(argv[1], argv + 1);
	fprintf(stderr, "gp-exec: cannot run %s: %s\n", argv[1], strerror(errno));
	return 127;
}
