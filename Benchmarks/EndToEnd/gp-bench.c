/*
 * gp-bench: the end-to-end benchmark driver (`make bench`, scripts/bench.sh).
 *
 *   gp-bench [--reps N] [--warmup N] [--pen] --out DIR CLIENTS-FILE
 *
 * Connects to $WAYLAND_DISPLAY, a headless Weston running
 * Tests/WestonModule's gesture-playground-test.so, and binds gp_test
 * version 2 (6 with --pen). CLIENTS-FILE has one client a line, four tab-separated fields:
 *
 *   NAME  TARGET  ENV  PROGRAM ARGUMENT...
 *
 * TARGET says where the traces go in the client's window: "cards" (the
 * gesture-playground cards scene: the drag on the red card, the pinch-rotate
 * on the purple one), "centre" (around the window's centre) or "lower" (around
 * the centre of the window's lower half, GTK's drawingarea scribble area).
 * ENV is "-" or space-separated NAME=VALUE pairs; the arguments are split at
 * spaces.
 *
 * Rounds: WARMUP unmeasured rounds, then REPS measured ones; every round
 * launches every client once, in file order (so clients are interleaved), and
 * per launch:
 *   1. trace_start; fork; the child stamps CLOCK_MONOTONIC and execs the
 *      client (same pid); wait_window; 500 ms to settle; trace_dump. Startup
 *      is the stamp to the first commit by that pid that carries a buffer.
 *   2. the drag trace: 200 frames at the period (120 Hz), one finger: down,
 *      198 motions, up; played by the module's timer, never waiting on the
 *      client (with GP_TEST_REPAINT_ALWAYS=1, where the output repaints
 *      every cycle, started after a repaint plus (round % 8) eighths of a
 *      25 ms cycle, so that over eight launches the inputs meet every phase
 *      of the compositor's repaint cycle); schedstat of all the client's
 *      threads read just before sequence_play and 100 ms after sequence_done (client CPU: the run
 *      time; wake-ups: the timeslices, the times a thread was put on a CPU,
 *      about one per wake-up of a client that sleeps between events);
 *      trace_dump.
 *   3. the pinch-rotate trace: 240 frames, two fingers, the distance from
 *      the centre growing 2.25x and the pair turning 90 degrees while the
 *      centre drifts, so a two-finger pan moves too; measured like the drag.
 *   3b. with --pen (Weston 13 or later), for the clients on the cards scene only:
 *      the drag's trace played by gp-seat's tablet pen (gp_test version 6's
 *      pen entries: proximity in with half pressure and the tip down, the
 *      motions, the tip up and proximity out, each frame closed by a tablet
 *      frame), measured like the drag: a pen drag against a finger's. Every
 *      other round the pen drags first (then the pinch, then the finger), so
 *      neither drag always pays the launch's one-time costs; the second drag
 *      plays the trace backwards, bringing the red card back.
 *   4. VmHWM from /proc/PID/status, then SIGTERM (SIGKILL after 2 s) to that
 *      pid only.
 * Per input frame with a motion: the next commit of the client that shows
 * something new (input -> commit): one that carries a buffer, or applies a
 * subsurface's new position (a client that moves a layer instead of drawing;
 * a synchronized subsurface's own commits count with its parent's, which
 * shows them; observe.c in the module), and the first output repaint ending after that
 * commit (input -> on screen). "Once moving" pools only the frames from the
 * last one injected before the client's first commit showing something new
 * after the first motion (its first reaction: a recognizer's hysteresis holds
 * it back until the gesture begins, and that commit answers every earlier
 * frame at once; for a client that draws every input, every frame); "first
 * motion -> first reaction" is the median over launches of the time from the
 * first motion's injection to the repaint showing that commit.
 * The earliest repaint of a frame once moving: the first output repaint ending more than
 * EARLIEST_SLACK_NS after its injection, the one a commit made at once could have reached;
 * its median over the frames is where the inputs fell in the compositor's cycle (for an
 * output that idles, among the repaints that took place), and the frames shown by a later
 * repaint are those the client held back (or whose commit came too late). Of those, "held"
 * counts the frames injected after the client had already committed for that repaint (a
 * buffer commit since the repaint before it): they waited for its next commit. The others'
 * commit came too late for that repaint.
 * Commits/s and repaints/s count between the
 * first and the last injection of the trace (so a commit just before the last
 * injection, presented after it, makes one more commit than repaints).
 * Commits sharing a repaint: over the whole trace, every such commit after the
 * first one since the last output repaint (summed over the rounds): zero for a
 * client that commits at most once per repaint. A client with fewer than
 * NO_REDRAW_PER_S buffer commits/s during a trace does not react to it: the
 * table says so instead of giving latencies.
 *
 * Writes DIR/results.md (the tables), DIR/runs.csv (every measured launch)
 * and the raw traces DIR/trace-ROUND-CLIENT-PHASE.txt; prints the tables.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>

#include "gesture-playground-test-v1-client-protocol.h"

#define MAX_CLIENTS 16
#define MAX_ROUNDS 64
#define DRAG_FRAMES 200
#define PINCH_FRAMES 240
#define SETTLE_MS 500
#define AFTER_TRACE_MS 100
/* The sequence's start is swept over PHASE_STEPS points of a repaint cycle of about
 * PHASE_CYCLE_US (headless Weston 10: a 16 ms timer, then a refresh period less the 7 ms
 * repaint window, about 25 ms), one point per launch. */
