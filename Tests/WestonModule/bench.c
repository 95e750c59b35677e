/*
 * The gp_test version 2 requests for the end-to-end benchmark
 * (Benchmarks/EndToEnd): timed touch sequences and the trace. Since version 6
 * a sequence may drive gp-seat's tablet pen too (tablet.c; Weston 13 and later).
 *
 * A sequence is a list of touch events grouped in numbered frames, injected
 * from a timerfd (CLOCK_MONOTONIC, absolute, one period apart) inside Weston's
 * event loop, so the clock never waits on the client. The trace records, while
 * on, every touch injection, every commit (observe.c calls gp_trace_commit)
 * and the end of every output repaint (repaint.c calls gp_trace_repaint), in
 * memory, and writes them to a file on trace_dump.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "gp-module.h"

/* ---- the trace -------------------------------------------------------- */

/** One line of the trace file. */
struct gp_trace_record {
	char type; /* 'I' injection, 'C' commit, 'R' repaint */
	uint64_t time_ns;
	int32_t a, b, c, d; /* I: frame, kind, id; C: pid, surface id, shows something new (a buffer, a subsurface moved); R: count */
	double x, y;
};

static uint64_t
now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static struct gp_trace_record *
trace_append(struct gp_module *module, char type)
{
	struct gp_trace_record *record;

	if (!module->tracing)
		return NULL;
	if (module->trace_count == module->trace_capacity) {
		size_t capacity = module->trace_capacity ? module->trace_capacity * 2 : 4096;
		struct gp_trace_record *grown = realloc(module->trace, capacity * sizeof *grown);

		if (!grown) {
			weston_log("gp-test: out of memory; the trace stops here\n");
			module->tracing = false;
			return NULL;
		}
		module->trace = grown;
		module->trace_capacity = capacity;
	}
	record = &module->trace[module->trace_count++];
	memset(record, 0, sizeof *record);
	record->type = type;
	record->time_ns = now_ns();
	return record;
}

void
gp_trace_touch(struct gp_module *module, int kind, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	struct gp_trace_record *record = trace_append(module, 'I');

	if (!record)
		return;
	record->a = module->trace_frame;
	record->b = kind;
	record->c = id;
	record->x = wl_fixed_to_double(x);
	record->y = wl_fixed_to_double(y);
}

void
gp_trace_commit(struct gp_module *module, struct weston_surface *surface, bool buffer)
{
	struct gp_trace_record *record = trace_append(module, 'C');
	pid_t pid = 0;

	if (!record)
		return;
	if (surface->resource) {
		wl_client_get_credentials(wl_resource_get_client(surface->resource), &pid, NULL, NULL);
		record->b = (int32_t)wl_resource_get_id(surface->resource);
	}
	record->a = (int32_t)pid;
	record->c = buffer;
}

void
gp_trace_repaint(struct gp_module *module)
{
	struct gp_trace_record *record = trace_append(module, 'R');

	if (record)
		record->a = (int32_t)module->repaints;
}

void
gp_trace_start(struct wl_client *client, struct wl_resource *resource)
{
	struct gp_binding *binding = wl_resource_get_user_data(resource);

	(void)client;
	binding->module->trace_count = 0;
	binding->module->tracing = true;
}

static const char *const kind_names[] = { "down", "motion", "up" };

void
gp_trace_dump(struct wl_client *client, struct wl_resource *resource, uint32_t token,
		const char *path)
{
	struct gp_binding *binding = wl_resource_get_user_data(resource);
	struct gp_module *module = binding->module;
	char reason[300];
	FILE *file;

	(void)client;
	module->tracing = false;
	file = fopen(path, "w");
	if (!file) {
		snprintf(reason, sizeof reason, "cannot write %s: %s", path, strerror(errno));
		gp_test_send_capture_failed(resource, token, reason);
		return;
	}
	for (size_t i = 0; i < module->trace_count; i++) {
		const struct gp_trace_record *r = &module->trace[i];

		switch (r->type) {
		case 'I':
			fprintf(file, "I %llu %d %s %d %.2f %.2f\n", (unsigned long long)r->time_ns,
				r->a, kind_names[r->b], r->c, r->x, r->y);
			break;
		case 'C':
			fprintf(file, "C %llu %d %d %d\n", (unsigned long long)r->time_ns, r->a, r->b, r->c);
			break;
		default:
			fprintf(file, "R %llu %d\n", (unsigned long long)r->time_ns, r->a);
			break;
		}
	}
	if (fclose(file) != 0) {
		snprintf(reason, sizeof reason, "cannot write %s: %s", path, strerror(errno));
		gp_test_send_capture_failed(resource, token, reason);
		return;
	}
	gp_test_send_trace_dumped(resource, token, (uint32_t)module->trace_count);
}

