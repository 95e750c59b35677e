#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Heap allocations (malloc, calloc, realloc, memalign, aligned_alloc, posix_memalign) made
/// by the whole process since it started.
unsigned long allocation_count(void);

/// While `on` is non-zero, prints a backtrace to stderr for every allocation (diagnostics).
void allocation_trace(int on);

/// Ends the process with `status` (the probe imports no C library module).
_Noreturn void allocation_probe_exit(int status);

#endif