#define PHASE_STEPS 8
#define PHASE_CYCLE_US 25000L

/* GP_TEST_REPAINT_ALWAYS=1 in the environment (scripts/bench.sh's BENCH_REPAINT_ALWAYS):
 * Weston's module keeps the output repainting, and the sequences' starts are swept. */
static bool repaint_always;
/* Below this many such commits per second during a trace the client is taken
 * not to react to it (gtk4-demo gestures ignores a one-finger drag, drawingarea
 * a two-finger pinch): its latencies would measure unrelated later commits. */
#define NO_REDRAW_PER_S 2.0
/* An output repaint ending more than this after an input could have shown it, had the client
 * committed at once: weston-simple-touch, which commits every input within 0.2 ms, is shown
 * later than that for 7 of 11,754 injections once moving, over two runs (BENCHMARKS.md,
 * session 26). */
#define EARLIEST_SLACK_NS 500000

enum phase { PHASE_DRAG, PHASE_PINCH, PHASE_PEN, PHASE_COUNT };
static const char *const phase_names[] = { "drag", "pinch-rotate", "pen-drag" };
static const char *const phase_titles[] = { "Drag", "Pinch-rotate", "Pen drag" };
/* --pen: the pen drag too, for the clients on the cards scene (Weston 13 or later). */
static bool pen_phase;

/** Whether this run measures the phase (the pen drag only with --pen). */
static bool
phase_measured(int phase)
{
	return phase != PHASE_PEN || pen_phase;
}

/** A growable array of doubles (milliseconds). */
struct samples {
	double *v;
	size_t n, cap;
};

static void
samples_add(struct samples *s, double value)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 256;
		s->v = realloc(s->v, s->cap * sizeof *s->v);
		if (!s->v) {
			perror("gp-bench");
			exit(1);
		}
	}
	s->v[s->n++] = value;
}

static int
compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/** The q-quantile (0..1) with linear interpolation; NAN when empty. */
static double
quantile(struct samples *s, double q)
{
	double pos;
	size_t i;

	if (s->n == 0)
		return NAN;
	qsort(s->v, s->n, sizeof *s->v, compare_doubles);
	pos = q * (double)(s->n - 1);
	i = (size_t)pos;
	if (i + 1 >= s->n)
		return s->v[s->n - 1];
	return s->v[i] + (pos - (double)i) * (s->v[i + 1] - s->v[i]);
}

struct phase_result {
	struct samples commit_ms, screen_ms; /* pooled over rounds */
	struct samples moving_ms;   /* screen_ms of the frames from the one that first moved it */
	struct samples earliest_ms; /* those frames' input -> the earliest repaint that could show them */
	unsigned moving_inputs, late_inputs; /* those frames, and those shown after that repaint */
	unsigned held_inputs; /* late ones that came after the client's commit for that repaint */
	unsigned behind_late; /* held ones whose commit was itself late (it missed a repaint) */
	struct samples missless_ms; /* moving_ms, the frames late for a missed commit at their earliest */
	struct samples reaction_ms; /* first motion to the first reaction on screen, one per round */
	struct samples commits_per_s, repaints_per_s, cpu_ms, wakeups; /* one per round */
	unsigned inputs, unanswered;
	unsigned shared; /* commits that shared an output repaint with an earlier one, all rounds */
	double late_max_ms;
};

struct client {
	char name[64];
	char target[16];
	char *env[32];
	int env_count;
	char *argv[32];
	struct samples startup_ms, rss_mib;
	struct phase_result phases[PHASE_COUNT];
	unsigned failures;
};

static struct client clients[MAX_CLIENTS];
static int client_count;
static const char *out_dir;
static FILE *runs_csv;

/* ---- the connection --------------------------------------------------- */

static struct wl_display *display;
static struct gp_test *gp_test;
static uint32_t next_token = 1;

static struct {
	uint32_t token;
	bool done, failed;
	int32_t x, y, width, height;
	uint32_t count, late_ns;
	char reason[512];
} reply;

static void
on_committed(void *d, struct gp_test *t, uint32_t token, uint32_t commits, uint32_t hi,
	     uint32_t lo, uint32_t ns)
{
	if (token == reply.token)
		reply.done = true;
}

static void
on_repainted(void *d, struct gp_test *t, uint32_t token, uint32_t repaints, uint32_t hi,
	     uint32_t lo, uint32_t ns)
{
	if (token == reply.token)
		reply.done = true;
}

static void
on_window(void *d, struct gp_test *t, uint32_t token, int32_t x, int32_t y, int32_t w, int32_t h)
{
	if (token != reply.token)
		return;
	reply.done = true;
	reply.x = x;
	reply.y = y;
	reply.width = w;
	reply.height = h;
}

static void
on_captured(void *d, struct gp_test *t, uint32_t token, int32_t w, int32_t h)
{
}

static void
on_capture_failed(void *d, struct gp_test *t, uint32_t token, const char *reason)
{
	if (token != reply.token)
		return;
	reply.done = reply.failed = true;
	snprintf(reply.reason, sizeof reply.reason, "%s", reason);
}

static void
on_sequence_done(void *d, struct gp_test *t, uint32_t token, uint32_t frames, uint32_t late_ns)
{
	if (token != reply.token)
		return;
	reply.done = true;
	reply.count = frames;
	reply.late_ns = late_ns;
}

static void
on_trace_dumped(void *d, struct gp_test *t, uint32_t token, uint32_t records)
{
	if (token != reply.token)
		return;
	reply.done = true;
	reply.count = records;
}

