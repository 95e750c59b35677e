// Interposes glibc's allocation entry points from inside the executable: an executable's
// definitions take precedence over libc's for every shared library (the Swift runtime
// included), so no LD_PRELOAD is needed. Each call is counted and forwarded to glibc's own
// implementation (its memory is released by glibc's free, which stays as it is).
#include "AllocationCounter.h"

#include <errno.h>
#include <execinfo.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static unsigned long count;
static int tracing;
static int inTrace;

unsigned long allocation_count(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }

void allocation_trace(int on) { tracing = on; }

void allocation_probe_exit(int status) { exit(status); }

static void note(void) {
  __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
  if (tracing && !inTrace) {
    // backtrace() itself may allocate the first time (it loads libgcc_s): not traced.
    inTrace = 1;
    void *frames[16];
    int depth = backtrace(frames, 16);
    backtrace_symbols_fd(frames, depth, STDERR_FILENO);
    ssize_t written = write(STDERR_FILENO, "----\n", 5);
    (void)written;
    inTrace = 0;
  }
}

void *malloc(size_t size) {
  note();
  return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
  note();
  return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
  note();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  note();
  void *pointer = __libc_memalign(alignment, size);
  if (!pointer) return ENOMEM;
  *out = pointer;
  return 0;
}