/* ---- timed sequences -------------------------------------------------- */

struct gp_sequence_entry {
	uint32_t frame;
	uint32_t kind;
	int32_t id;
	wl_fixed_t x, y;
};

struct gp_sequence {
	struct gp_sequence_entry *entries;
	size_t count, capacity;
	uint32_t frames;     /* highest frame + 1 */
	bool playing;
	uint32_t token;
	uint64_t start_ns, period_ns;
	uint32_t next_frame;
	size_t next_entry;   /* entries are kept sorted by frame (stable) */
	uint64_t late_max_ns;
	int timer_fd;
	struct wl_event_source *source;
};

static void
sequence_stop(struct gp_sequence *sequence)
{
	if (sequence->source)
		wl_event_source_remove(sequence->source);
	sequence->source = NULL;
	if (sequence->timer_fd >= 0)
		close(sequence->timer_fd);
	sequence->timer_fd = -1;
	sequence->playing = false;
	sequence->count = 0;
	sequence->frames = 0;
}

void
gp_sequence_binding_destroyed(struct gp_binding *binding)
{
	if (!binding->sequence)
		return;
	sequence_stop(binding->sequence);
	free(binding->sequence->entries);
	free(binding->sequence);
	binding->sequence = NULL;
}

static int
entry_order(const void *a, const void *b)
{
	const struct gp_sequence_entry *x = a, *y = b;

	if (x->frame != y->frame)
		return x->frame < y->frame ? -1 : 1;
	return x < y ? -1 : (x > y); /* qsort is not stable: keep insertion order */
}

static void
inject_frame(struct gp_binding *binding, uint32_t frame)
{
	struct gp_sequence *sequence = binding->sequence;
	struct gp_module *module = binding->module;
	bool explicit_time = binding->explicit_time;

	bool touched = false, pen = false;

	binding->explicit_time = false; /* live timestamps */
	module->trace_frame = (int32_t)frame;
	while (sequence->next_entry < sequence->count &&
	       sequence->entries[sequence->next_entry].frame == frame) {
		const struct gp_sequence_entry *e = &sequence->entries[sequence->next_entry++];

		switch (e->kind) {
		case GP_TEST_TOUCH_KIND_DOWN:
			gp_touch_down(NULL, binding->resource, e->id, e->x, e->y);
			touched = true;
			break;
		case GP_TEST_TOUCH_KIND_MOTION:
			gp_touch_motion(NULL, binding->resource, e->id, e->x, e->y);
			touched = true;
			break;
		case GP_TEST_TOUCH_KIND_UP:
			gp_touch_up(NULL, binding->resource, e->id);
			touched = true;
			break;
		case GP_TEST_TOUCH_KIND_PEN_DOWN:
			/* A pen comes near, with half its pressure range, and its tip touches. */
			gp_tablet_proximity_in(NULL, binding->resource, GP_TEST_TABLET_TOOL_PEN, e->x, e->y);
			gp_tablet_pressure(NULL, binding->resource, 32768);
			gp_tablet_down(NULL, binding->resource);
			gp_trace_touch(module, GP_TEST_TOUCH_KIND_DOWN, -1, e->x, e->y);
			pen = true;
			break;
		case GP_TEST_TOUCH_KIND_PEN_MOTION:
			gp_tablet_motion(NULL, binding->resource, e->x, e->y);
			gp_trace_touch(module, GP_TEST_TOUCH_KIND_MOTION, -1, e->x, e->y);
			pen = true;
			break;
		case GP_TEST_TOUCH_KIND_PEN_UP:
			gp_tablet_up(NULL, binding->resource);
			gp_tablet_proximity_out(NULL, binding->resource);
			gp_trace_touch(module, GP_TEST_TOUCH_KIND_UP, -1, 0, 0);
			pen = true;
			break;
		default:
			weston_log("gp-test: a sequence entry of unknown kind %u is skipped\n", e->kind);
			break;
		}
	}
	if (touched)
		gp_touch_frame(NULL, binding->resource);
	if (pen)
		gp_tablet_frame(NULL, binding->resource);
	module->trace_frame = -1;
	binding->explicit_time = explicit_time;
}