static const struct gp_test_listener listener = {
	.committed = on_committed,
	.repainted = on_repainted,
	.window = on_window,
	.captured = on_captured,
	.capture_failed = on_capture_failed,
	.sequence_done = on_sequence_done,
	.trace_dumped = on_trace_dumped,
};

static void
registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
		uint32_t version)
{
	if (strcmp(interface, gp_test_interface.name) == 0 && !gp_test) {
		if (version < 2) {
			fprintf(stderr, "gp-bench: gp_test is version %u; rebuild Tests/WestonModule\n",
				version);
			exit(1);
		}
		if (pen_phase && version < 6) {
			fprintf(stderr, "gp-bench: --pen needs gp_test version 6, not %u; rebuild Tests/WestonModule\n",
				version);
			exit(1);
		}
		gp_test = wl_registry_bind(registry, name, &gp_test_interface, pen_phase ? 6 : 2);
	}
}

static void
registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = { registry_global,
							       registry_global_remove };

static uint64_t
now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/** Dispatches until the reply came (true) or timeout_ms passed (false); exits on a dead connection. */
static bool
wait_reply(int timeout_ms)
{
	uint64_t deadline = now_ns() + (uint64_t)timeout_ms * 1000000u;

	while (!reply.done) {
		struct pollfd fd = { .fd = wl_display_get_fd(display), .events = POLLIN };
		uint64_t now;

		while (wl_display_prepare_read(display) != 0) {
			if (wl_display_dispatch_pending(display) < 0)
				goto dead;
		}
		if (reply.done) {
			wl_display_cancel_read(display);
			break;
		}
		wl_display_flush(display);
		now = now_ns();
		if (now >= deadline) {
			wl_display_cancel_read(display);
			return false;
		}
		if (poll(&fd, 1, (int)((deadline - now) / 1000000u) + 1) > 0) {
			if (wl_display_read_events(display) < 0)
				goto dead;
		} else {
			wl_display_cancel_read(display);
		}
		if (wl_display_dispatch_pending(display) < 0)
			goto dead;
	}
	return true;
dead:
	fprintf(stderr, "gp-bench: lost the compositor: %s\n", strerror(wl_display_get_error(display)));
	exit(1);
}

static uint32_t
begin_reply(void)
{
	memset(&reply, 0, sizeof reply);
	reply.token = next_token++;
	return reply.token;
}

static void
sleep_us(long us)
{
	struct timespec t = { us / 1000000, (us % 1000000) * 1000L };

	while (nanosleep(&t, &t) < 0 && errno == EINTR)
		;
}

static void
sleep_ms(int ms)
{
	sleep_us((long)ms * 1000);
}

static bool
wait_window(int timeout_ms)
{
	gp_test_wait_window(gp_test, begin_reply());
	return wait_reply(timeout_ms);
}

static void
wait_repaint(void)
{
	gp_test_wait_repaint(gp_test, begin_reply());
	wait_reply(2000);
}

static bool
trace_dump(const char *path)
{
	gp_test_trace_dump(gp_test, begin_reply(), path);
	if (!wait_reply(10000) || reply.failed) {
		fprintf(stderr, "gp-bench: trace_dump %s failed: %s\n", path, reply.reason);
		return false;
	}
	return true;
}

/* ---- the client process ----------------------------------------------- */

/** What the scheduler counted for a process: run time and timeslices, summed over threads. */
struct sched {
	uint64_t run_ns; /* time on a CPU */
	uint64_t slices; /* times put on a CPU: about one per wake-up of a mostly idle client */
};

/** The sum over every thread of /proc/PID/task/x/schedstat (run time, timeslices). */
static struct sched
schedstat(pid_t pid)
{
	char path[64];
	DIR *dir;
	struct dirent *entry;
	struct sched total = { 0, 0 };

	snprintf(path, sizeof path, "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		return total;
	while ((entry = readdir(dir))) {
		char file[300];
		FILE *f;
		unsigned long long run, wait, slices;

		if (entry->d_name[0] == '.')
			continue;
		snprintf(file, sizeof file, "/proc/%d/task/%s/schedstat", pid, entry->d_name);
		f = fopen(file, "r");
		if (!f)
			continue;
		if (fscanf(f, "%llu %llu %llu", &run, &wait, &slices) == 3) {
			total.run_ns += run;
			total.slices += slices;
		}
		fclose(f);
	}
	closedir(dir);
	return total;
}

/** VmHWM in MiB, or NAN. */
static double
vm_hwm_mib(pid_t pid)
{
	char path[64], line[256];
	FILE *f;
	double kib = NAN;

	snprintf(path, sizeof path, "/proc/%d/status", pid);
	f = fopen(path, "r");
	if (!f)
		return NAN;
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "VmHWM:", 6) == 0)
			kib = strtod(line + 6, NULL);
	}
	fclose(f);
	return kib / 1024.0;
}

/** Forks; the child stamps CLOCK_MONOTONIC into *start_ns (through a pipe)
 * and execs the client with a clean signal state, output to log. */
static pid_t
launch(struct client *c, const char *log, uint64_t *start_ns)
{
	int fds[2];
	pid_t pid;
	ssize_t got;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		sigset_t none;
		int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
		uint64_t stamp;

		close(fds[0]);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		for (int signo = 1; signo < NSIG; signo++)
			signal(signo, SIG_DFL);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		for (int i = 0; i < c->env_count; i++)
			putenv(c->env[i]);
		stamp = now_ns();
		if (write(fds[1], &stamp, sizeof stamp) != sizeof stamp)
			_exit(126);
		execvp(c->argv[0], c->argv);
		fprintf(stderr, "gp-bench: cannot run %s: %s\n", c->argv[0], strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return -1;
	}
	got = read(fds[0], start_ns, sizeof *start_ns);
	close(fds[0]);
	if (got != sizeof *start_ns)
		*start_ns = now_ns();
	return pid;
}

/** SIGTERM to pid (ours), SIGKILL after 2 s; reaps it. */
static void
stop_client(pid_t pid)
{
	kill(pid, SIGTERM);
	for (int i = 0; i < 200; i++) {
		if (waitpid(pid, NULL, WNOHANG) == pid)
			return;
		sleep_ms(10);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/* ---- traces ----------------------------------------------------------- */

struct rect {
	int x, y, w, h;
};

static void
add_touch(uint32_t frame, uint32_t kind, int id, double x, double y)
{
	gp_test_sequence_touch(gp_test, frame, kind, id, wl_fixed_from_double(x),
			       wl_fixed_from_double(y));
}

/** Queues the drag: DRAG_FRAMES frames, down at frame 0, up at the last; with pen, by
 * gp-seat's tablet pen instead of a finger; with back, the other way (from where the drag
 * ends: the red card back from where an earlier drag of the launch left it). */
static void
queue_drag(const struct client *c, struct rect r, bool pen, bool back)
{
	double x0, y0, dx, dy;

	if (strcmp(c->target, "cards") == 0) {
		/* The red card [80, 120, 180, 240] of assets/scenes/cards.json. */
		x0 = r.x + 170;
		y0 = r.y + 240;
		dx = 300;
		dy = 100;
	} else {
		double cy = strcmp(c->target, "lower") == 0 ? r.y + r.h * 0.75 : r.y + r.h * 0.5;

		x0 = r.x + r.w * 0.2;
		y0 = cy - r.h * 0.08;
		dx = r.w * 0.6;
		dy = r.h * 0.16;
	}
	if (back) {
		x0 += dx;
		y0 += dy;
		dx = -dx;
		dy = -dy;
	}
	for (int f = 0; f < DRAG_FRAMES; f++) {
		double t = (double)f / (DRAG_FRAMES - 1);
		uint32_t kind = f == 0 ? GP_TEST_TOUCH_KIND_DOWN
			      : f == DRAG_FRAMES - 1 ? GP_TEST_TOUCH_KIND_UP
						     : GP_TEST_TOUCH_KIND_MOTION;

		if (pen)
			kind += GP_TEST_TOUCH_KIND_PEN_DOWN; /* pen_down, pen_motion, pen_up */
		add_touch((uint32_t)f, kind, 0, x0 + dx * t, y0 + dy * t);
	}
}

/** Queues the pinch-rotate: two fingers, PINCH_FRAMES frames. */
static void
queue_pinch(const struct client *c, struct rect r)
{
	double cx, cy, r0, r1, drift;

	if (strcmp(c->target, "cards") == 0) {
		/* The purple card [180, 420, 220, 150], which pans with two fingers. */
		cx = r.x + 290;
		cy = r.y + 495;
		r0 = 40;
		r1 = 90;
		drift = 200;
	} else {
		double m = r.w < r.h ? r.w : r.h;

		cx = r.x + r.w * 0.5;
		cy = strcmp(c->target, "lower") == 0 ? r.y + r.h * 0.75 : r.y + r.h * 0.5;
		r0 = m * 0.08;
		r1 = m * 0.18;
		drift = r.w * 0.1;
		cx -= drift / 2;
	}
	for (int f = 0; f < PINCH_FRAMES; f++) {
		double t = (double)f / (PINCH_FRAMES - 1);
		double radius = r0 + (r1 - r0) * t, angle = t * M_PI / 2, x = cx + drift * t;
		uint32_t kind = f == 0 ? GP_TEST_TOUCH_KIND_DOWN
			      : f == PINCH_FRAMES - 1 ? GP_TEST_TOUCH_KIND_UP
						      : GP_TEST_TOUCH_KIND_MOTION;

		for (int id = 0; id < 2; id++) {
			double sign = id == 0 ? -1 : 1;

			add_touch((uint32_t)f, kind, id, x + sign * radius * cos(angle),
				  cy + sign * radius * sin(angle));
		}
	}
}

/** One trace file, parsed. */
struct record {
	char type;
	uint64_t t;
	int a, b, c;
	char kind[8];
};

struct trace {
	struct record *r;
	size_t n;
};

static bool
read_trace(const char *path, struct trace *trace)
{
	FILE *f = fopen(path, "r");
	char line[256];
	size_t cap = 0;

	trace->r = NULL;
	trace->n = 0;
	if (!f)
		return false;
	while (fgets(line, sizeof line, f)) {
		struct record rec = { 0 };
		unsigned long long t;

		rec.type = line[0];
		if (rec.type == 'I' && sscanf(line, "I %llu %d %7s %d", &t, &rec.a, rec.kind, &rec.c) == 4)
			;
		else if (rec.type == 'C' && sscanf(line, "C %llu %d %d %d", &t, &rec.a, &rec.b, &rec.c) == 4)
			;
		else if (rec.type == 'R' && sscanf(line, "R %llu %d", &t, &rec.a) == 2)
			;
		else
			continue;
		rec.t = t;
		if (trace->n == cap) {
			cap = cap ? cap * 2 : 1024;
			trace->r = realloc(trace->r, cap * sizeof *trace->r);
			if (!trace->r) {
				perror("gp-bench: reading a trace");
				exit(1);
			}
		}
		trace->r[trace->n++] = rec;
	}
	fclose(f);
	return true;
}

static bool
is_buffer_commit(const struct record *r, pid_t pid)
{
	return r->type == 'C' && r->a == pid && r->c == 1;
}

/** The buffer commit by pid that the input at index i came after and that was for the repaint
 *  at index e (a commit since the repaint before that one, which ended before the input), or
 *  trace->n when the input was not held behind one. */
static size_t
commit_held_behind(const struct trace *trace, pid_t pid, size_t i, size_t e)
{
	for (size_t k = i + 1; k < e; k++) {
		if (trace->r[k].type == 'R')
			return trace->n; /* a repaint between them: the commit for e's must follow it */
	}
	for (size_t k = i; k-- > 0 && trace->r[k].type != 'R';) {
		if (is_buffer_commit(&trace->r[k], pid))
			return k;
	}
	return trace->n;
}

/** Whether pid's buffer commit at index c came too late for the repaint before it: pid made
 *  no commit for that repaint (none since the repaint before it), though an input it had not
 *  yet committed came more than EARLIEST_SLACK_NS before that repaint's end. */
static bool
is_late_commit(const struct trace *trace, pid_t pid, size_t c)
{
	size_t missed = c;
	while (missed > 0 && trace->r[missed - 1].type != 'R')
		missed--;
	if (missed-- == 0)
		return false;
	for (size_t k = missed; k-- > 0 && trace->r[k].type != 'R';) {
		if (is_buffer_commit(&trace->r[k], pid))
			return false; /* it made that repaint: c is the next one's */
	}
	for (size_t k = missed; k-- > 0 && !is_buffer_commit(&trace->r[k], pid);) {
		const struct record *r = &trace->r[k];

		if (r->type == 'I' && r->a >= 0 && trace->r[missed].t > r->t + EARLIEST_SLACK_NS)
			return true;
	}
	return false;
}

/** Startup: start_ns to the first buffer commit by pid (ms), or NAN. */
static double
analyse_startup(const struct trace *trace, pid_t pid, uint64_t start_ns)
{
	for (size_t i = 0; i < trace->n; i++) {
		if (is_buffer_commit(&trace->r[i], pid))
			return (double)(trace->r[i].t - start_ns) / 1e6;
	}
	return NAN;
}

/** Fills the per-input latencies and the rates of one trace into p. */
static void
analyse_phase(const struct trace *trace, pid_t pid, struct phase_result *p, double cpu_ms,
	      double wakeups, const char *name, int round, const char *phase)
{
	uint64_t first = 0, last = 0, first_motion = 0;
	int moving_frame = -1;
	int last_frame = -1;
	unsigned commits = 0, repaints = 0, inputs = 0, unanswered = 0, shared = 0, since_repaint = 0;
	struct samples commit_ms = { 0 }, screen_ms = { 0 };

	/* The first reaction: the first commit showing something new after the first motion
	 * (a recognizer's hysteresis holds it back: nothing moves before the gesture begins).
	 * The frames from the last one injected before it are "once it moves" (for a client
	 * that draws every input, all of them). */
	for (size_t i = 0; i < trace->n; i++) {
		const struct record *r = &trace->r[i];

		if (!first_motion && r->type == 'I' && r->a >= 0 && strcmp(r->kind, "motion") == 0)
			first_motion = r->t;
		if (first_motion && is_buffer_commit(r, pid)) {
			for (size_t k = i; k-- > 0;) {
				if (trace->r[k].type == 'I' && trace->r[k].a >= 0 &&
				    strcmp(trace->r[k].kind, "motion") == 0) {
					moving_frame = trace->r[k].a;
					break;
				}
			}
			for (size_t k = i; k < trace->n; k++) {
				if (trace->r[k].type == 'R') {
					samples_add(&p->reaction_ms, (double)(trace->r[k].t - first_motion) / 1e6);
					break;
				}
			}
			break;
		}
	}

	for (size_t i = 0; i < trace->n; i++) {
		const struct record *r = &trace->r[i];

		if (r->type != 'I' || r->a < 0)
			continue;
		if (!first)
			first = r->t;
		last = r->t;
		/* One sample per frame: its first injection, if the frame has a motion. */
		if (r->a == last_frame || strcmp(r->kind, "motion") != 0)
			continue;
		last_frame = r->a;
		inputs++;
		size_t j = i + 1;
		while (j < trace->n && !is_buffer_commit(&trace->r[j], pid))
			j++;
		if (j == trace->n) {
			unanswered++;
			continue;
		}
		samples_add(&commit_ms, (double)(trace->r[j].t - r->t) / 1e6);
		samples_add(&p->commit_ms, (double)(trace->r[j].t - r->t) / 1e6);
		while (j < trace->n && trace->r[j].type != 'R')
			j++;
		if (j < trace->n) {
			samples_add(&screen_ms, (double)(trace->r[j].t - r->t) / 1e6);
			samples_add(&p->screen_ms, (double)(trace->r[j].t - r->t) / 1e6);
			if (moving_frame >= 0 && r->a >= moving_frame) {
				samples_add(&p->moving_ms, (double)(trace->r[j].t - r->t) / 1e6);
				size_t e = i + 1;
				while (e < trace->n && !(trace->r[e].type == 'R' &&
							 trace->r[e].t > r->t + EARLIEST_SLACK_NS))
					e++;
				if (e < trace->n) {
					samples_add(&p->earliest_ms, (double)(trace->r[e].t - r->t) / 1e6);
					p->moving_inputs++;
					double shown = (double)(trace->r[j].t - r->t) / 1e6;
					if (j > e) {
						size_t c = commit_held_behind(trace, pid, i, e);
						bool held = c < trace->n;
						bool behind_late = held && is_late_commit(trace, pid, c);

						p->late_inputs += 1;
						p->held_inputs += held;
						p->behind_late += behind_late;
						/* Late for a missed commit (its own, or held behind it): as if
						 * that commit had made its repaint. */
						if (!held || behind_late)
							shown = (double)(trace->r[e].t - r->t) / 1e6;
					}
					samples_add(&p->missless_ms, shown);
				}
			}
		}
	}
	for (size_t i = 0; i < trace->n; i++) {
		const struct record *r = &trace->r[i];

		/* Every commit showing something new until the next repaint shares that repaint
		 * with the first: counted over the whole trace, not only between the injections. */
		if (is_buffer_commit(r, pid) && since_repaint++ > 0)
			shared++;
		else if (r->type == 'R')
			since_repaint = 0;
		if (r->t < first || r->t > last)
			continue;
		if (is_buffer_commit(r, pid))
			commits++;
		else if (r->type == 'R')
			repaints++;
	}
	double seconds = (double)(last - first) / 1e9;
	double cps = seconds > 0 ? commits / seconds : NAN;
	double rps = seconds > 0 ? repaints / seconds : NAN;

	samples_add(&p->commits_per_s, cps);
	samples_add(&p->repaints_per_s, rps);
	samples_add(&p->cpu_ms, cpu_ms);
	samples_add(&p->wakeups, wakeups);
	p->inputs += inputs;
	p->unanswered += unanswered;
	p->shared += shared;
	fprintf(runs_csv, "%d,%s,%s,%.3f,%.3f,%.3f,%.3f,%.1f,%.1f,%.2f,%u,%u,%.0f,%u\n", round, name, phase,
		quantile(&commit_ms, 0.5), quantile(&commit_ms, 0.99), quantile(&screen_ms, 0.5),
		quantile(&screen_ms, 0.99), cps, rps, cpu_ms, inputs, unanswered, wakeups, shared);
	free(commit_ms.v);
	free(screen_ms.v);
}

/* ---- one launch ------------------------------------------------------- */

static void
run_client(struct client *c, int round, bool measured)
{
	char log[512], path[512];
	uint64_t start_ns;
	struct trace trace;
	struct rect r;
	pid_t pid;
	double startup, rss;

	snprintf(log, sizeof log, "%s/%s.log", out_dir, c->name);
	gp_test_trace_start(gp_test);
	pid = launch(c, log, &start_ns);
	if (pid < 0) {
		fprintf(stderr, "gp-bench: cannot start %s\n", c->name);
		c->failures++;
		return;
	}
	if (!wait_window(15000)) {
		fprintf(stderr, "gp-bench: %s showed no window within 15 s (see %s)\n", c->name, log);
		c->failures++;
		stop_client(pid);
		snprintf(path, sizeof path, "%s/trace-%d-%s-startup.txt", out_dir, round, c->name);
		trace_dump(path);
		return;
	}
	sleep_ms(SETTLE_MS);
	wait_window(5000); /* the settled size and place */
	r = (struct rect){ reply.x, reply.y, reply.width, reply.height };
	snprintf(path, sizeof path, "%s/trace-%d-%s-startup.txt", out_dir, round, c->name);
	trace_dump(path);
	read_trace(path, &trace);
	startup = analyse_startup(&trace, pid, start_ns);
	free(trace.r);

	/* With the pen, every other round drags with it first, so that neither drag is always
	 * the launch's first gesture (which pays one-time costs: a layer's first buffer, code
	 * run for the first time); the second drag brings the card back. */
	bool pen = pen_phase && strcmp(c->target, "cards") == 0, card_moved = false;
	const enum phase order[] = { pen && round % 2 == 0 ? PHASE_PEN : PHASE_DRAG, PHASE_PINCH,
				     pen && round % 2 == 0 ? PHASE_DRAG : PHASE_PEN };

	for (int step = 0; step < PHASE_COUNT; step++) {
		enum phase phase = order[step];
		struct sched cpu_before, cpu_after;
		double late_ms;

		if (phase == PHASE_PEN && !pen)
			continue;
		if (phase == PHASE_PINCH) {
			queue_pinch(c, r);
		} else {
			queue_drag(c, r, phase == PHASE_PEN, card_moved);
			card_moved = !card_moved;
		}
		gp_test_trace_start(gp_test);
		wl_display_roundtrip(display);
		/* With GP_TEST_REPAINT_ALWAYS=1 the output repaints every cycle, so the touch-down's
		 * commit does not restart the cycle: where the inputs fall in it is swept over one
		 * cycle in PHASE_STEPS launches, from a repaint. */
		if (repaint_always) {
			wait_repaint();
			sleep_us((long)(round % PHASE_STEPS) * PHASE_CYCLE_US / PHASE_STEPS);
		}
		cpu_before = schedstat(pid);
		gp_test_sequence_play(gp_test, begin_reply(), 1000000000u / 120u);
		if (!wait_reply(20000)) {
			fprintf(stderr, "gp-bench: %s: the sequence did not finish\n", c->name);
			exit(1);
		}
		late_ms = reply.late_ns / 1e6;
		sleep_ms(AFTER_TRACE_MS);
		cpu_after = schedstat(pid);
		snprintf(path, sizeof path, "%s/trace-%d-%s-%s.txt", out_dir, round, c->name,
			 phase_names[phase]);
		trace_dump(path);
		if (measured) {
			struct phase_result *p = &c->phases[phase];

			read_trace(path, &trace);
			analyse_phase(&trace, pid, p, (double)(cpu_after.run_ns - cpu_before.run_ns) / 1e6,
				      (double)(cpu_after.slices - cpu_before.slices), c->name, round,
				      phase_names[phase]);
			free(trace.r);
			if (late_ms > p->late_max_ms)
				p->late_max_ms = late_ms;
		}
		sleep_ms(200);
	}
	rss = vm_hwm_mib(pid);
	stop_client(pid);
	/* Let Weston drop the window before the next client looks for its own. */
	sleep_ms(50);
	wait_repaint();
	fprintf(stderr, "gp-bench: round %d %s %s: startup %.1f ms, window %dx%d at %d,%d, VmHWM %.1f MiB\n",
		round, measured ? "" : "(warm-up)", c->name, startup, r.w, r.h, r.x, r.y, rss);
	if (measured) {
		samples_add(&c->startup_ms, startup);
		samples_add(&c->rss_mib, rss);
	}
}

/* ---- input and output ------------------------------------------------- */

static void
split(char *text, char **out, int max, int *count)
{
	*count = 0;
	for (char *tok = strtok(text, " "); tok && *count < max - 1; tok = strtok(NULL, " "))
		out[(*count)++] = tok;
	out[*count] = NULL;
}

static void
read_clients(const char *file)
{
	FILE *f = fopen(file, "r");
	char line[4096];

	if (!f) {
		fprintf(stderr, "gp-bench: cannot read %s\n", file);
		exit(2);
	}
	while (fgets(line, sizeof line, f) && client_count < MAX_CLIENTS) {
		char *fields[4], *save = NULL, *copy;
		struct client *c = &clients[client_count];
		int n = 0, argc;

		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		copy = strdup(line);
		for (char *tok = strtok_r(copy, "\t", &save); tok && n < 4; tok = strtok_r(NULL, "\t", &save))
			fields[n++] = tok;
		if (n != 4) {
			fprintf(stderr, "gp-bench: bad line in %s: %s\n", file, line);
			exit(2);
		}
		snprintf(c->name, sizeof c->name, "%s", fields[0]);
		snprintf(c->target, sizeof c->target, "%s", fields[1]);
		if (strcmp(fields[2], "-") != 0)
			split(fields[2], c->env, 32, &c->env_count);
		split(fields[3], c->argv, 32, &argc);
		client_count++;
	}
	fclose(f);
}

static void
print_tables(FILE *out, int reps, int warmup)
{
	fprintf(out, "Each client launched %d times (after %d warm-up launch%s), interleaved; "
		"latencies pooled over every motion frame of every launch; the other columns are "
		"medians over launches.\n\n", reps, warmup, warmup == 1 ? "" : "es");
	fprintf(out, "| client | startup to first buffer (ms) | peak RSS VmHWM (MiB) |\n| --- | ---: | ---: |\n");
	for (int i = 0; i < client_count; i++) {
		struct client *c = &clients[i];

		fprintf(out, "| %s | %.1f | %.1f |\n", c->name, quantile(&c->startup_ms, 0.5),
			quantile(&c->rss_mib, 0.5));
	}
	for (int phase = 0; phase < PHASE_COUNT; phase++) {
		if (!phase_measured(phase))
			continue;
		fprintf(out, "\n%s (%d frames at 120 Hz%s):\n\n", phase_titles[phase],
			phase == PHASE_PINCH ? PINCH_FRAMES : DRAG_FRAMES,
			phase == PHASE_PEN ? ", gp-seat's tablet pen, the clients on the cards scene" : "");
		fprintf(out, "| client | input -> commit median / p90 / p99 (ms) | input -> on screen median / p99 (ms) "
			"| once moving: input -> on screen median / p99 (ms) | first motion -> first reaction on screen (ms) "
			"| commits/s | repaints/s | commits sharing a repaint | client CPU (ms) | wake-ups "
			"| inputs without a later commit |\n"
			"| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
		for (int i = 0; i < client_count; i++) {
			struct client *c = &clients[i];
			struct phase_result *p = &c->phases[phase];

			if (phase == PHASE_PEN && strcmp(c->target, "cards") != 0)
				continue;
			if (quantile(&p->commits_per_s, 0.5) < NO_REDRAW_PER_S) {
				fprintf(out, "| %s | does not redraw for this trace | - | - | - | %.1f | %.1f | %u | %.1f | %.0f | - |\n",
					c->name, quantile(&p->commits_per_s, 0.5),
					quantile(&p->repaints_per_s, 0.5), p->shared, quantile(&p->cpu_ms, 0.5),
					quantile(&p->wakeups, 0.5));
				continue;
			}
			fprintf(out, "| %s | %.2f / %.2f / %.2f | %.1f / %.1f | %.1f / %.1f | %.1f | %.1f | %.1f | %u | %.1f | %.0f | %u of %u |\n",
				c->name, quantile(&p->commit_ms, 0.5), quantile(&p->commit_ms, 0.9),
				quantile(&p->commit_ms, 0.99), quantile(&p->screen_ms, 0.5),
				quantile(&p->screen_ms, 0.99), quantile(&p->moving_ms, 0.5),
				quantile(&p->moving_ms, 0.99), quantile(&p->reaction_ms, 0.5), quantile(&p->commits_per_s, 0.5),
				quantile(&p->repaints_per_s, 0.5), p->shared, quantile(&p->cpu_ms, 0.5),
				quantile(&p->wakeups, 0.5), p->unanswered, p->inputs);
		}
	}
	/* The median's two parts: where the inputs fell in the compositor's cycle, and the inputs
	 * this client kept from the repaint that could have shown them. */
	fprintf(out, "\nOnce moving, against the output's repaints: the median from an input to the earliest "
		"repaint that could have shown it (the first ending more than %.1f ms after it: where the "
		"inputs fell in the compositor's cycle, which the client does not choose), and the inputs "
		"shown by a later repaint (held: injected after the client's commit for that repaint, "
		"which was itself late when it missed the repaint before; the others' commit came too "
		"late for it), and the p99 had no commit missed its repaint (the inputs late for a "
		"missed commit, its own or held behind it, taken at their earliest repaint):\n\n| client |",
		EARLIEST_SLACK_NS / 1e6);
	for (int phase = 0; phase < PHASE_COUNT; phase++) {
		if (phase_measured(phase))
			fprintf(out, " %s: earliest repaint, median (ms) | %s: shown later | %s: p99, no miss (ms) |",
				phase_names[phase], phase_names[phase], phase_names[phase]);
	}
	fprintf(out, "\n| --- |");
	for (int phase = 0; phase < PHASE_COUNT; phase++) {
		if (phase_measured(phase))
			fprintf(out, " ---: | ---: | ---: |");
	}
	fprintf(out, "\n");
	for (int i = 0; i < client_count; i++) {
		struct client *c = &clients[i];

		fprintf(out, "| %s |", c->name);
		for (int phase = 0; phase < PHASE_COUNT; phase++) {
			struct phase_result *p = &c->phases[phase];

			if (!phase_measured(phase))
				continue;
			if (p->moving_inputs == 0 || quantile(&p->commits_per_s, 0.5) < NO_REDRAW_PER_S)
				fprintf(out, " - | - | - |");
			else
				fprintf(out, " %.1f | %u of %u (%.1f %%), %u held, %u behind a late commit | %.1f |",
					quantile(&p->earliest_ms, 0.5), p->late_inputs, p->moving_inputs,
					100.0 * p->late_inputs / p->moving_inputs, p->held_inputs, p->behind_late,
					quantile(&p->missless_ms, 0.99));
		}
		fprintf(out, "\n");
	}
	fprintf(out, "\nLargest lateness of an injected frame behind its 120 Hz slot:");
	for (int i = 0; i < client_count; i++)
		fprintf(out, " %s %.1f / %.1f ms%s", clients[i].name, clients[i].phases[0].late_max_ms,
			clients[i].phases[1].late_max_ms, i + 1 < client_count ? ";" : ".\n");
}

int
main(int argc, char *argv[])
{
	int reps = 5, warmup = 1;
	const char *clients_file = NULL;
	char path[512];
	struct wl_registry *registry;
	FILE *results;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
			reps = atoi(argv[++i]);
		else if (strcmp(argv[i], "--warmup") == 0 && i + 1 < argc)
			warmup = atoi(argv[++i]);
		else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
			out_dir = argv[++i];
		else if (strcmp(argv[i], "--pen") == 0)
			pen_phase = true;
		else
			clients_file = argv[i];
	}
	if (!clients_file || !out_dir || reps < 1 || reps + warmup > MAX_ROUNDS) {
		fprintf(stderr, "usage: gp-bench [--reps N] [--warmup N] [--pen] --out DIR CLIENTS-FILE\n");
		return 2;
	}
	read_clients(clients_file);
	mkdir(out_dir, 0755);
	snprintf(path, sizeof path, "%s/runs.csv", out_dir);
	runs_csv = fopen(path, "w");
	if (!runs_csv)
		return 1;
	fprintf(runs_csv, "round,client,trace,commit_median_ms,commit_p99_ms,screen_median_ms,"
		"screen_p99_ms,commits_per_s,repaints_per_s,cpu_ms,inputs,unanswered,wakeups,shared\n");
	signal(SIGPIPE, SIG_IGN);

	display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "gp-bench: cannot connect to the compositor\n");
		return 1;
	}
	registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!gp_test) {
		fprintf(stderr, "gp-bench: no gp_test (load gesture-playground-test.so)\n");
		return 1;
	}
	gp_test_add_listener(gp_test, &listener, NULL);
	const char *always = getenv("GP_TEST_REPAINT_ALWAYS");
	repaint_always = always && strcmp(always, "1") == 0;

	for (int round = 0; round < warmup + reps; round++) {
		for (int i = 0; i < client_count; i++)
			run_client(&clients[i], round, round >= warmup);
	}
	fflush(runs_csv);
	snprintf(path, sizeof path, "%s/results.md", out_dir);
	results = fopen(path, "w");
	if (results) {
		print_tables(results, reps, warmup);
		fclose(results);
	}
	print_tables(stdout, reps, warmup);
	gp_test_destroy(gp_test);
	wl_display_roundtrip(display);
	wl_display_disconnect(display);
	return 0;
}