static int
sequence_tick(int fd, uint32_t mask, void *data)
{
	struct gp_binding *binding = data;
	struct gp_sequence *sequence = binding->sequence;
	uint64_t expirations, now;

	(void)mask;
	if (read(fd, &expirations, sizeof expirations) < 0 && errno != EAGAIN)
		weston_log("gp-test: reading the sequence timer: %s\n", strerror(errno));
	now = now_ns();
	while (sequence->next_frame < sequence->frames) {
		uint64_t due = sequence->start_ns + sequence->next_frame * sequence->period_ns;

		if (due > now)
			break;
		if (now - due > sequence->late_max_ns)
			sequence->late_max_ns = now - due;
		inject_frame(binding, sequence->next_frame++);
	}
	if (sequence->next_frame >= sequence->frames) {
		uint32_t frames = sequence->frames;
		uint64_t late = sequence->late_max_ns;

		sequence_stop(sequence);
		gp_test_send_sequence_done(binding->resource, sequence->token, frames,
					   late > UINT32_MAX ? UINT32_MAX : (uint32_t)late);
	}
	return 0;
}

static struct gp_sequence *
sequence_of(struct gp_binding *binding)
{
	if (!binding->sequence) {
		binding->sequence = calloc(1, sizeof *binding->sequence);
		if (!binding->sequence)
			return NULL;
		binding->sequence->timer_fd = -1;
	}
	return binding->sequence;
}

void
gp_sequence_touch(struct wl_client *client, struct wl_resource *resource, uint32_t frame,
		    uint32_t kind, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	struct gp_sequence *sequence = sequence_of(wl_resource_get_user_data(resource));

	(void)client;
	if (!sequence) {
		wl_resource_post_no_memory(resource);
		return;
	}
	if (sequence->playing) {
		wl_resource_post_error(resource, GP_TEST_ERROR_SEQUENCE_BUSY, "the sequence is playing");
		return;
	}
	if (sequence->count == sequence->capacity) {
		size_t capacity = sequence->capacity ? sequence->capacity * 2 : 256;
		struct gp_sequence_entry *grown =
			realloc(sequence->entries, capacity * sizeof *grown);

		if (!grown) {
			wl_resource_post_no_memory(resource);
			return;
		}
		sequence->entries = grown;
		sequence->capacity = capacity;
	}
	sequence->entries[sequence->count++] = (struct gp_sequence_entry){
		.frame = frame, .kind = kind, .id = id, .x = x, .y = y,
	};
	if (frame + 1 > sequence->frames)
		sequence->frames = frame + 1;
}

void
gp_sequence_play(struct wl_client *client, struct wl_resource *resource, uint32_t token,
		   uint32_t period_ns)
{
	struct gp_binding *binding = wl_resource_get_user_data(resource);
	struct gp_sequence *sequence = sequence_of(binding);
	struct wl_event_loop *loop;
	struct itimerspec spec;

	(void)client;
	if (!sequence) {
		wl_resource_post_no_memory(resource);
		return;
	}
	if (sequence->playing) {
		wl_resource_post_error(resource, GP_TEST_ERROR_SEQUENCE_BUSY, "the sequence is playing");
		return;
	}
	if (sequence->count == 0 || period_ns == 0) {
		gp_test_send_sequence_done(resource, token, 0, 0);
		sequence_stop(sequence);
		return;
	}
	/* Sorted by frame, entries of a frame in the order they came. */
	for (size_t i = 1; i < sequence->count; i++) {
		if (sequence->entries[i].frame < sequence->entries[i - 1].frame) {
			qsort(sequence->entries, sequence->count, sizeof *sequence->entries,
			      entry_order);
			break;
		}
	}
	sequence->token = token;
	sequence->period_ns = period_ns;
	sequence->start_ns = now_ns() + period_ns;
	sequence->next_frame = 0;
	sequence->next_entry = 0;
	sequence->late_max_ns = 0;
	sequence->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (sequence->timer_fd < 0) {
		wl_resource_post_no_memory(resource);
		return;
	}
	spec.it_value.tv_sec = (time_t)(sequence->start_ns / 1000000000u);
	spec.it_value.tv_nsec = (long)(sequence->start_ns % 1000000000u);
	spec.it_interval.tv_sec = (time_t)(period_ns / 1000000000u);
	spec.it_interval.tv_nsec = (long)(period_ns % 1000000000u);
	timerfd_settime(sequence->timer_fd, TFD_TIMER_ABSTIME, &spec, NULL);
	loop = wl_display_get_event_loop(binding->module->compositor->wl_display);
	sequence->source = wl_event_loop_add_fd(loop, sequence->timer_fd, WL_EVENT_READABLE,
						sequence_tick, binding);
	sequence->playing = true;
}

void
gp_trace_fini(struct gp_module *module)
{
	free(module->trace);
	module->trace = NULL;
	module->trace_count = module->trace_capacity = 0;
	module->tracing = false;
}
